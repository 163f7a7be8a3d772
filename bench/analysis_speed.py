#!/usr/bin/env python3
"""Analysis speed: the time to analyse one seat's whole game, at the stated precision, on one core.

    nice -n 10 python bench/analysis_speed.py [--games 3] [--precision 5] [--only tacocat]

Games are the heuristic bot against itself (seeded, so every run analyses the same games); seat 0 is
analysed with the default settings of ``cardroom analyse`` (95% interval on each loss of +-5 points,
at most 192 imagined worlds a decision). Printed per game: seconds, decisions, playouts, the share of
decisions whose loss interval reached the precision (width <= 10 points) and the stricter share
whose interval is at most 5 points wide. Timings depend on the machine's load: the script also
measures plain heuristic playouts per second from similar positions in the same run, and prints each
game's playouts divided by that rate (the time the analysis's playouts take at the engine's measured
pace; the analysis adds little beyond its playouts). The number of playouts does not depend on the
machine: the same seeds give the same counts everywhere.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardroom
from cardroom.analysis import Precision, analyse_game
from cardroom.analysis.evaluate import heuristic_actions, score
from cardroom.bots.policy import make_policy
from cardroom.core.game import Game

SETTINGS = {
    "tacocat": ("Tacocat", {}, 10.0),
    "exploding-kittens": ("Exploding Kittens, 2 players", {"players": 2}, 20.0),
}


def playout_rate(game: Game, games: int = 3, per_position: int = 10) -> float:
    """Heuristic playouts per second from the positions an analysis starts from (every fifth decision
    of seat 0 in seeded games): the engine's pace on this machine under its load right now."""
    policy = make_policy(game, "heuristic")
    positions = []
    for seed in range(101, 101 + games):
        state = game.new_game(seed)
        for k, (seat, text) in enumerate(heuristic_actions(game, seed)):
            if k % 5 == 0 and seat == 0:
                positions.append(state)
            state = state.apply(seat, text)
    start, n = time.perf_counter(), 0
    for i, state in enumerate(positions):
        for j in range(per_position):
            score(game, state, 0, policy, random.Random(i * per_position + j))
            n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--precision", type=float, default=5.0, help="half-width in points (default 5)")
    parser.add_argument("--only", choices=sorted(SETTINGS))
    args = parser.parse_args()
    precision = Precision(half_width=args.precision / 100)
    for name, (label, options, target) in SETTINGS.items():
        if args.only and name != args.only:
            continue
        game = cardroom.make(name, **options)
        rate = playout_rate(game)
        print(f"{label}: target {target:.0f} s a game; heuristic playouts/s on this machine now: {rate:.0f}")
        times = []
        for seed in range(1, args.games + 1):
            actions = heuristic_actions(game, seed)
            a = analyse_game(game, seed, actions, 0, precision=precision)
            widths = [d.estimate.loss_interval[1] - d.estimate.loss_interval[0] for d in a.decisions]
            ok = sum(w <= 2 * precision.half_width + 1e-9 for w in widths)
            strict = sum(w <= precision.half_width + 1e-9 for w in widths)
            times.append(a.seconds)
            print(f"  game {seed}: {a.seconds:5.1f} s ({a.playouts / rate:5.1f} s at the rate above)  "
                  f"{len(a.decisions):3d} decisions  {a.playouts:6d} playouts  "
                  f"+-{args.precision:g} reached {ok}/{len(widths)}  width<={args.precision:g} {strict}/{len(widths)}  "
                  f"| {a.summary()}")
        print(f"  median {statistics.median(times):.1f} s (target {target:.0f} s)")


if __name__ == "__main__":
    main()
