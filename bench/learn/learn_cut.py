#!/usr/bin/env python3
"""Does cutting playouts short with the learned value make the kernel search stronger?

    nice -n 5 python bench/learn/learn_cut.py --game tacocat --cut 8 --games 200 --jobs 2
    nice -n 5 python bench/learn/learn_cut.py --game exploding-kittens --cut 4 8 --games 200 --jobs 2

Two-player arena on duplicate deals (each deal played with the seats swapped): the compiled ISMCTS whose
playouts stop after ``cut`` steps off the trees and back up the shipped learned value
(``Settings.cut``/``weights`` of the kernel search), against the same search played to the end, both at
``--ms`` per decision (CPU clock). Prints the cut bot's share of the games with its Wilson 95% interval,
the decisions of each side, and the games with no single winner. The cut bot is ``ismcts:cut=N``.
"""

from __future__ import annotations

import argparse
import time

from cardroom.arena.config import ArenaConfig
from cardroom.arena.run import run_arena
from cardroom.arena.stats import seat_score, wilson
from cardroom.core import search_clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tacocat", choices=("tacocat", "exploding-kittens", "taco"))
    parser.add_argument("--cut", type=int, nargs="+", default=[8], help="steps off the trees before the cut")
    parser.add_argument("--games", type=int, default=200, help="games per cut (duplicate deals: an even number)")
    parser.add_argument("--ms", type=int, default=50, help="CPU milliseconds per decision, both bots")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--clock", choices=sorted(search_clock.CLOCKS), default="cpu",
                        help="what a decision's budget is counted on: the searching thread's CPU time (the default: "
                        "other work on a shared machine cannot thin either bot's playouts) or the wall clock")  # fmt: skip
    args = parser.parse_args()
    search_clock.use(args.clock)
    options = {"players": 2} if args.game != "tacocat" else {}
    for cut in args.cut:
        bots = (f"ismcts:ms={args.ms},cut={cut}", f"ismcts:ms={args.ms}")
        start = time.perf_counter()
        config = ArenaConfig(game=args.game, bots=bots, games=args.games, options=options, seed=args.seed,
                             jobs=args.jobs)  # fmt: skip
        records = run_arena(config).records
        share = draws = 0.0
        for r in records:
            cut_seat = r.seats.index(0)
            share += seat_score(r, cut_seat)
            draws += len(r.winners) != 1
        n = len(records)
        lo, hi = wilson(share, n)
        per = [sum(r.decisions[r.seats.index(b)] for r in records) for b in (0, 1)]
        print(f"{args.game} cut={cut} ms={args.ms} ({args.clock} clock) seed={args.seed}: cut bot {share:.1f}/{n} = {share / n:.1%} "
              f"(Wilson 95% {lo:.1%} to {hi:.1%}); decisions {per[0]} vs {per[1]}; no single winner {draws:.0f}; "
              f"{time.perf_counter() - start:.0f} s", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
