#!/usr/bin/env python3
"""Tacocat's heuristic bot against the random bot: win rate over many games, seats alternated.

    python bench/bots/tacocat_bots.py [--games 1000] [--preset official]
    python bench/bots/tacocat_bots.py --versus 5782503 [--games 8000] [--blocks 4]

Prints the heuristic bot's win rate with a Wilson 95% interval. The bar it must clear: 90%.
``--versus REV``: today's heuristic against the heuristic of git revision REV (its ``bot.py`` read with
``git show``), seats alternated, each of ``--blocks`` blocks of seeds reported on its own.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from _common import heuristic_at, play, versus, wilson  # bench/bots/_common.py: this script runs from bench/
from rich.console import Console
from rich.progress import Progress

import cardroom
from cardroom.bots.uniform import RandomBot
from cardroom.games.tacocat.bot import HeuristicBot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--preset", default="official")
    parser.add_argument("--versus", metavar="REV", help="play today's heuristic against the one at git revision REV")
    parser.add_argument("--blocks", type=int, default=4, help="seed blocks of --versus, each reported on its own")
    args = parser.parse_args()
    game = cardroom.make("tacocat", preset=args.preset)
    if args.versus:
        try:
            before = heuristic_at(args.versus, "tacocat")
        except subprocess.CalledProcessError as e:
            sys.exit(f"cannot read the heuristic at {args.versus!r}: {e.stderr.strip()}")
        versus(game, HeuristicBot, before, f"tacocat ({args.preset}), against {args.versus}", args.games,
               args.blocks, 7_000_003)  # fmt: skip
        return
    heuristic, rand = HeuristicBot(), RandomBot()
    wins = 0
    with Progress(transient=True) as progress:
        task = progress.add_task("heuristic vs random", total=args.games)
        for i in range(args.games):
            seat = i % 2  # alternate seats so neither side keeps YAY's or WOW's position
            bots = (heuristic, rand) if seat == 0 else (rand, heuristic)
            outcome = play(game, bots, seed=i)
            wins += seat in outcome.winners
            progress.advance(task)
    low, high = wilson(wins, args.games)
    Console().print(
        f"tacocat ({args.preset}): heuristic beat random in {wins}/{args.games} games = "
        f"{wins / args.games:.1%} (Wilson 95%: {low:.1%} to {high:.1%})"
    )


if __name__ == "__main__":
    main()
