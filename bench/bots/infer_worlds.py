#!/usr/bin/env python3
"""What the inference does inside a search: the worlds it deals again, and what reading the log costs.

    CARDROOM_SEARCH_CLOCK=cpu python bench/bots/infer_worlds.py --model heuristic --games 20 --seed 1
    CARDROOM_SEARCH_CLOCK=cpu python bench/bots/infer_worlds.py --game tacocat --cut 8 --model ismcts --games 8 --twin

Plays two-player Exploding Kittens (or --game), ``ismcts:ms=MS,infer=MODEL`` against ``ismcts:ms=MS``
(both with ``cut=CUT`` when given; seats swapped every other game), and prints over every decision of
the inferring bot that searched: observations read from the log, worlds dealt, the share rejected (dealt
again), the share kept at the cap (the likeliest of ``MAX_TRIES``), playouts per decision (with --twin,
also the plain search's at the same decisions), and the time to read the evidence.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from cardroom.arena.match import play_game
from cardroom.bots import make_bot
from cardroom.bots.fast_ismcts import INFER, evidence_of
from cardroom.core.registry import make


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="exploding-kittens", help="a game with an evidence reader (two players)")
    ap.add_argument("--model", default="heuristic", choices=INFER[1:])
    ap.add_argument("--cut", type=int, default=0, help="both bots' cut (0: playouts to the end)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--ms", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--twin", action="store_true",
                    help="also run the plain search at each decision with evidence (its answer unused), "
                         "to compare playouts at the same decisions")  # fmt: skip
    args = ap.parse_args()
    game = make(args.game, **({"players": 2} if args.game != "tacocat" else {}))
    read = evidence_of(game)
    if read is None:
        ap.error(f"{args.game} has no evidence reader")
    plain = f"ismcts:ms={args.ms}" + (f",cut={args.cut}" if args.cut else "")
    bot = make_bot(f"{plain},infer={args.model}", game)
    twin = make_bot(plain, game)
    twins: list[tuple[int, int]] = []  # (inferring, plain) playouts at the same decision
    rows: list[tuple[int, int, int, int, int, float]] = []
    read_ms: list[float] = []
    choose = bot.choose

    def watched(game: Any, view: Mapping[str, Any], rng: random.Random) -> str:
        start = time.perf_counter()
        found = read(view, args.model)
        read_ms.append(1000 * (time.perf_counter() - start))
        answer = choose(game, view, rng)
        last = bot.last  # type: ignore[attr-defined]
        if last.iterations:
            rows.append((int(found[0]), last.dealt, last.rejected, last.capped, last.iterations, last.seconds))
            if args.twin and found[0] > 0:
                twin.choose(game, view, random.Random(len(twins)))
                twins.append((last.iterations, twin.last.iterations))  # type: ignore[attr-defined]
        return answer

    bot.choose = watched  # type: ignore[method-assign]
    wins = 0
    for g in range(args.games):
        other = make_bot(plain, game)
        bots = [bot, other] if g % 2 == 0 else [other, bot]
        rngs = [random.Random(args.seed * 7919 + g * 2 + s) for s in range(2)]
        end, _ = play_game(game, bots, args.seed * 100_003 + g // 2, rngs)
        outcome = end.outcome
        wins += outcome is not None and list(outcome.winners) == [g % 2]
    informed = [r for r in rows if r[0] > 0]
    dealt = sum(r[1] for r in rows)
    rejected = sum(r[2] for r in rows)
    capped = sum(r[3] for r in rows)
    print(f"{args.game}, {args.games} games, {plain}, model {args.model}; the inferring bot won {wins}")
    print(f"decisions searched: {len(rows)}, with evidence: {len(informed)} "
          f"(median observations {statistics.median(r[0] for r in informed) if informed else 0})")  # fmt: skip
    print(f"worlds dealt {dealt}: rejected {rejected} ({rejected / max(dealt, 1):.1%}), kept at the cap {capped} "
          f"({capped / max(dealt - rejected + capped, 1):.2%} of the worlds kept)")  # fmt: skip
    print(f"playouts per decision: median {statistics.median(r[4] for r in rows):.0f} overall, "
          f"{statistics.median(r[4] for r in informed) if informed else 0:.0f} with evidence")  # fmt: skip
    if twins:
        ratio = statistics.median(a / max(b, 1) for a, b in twins)
        print(f"at {len(twins)} decisions with evidence: playouts median {statistics.median(a for a, _ in twins):.0f} "
              f"inferring, {statistics.median(b for _, b in twins):.0f} plain; median ratio {ratio:.2f}")  # fmt: skip
    print(f"reading the log: median {statistics.median(read_ms):.2f} ms, max {max(read_ms):.2f} ms a decision")


if __name__ == "__main__":
    main()
