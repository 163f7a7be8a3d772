#!/usr/bin/env python3
"""The expert's model of how the compiled search lays its Tacocat duel cards (``duels=ismcts``).

    python bench/bots/tacocat_duel_model.py                 # the shipped odds: print them and their fit
    python bench/bots/tacocat_duel_model.py --write         # ... and write them into kernel_model.py

Plays Tacocat with the model's bot (``--spec``, an ``iterations`` budget so a run repeats exactly) in
both seats, each seat on its own generator from the seed, and records every duel where the seat had a
choice: its hand and the card it laid. Per seed it stops after ``--stop-after`` such duels (the shipped
odds come from a first run stopped by hand after 786 and 784 duels of seeds 7 and 8; the defaults replay
exactly that run). Then it fits a conditional logit over the distinct values of each hand: a weight per
value, one for the highest value, one for the lowest and one for a value held twice or more (numpy,
full-batch gradient ascent from zero with a small L2 penalty: a convex fit, so the odds come out the same
on every machine to the two decimals shipped). It prints the log loss a duel on a held-out fifth next to
a uniform choice and the heuristic's "always the highest", then the odds fitted on every duel.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.bots.specs import make_bot
from cardroom.core.bot import ask
from cardroom.core.registry import make

MODEL = Path(__file__).resolve().parents[2] / "src/cardroom/games/tacocat/kernel_model.py"
FEATURES = 15  # one per value 1..12, then highest, lowest, held twice or more
Duel = tuple[list[int], int]  # the hand, the card laid
Floats = npt.NDArray[np.float64]


def duels(spec: str, seed: int, stop_after: int) -> list[Duel]:
    """The first ``stop_after`` duels with a choice in games of ``spec`` against itself from ``seed``."""
    game = make("tacocat")
    bots = [make_bot(spec, game), make_bot(spec, game)]
    found: list[Duel] = []
    g = 0
    while len(found) < stop_after:
        rngs = [random.Random(seed * 1_000_003 + g * 2 + s) for s in range(2)]
        state: Any = game.new_game(seed * 1_000_003 + g)
        while not state.is_over and len(found) < stop_after:
            seat = state.to_act[0]
            text = ask(bots[seat], state, seat, rngs[seat])
            if str(state.phase) == "duel" and len(state.legal_actions(seat)) > 1:
                found.append((list(state.view(seat)["hand"]), int(text.split()[1])))
            state = state.apply(seat, text)
        g += 1
        print(f"\rseed {seed}: {len(found)}/{stop_after} duels, {g} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return found


def choices(hand: list[int]) -> tuple[list[int], Floats]:
    """The values one may lay from ``hand`` and the features of each."""
    values = sorted(set(hand))
    x = np.zeros((len(values), FEATURES))
    for i, v in enumerate(values):
        x[i, v - 1] = 1.0
        x[i, 12] = v == values[-1]
        x[i, 13] = v == values[0]
        x[i, 14] = hand.count(v) >= 2
    return values, x


def log_loss(theta: Floats, data: list[tuple[Floats, int]]) -> float:
    total = 0.0
    for x, y in data:
        z = x @ theta
        total += float(np.log(np.exp(z[y] - z.max()) / np.exp(z - z.max()).sum()))
    return -total / len(data)


def fit(data: list[tuple[Floats, int]], l2: float = 0.01, steps: int = 1500, rate: float = 0.5) -> Floats:
    theta = np.zeros(FEATURES)
    for _ in range(steps):
        grad = -l2 * theta
        for x, y in data:
            z = x @ theta
            p = np.exp(z - z.max())
            grad += x[y] - (p / p.sum()) @ x
        theta += rate * grad / len(data)
    return theta


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", default="ismcts:iterations=2000", help="the bot whose duels are modelled")
    ap.add_argument("--seeds", type=int, nargs="+", default=[7, 8])
    ap.add_argument("--stop-after", type=int, nargs="+", default=[786, 784], help="duels per seed")
    ap.add_argument("--write", action="store_true", help="write the odds into kernel_model.py")
    args = ap.parse_args()
    if len(args.stop_after) != len(args.seeds):
        ap.error("give one --stop-after per seed")
    data = []
    for seed, stop in zip(args.seeds, args.stop_after):
        for hand, card in duels(args.spec, seed, stop):
            values, x = choices(hand)
            data.append((x, values.index(card)))
    order = np.random.default_rng(0).permutation(len(data))
    train = [data[i] for i in order[: len(data) * 4 // 5]]
    test = [data[i] for i in order[len(data) * 4 // 5 :]]
    held_out = log_loss(fit(train), test)
    uniform = float(np.mean([np.log(len(x)) for x, _ in test]))
    highest = float(np.mean([x[y, 12] for x, y in test]))
    print(f"{len(data)} duels; held-out log loss a duel: model {held_out:.3f}, uniform {uniform:.3f}; "
          f"the highest card laid in {highest:.1%} of the held-out duels (the heuristic's choice)")  # fmt: skip
    theta = np.round(fit(data), 2)
    value = "VALUE_LOGIT = np.array([" + ", ".join(f"{t:.2f}" for t in theta[:12]) + "])"
    rest = f"HIGHEST_LOGIT, LOWEST_LOGIT, PAIR_LOGIT = {theta[12]:.2f}, {theta[13]:.2f}, {theta[14]:.2f}"
    print(value, rest, sep="\n")
    if args.write:
        text = MODEL.read_text()
        text = re.sub(r"^VALUE_LOGIT = .*$", value, text, count=1, flags=re.M)
        text = re.sub(r"^HIGHEST_LOGIT, LOWEST_LOGIT, PAIR_LOGIT = .*$", rest, text, count=1, flags=re.M)
        MODEL.write_text(text)
        print(f"wrote the odds into {MODEL.name}")


if __name__ == "__main__":
    main()
