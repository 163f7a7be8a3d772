#!/usr/bin/env python3
"""Analysis speed: the time to analyse one seat's whole game, at the stated precision, on one core.

    nice -n 10 python bench/analysis/analysis_speed.py [--games 5] [--first-seed 1] [--precision 5]
                                              [--only tacocat] [--only taco] [--engine auto|kernel|reference]

Games are the heuristic bot against itself (seeded, so every run analyses the same games); seat 0 is
analysed with the default settings of ``cardroom analyse`` (95% interval on each loss of +-5 points;
the yardstick: the `hard` bot's search on the game's compiled kernel, or rollouts on the reference
engine with ``--engine reference``). Tacocat, two-player Exploding Kittens and four-player T.A.C.O.;
the kernel's one-off code load (or compile, on a cold cache) is timed apart, before the games.

Printed per game: seconds (wall, and CPU of this process: the machine is shared), decisions, playouts, the share of decisions whose loss interval reached
the precision (width <= 10 points for +-5), the median and widest interval, and the decomposition's
noise (95% half-widths of the start, the summed losses and the summed luck). Then the medians over
the games. The playout counts do not depend on the machine (same seeds, same counts); the seconds do,
so the script also measures, in the same run, the playouts the `hard` bot's search reaches in one
second of its thread's CPU from the same kind of positions (the pace of the machine under its load
right now). It ends with one table, every game it ran side by side (T.A.C.O. beside Tacocat and
Kittens): median CPU seconds a game against its target, intervals within the precision, the widest.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import time
from typing import Any

import cardroom
from cardroom.analysis import Precision, analyse_game
from cardroom.analysis.engines import ENGINES
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.core import search_clock
from cardroom.core.compiled_registry import compiled_kernel_of
from cardroom.core.game import Game

SETTINGS: dict[str, tuple[str, dict[str, Any], float]] = {
    "tacocat": ("Tacocat", {}, 10.0),
    "exploding-kittens": ("Exploding Kittens, 2 players", {"players": 2}, 20.0),
    "taco": ("T.A.C.O., 4 players", {"players": 4}, 30.0),
}


def search_pace(game: Game, games: int = 2) -> float:
    """Playouts a second of the `hard` bot's search (``ismcts:ms=1000``, the yardstick's search) from
    seat 0's decisions in seeded games (every fifth), its second counted on the searching thread's CPU
    clock (as ``strength --clock cpu``): what the `hard` bot reaches with a core to itself."""
    kernel = compiled_kernel_of(game)
    if kernel is None:
        return math.nan
    searcher, found = kernel.Searcher(game), list[float]()
    for seed in range(101, 101 + games):
        state = game.new_game(seed)
        for k, (seat, text) in enumerate(heuristic_actions(game, seed)):
            if k % 5 == 0 and seat == 0 and len(state.legal_actions(0)) > 1 and len(found) < 6:
                start = search_clock.now()
                result = searcher.search(
                    state.view(0), random.Random(k), kernel.Settings(iterations=None, deadline=start + 0.5)
                )
                found.append(result.iterations / (search_clock.now() - start))
            state = state.apply(seat, text)
    return float(statistics.median(found))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--precision", type=float, default=5.0, help="half-width in points (default 5)")
    parser.add_argument("--only", choices=sorted(SETTINGS), action="append", help="this game only (repeatable)")
    parser.add_argument("--first-seed", type=int, default=1, help="games FIRST-SEED to FIRST-SEED + GAMES - 1")
    parser.add_argument("--engine", choices=ENGINES, default="auto")
    args = parser.parse_args()
    search_clock.use("cpu")  # the pace below: the `hard` bot's second of CPU, whatever the load
    precision = Precision(half_width=args.precision / 100)
    target_width = 2 * precision.half_width + 1e-9
    table = [
        "| game (seat 0 of heuristic self-play) | games | CPU seconds a game: median (range) | target | met |"
        f" decisions within +-{args.precision:g} | widest interval | hard bot's playouts a CPU second |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, (label, options, target) in SETTINGS.items():
        if args.only and name not in args.only:
            continue
        game = cardroom.make(name, **options)
        kernel = compiled_kernel_of(game)
        load = time.perf_counter()
        if kernel is not None and args.engine != "reference":
            kernel.warm()  # load (or compile) the kernel's code
        load = time.perf_counter() - load
        rate = search_pace(game)
        print(
            f"{label}: engine {args.engine} (code load {load:.1f} s); target {target:.0f} s a game; "
            f"the hard bot's search: {rate:,.0f} playouts a CPU second"
        )
        times, cpus, shares, widths_all, noises = [], [], [], [], []
        for seed in range(args.first_seed, args.first_seed + args.games):
            actions = heuristic_actions(game, seed)
            cpu = time.process_time()
            a = analyse_game(
                game,
                seed,
                actions,
                0,
                precision=precision,
                engine=args.engine,
                analysis_seed=random.Random(seed).getrandbits(32),
            )
            widths = [d.estimate.loss_interval[1] - d.estimate.loss_interval[0] for d in a.decisions]
            ok = sum(w <= target_width for w in widths)
            cpu = time.process_time() - cpu
            times.append(a.seconds)
            cpus.append(cpu)
            shares.append(ok / max(1, len(widths)))
            widths_all += widths
            noises.append(a.luck_noise)
            print(
                f"  game {seed}: {a.seconds:5.1f} s ({cpu:5.1f} s of CPU; load {os.getloadavg()[0]:.1f}; {a.steps} steps)  {len(a.decisions):3d} decisions  {a.playouts:8,d} playouts  "
                f"+-{args.precision:g} reached {ok}/{len(widths)}  width median {100 * statistics.median(widths):4.1f}"
                f" max {100 * max(widths):4.1f} points  noise: start +-{100 * a.precision.z * a.start_se:.1f}, "
                f"losses +-{100 * a.loss_noise:.0f}, luck +-{100 * a.luck_noise:.0f}  | {a.summary()}"
            )
        widest = 100 * max(widths_all, default=0.0) / 2
        table.append(
            f"| {label} | {len(cpus)} | {statistics.median(cpus):.1f} ({min(cpus):.1f} to {max(cpus):.1f}) | "
            f"{target:.0f} | {'yes' if statistics.median(cpus) <= target else 'NO'} | "
            f"{sum(w <= target_width for w in widths_all)} of {len(widths_all)} | +-{widest:.1f} | {rate:,.0f} |"
        )
        print(
            f"  median over {len(times)} games: {statistics.median(times):.1f} s a game, "
            f"{statistics.median(cpus):.1f} s of CPU (target {target:.0f} s); "
            f"share of decisions within +-{args.precision:g}: median {100 * statistics.median(shares):.0f}%, "
            f"all games {100 * sum(w <= target_width for w in widths_all) / max(1, len(widths_all)):.0f}%; "
            f"interval width median {100 * statistics.median(widths_all):.1f} points; "
            f"luck noise median +-{100 * statistics.median(noises):.0f} points"
        )
    print(f"\nseeds {args.first_seed} to {args.first_seed + args.games - 1}, every game side by side:")
    print("\n".join(table))


if __name__ == "__main__":
    main()
