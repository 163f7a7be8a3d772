#!/usr/bin/env python3
"""What a shown Tacocat duel card tells the expert about the other hand, read two ways.

    python bench/bots/tacocat_duel_evidence.py --games 40 --seed 101

Plays Tacocat with the plain search (``--spec``, the expert's opponent in the strength rows and the
player the duel model was fitted to) in seat 1 and ``--me`` in seat 0. At every decision of seat 0 where
the other has shown at least one duel card this round, it deals ``--worlds`` worlds of what seat 0
cannot see (the expert's dealing, the other's face-down duel card included) and weighs each world by
the expert's evidence (``infer=ismcts``) read three ways: not at all, with a shown duel card judged by the
heuristic's "always the highest" and its measured miss (the expert before the duel model read it so),
and with the duel model's odds of that card from that hand (the expert now). It scores how much weight
each reading gives the other's true hidden cards: per value 1 to 12, the log of the weighted share of
worlds holding exactly the true count (higher is better), and the squared gap between the weighted mean
count and the true count (lower is better); the effective number of worlds the weights leave, and the
mean weight (the share of worlds the search's rejection keeps on their first deal). Then what each
reading costs the search there: ``--imagine`` worlds kept by the search's own rejection sampler
(``imagine``) per reading, with the worlds it dealt for each kept one, the share kept as the likeliest
at its cap, and the CPU microseconds a kept world (the process's clock: read it beside the other
reading's, measured in the same run).
Printed per block of ``--block`` games, so one lucky block shows as one.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.core.compiled_random import mix
from cardroom.core.registry import make
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_model as km
from cardroom.games.tacocat import kernel_search as ks
from cardroom.games.tacocat.evidence import evidence
from cardroom.games.tacocat.kernel_codec import config, encode
from cardroom.games.tacocat.kernel_evidence import O_DUEL, WIDTH
from cardroom.games.tacocat.kernel_search import SEARCH

READINGS = ("none", "highest-or-miss", "duel model")
Floats = npt.NDArray[np.float64]


def hidden(s: npt.NDArray[np.int64], seat: int) -> npt.NDArray[np.int64]:
    """Counts of values 1..12 the seat holds unseen by the other: its hand and face-down duel card."""
    counts = s[k.HAND + 12 * seat : k.HAND + 12 * seat + 12].copy()
    if s[k.PICK + seat] > 0:
        counts[s[k.PICK + seat] - 1] += 1
    return counts


Score = tuple[float, float, float, float]


def score(worlds: npt.NDArray[np.int64], truth: npt.NDArray[np.int64], w: Floats) -> Score:
    """Mean over values of log(weighted share holding the true count), the summed squared gap of the
    weighted mean counts, the effective number of worlds, and the mean weight (the share of dealt worlds
    the search's rejection keeps on their first deal)."""
    p = w / w.sum()
    hits = (worlds == truth[None, :]).astype(np.float64)
    share = np.clip(p @ hits, 1e-9, 1.0)
    mean = p @ worlds
    return float(np.log(share).mean()), float(((mean - truth) ** 2).sum()), float(1.0 / (p**2).sum()), float(w.mean())


def dealing(base: npt.NDArray[np.int64], cfg: npt.NDArray[np.int64], found: Floats, n: int, seed: int) -> Floats:
    """Kept worlds, worlds dealt, worlds kept at the cap and CPU seconds of ``n`` calls of the search's
    ``imagine`` (rejection sampling with the evidence ``found``)."""
    rng, world_rng = np.array([mix(seed, 1)], np.int64), np.zeros(1, np.int64)
    tally, world = np.zeros(3, np.int64), base.copy()
    start = time.process_time()
    for i in range(n):
        world_rng[0] = mix(seed, i + 2)
        SEARCH.imagine(world, base, cfg, 0, found, rng, world_rng, tally)
    return np.array([n, tally[0], tally[2], time.process_time() - start], np.float64)


def measure(state: Any, n: int, imagine: int, rng_seed: int) -> tuple[tuple[Score, ...], list[Floats]] | None:
    view = state.view(0)
    view["log"] = state.log(0)
    found = evidence(view, "ismcts")
    count = int(found[0]) if len(found) else 0
    if not any(int(found[1 + WIDTH * i]) == O_DUEL for i in range(count)):
        return None
    base, plain = encode(state), config(state.game)
    model = plain.copy()
    model[km.C_MODEL] = km.MODEL_READS
    rng = np.array([mix(rng_seed, 0)], np.int64)  # a xorshift32 state: 32 bits, never 0
    worlds = np.zeros((n, 12), np.int64)
    weights = np.zeros((len(READINGS), n))
    world = base.copy()
    for i in range(n):
        world[:] = base
        ks.determinize(world, model, 0, rng)
        worlds[i] = hidden(world, 1)
        weights[0, i] = 1.0
        weights[1, i] = ks.likelihood(world, plain, 0, found)
        weights[2, i] = ks.likelihood(world, model, 0, found)
    truth = hidden(base, 1)
    scores = tuple(score(worlds, truth, weights[r]) for r in range(len(READINGS)))
    return scores, [dealing(base, cfg, found, imagine, rng_seed) for cfg in (plain, model)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="ismcts:iterations=2000", help="seat 1: the player whose cards are read")
    ap.add_argument("--me", default="heuristic", help="seat 0: the reader's seat (its play only shapes positions)")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--block", type=int, default=10, help="games a block")
    ap.add_argument("--worlds", type=int, default=2000, help="worlds dealt at each position")
    ap.add_argument("--imagine", type=int, default=200, help="worlds the search's sampler keeps at each position")
    ap.add_argument("--seed", type=int, default=101)
    args = ap.parse_args()
    game = make("tacocat")
    bots = [make_bot(args.me, game), make_bot(args.spec, game)]
    blocks: list[list[tuple[Score, ...]]] = []
    costs = [np.zeros(4), np.zeros(4)]  # per reading that weighs: kept, dealt, capped, CPU seconds
    for g in range(args.games):
        if g % args.block == 0:
            blocks.append([])
        seed = args.seed * 1_000_003 + g
        state: Any = game.new_game(seed)
        rngs = [random.Random(seed * 2 + s) for s in range(2)]
        step = 0
        while not state.is_over:
            seat = state.to_act[0]
            if seat == 0:
                found = measure(state, args.worlds, args.imagine, g * 10_007 + step)
                if found is not None:
                    blocks[-1].append(found[0])
                    for total, part in zip(costs, found[1], strict=True):
                        total += part
            state = state.apply(seat, ask(bots[seat], state, seat, rngs[seat]))
            step += 1
        done = sum(len(b) for b in blocks)
        print(f"\rgame {g + 1}/{args.games}: {done} positions with a shown duel card", end="", file=sys.stderr)
    print(file=sys.stderr)
    print(f"seat 1 {args.spec}, seat 0 {args.me}, {args.worlds} worlds a position, seeds from {args.seed}")
    print("block | positions | " + " | ".join(f"{r}: log share, sq. gap, worlds, kept" for r in READINGS))
    for b, rows in enumerate([*blocks, [r for blk in blocks for r in blk]]):
        name = f"games {b * args.block + 1}-{min((b + 1) * args.block, args.games)}" if b < len(blocks) else "all"
        cells = []
        for r in range(len(READINGS)):
            logs, gaps, eff, kept = zip(*(row[r] for row in rows), strict=True) if rows else ((math.nan,),) * 4
            cells.append(f"{statistics.fmean(logs):.4f}, {statistics.fmean(gaps):.3f}, {statistics.median(eff):.0f}, "
                         f"{statistics.fmean(kept):.2f}")  # fmt: skip
        print(f"{name} | {len(rows)} | " + " | ".join(cells))
    print("the search's dealing | worlds kept | dealt a kept world | kept at the cap | CPU microseconds a kept world")
    for name, total in zip(READINGS[1:], costs, strict=True):
        worlds, dealt, capped, seconds = (float(x) for x in total)
        print(f"{name} | {worlds:.0f} | {dealt / worlds:.2f} | {capped / worlds:.1%} | {1e6 * seconds / worlds:.1f}")


if __name__ == "__main__":
    main()
