#!/usr/bin/env python3
"""The kernel's ISMCTS against the reference ISMCTS at the same time per decision, duplicate games.

    python bench/bots/fast_strength.py [--games 200] [--ms 1000] [--game tacocat] [--players N]

Each seed is played twice with the seats swapped (duplicate games), so the deal's luck cancels. Both
bots run the same search with the same settings; ``ismcts`` runs it on the game's compiled kernel,
``ismcts-ref`` on the reference engine, so the difference is what the extra playouts buy. Prints the
kernel search's share of the games won with a Wilson 95% interval. The issue's bar: at least 60% of
2,000 Tacocat games at 1 s a decision, 55% of 2,000 two-player Exploding Kittens games
(``--game exploding-kittens --players 2``); those runs take days of one core, so run fewer games or a
smaller ``--ms`` and say so.
"""

from __future__ import annotations

import argparse
import time

from _common import play, wilson  # bench/bots/_common.py: this script runs from bench/
from rich.progress import Progress

import cardroom
from cardroom.bots.specs import make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games in all, an even number (default 200)")
    parser.add_argument("--ms", type=float, default=1000, help="milliseconds per decision (default 1000)")
    parser.add_argument("--game", default="tacocat")
    parser.add_argument("--players", type=int, default=None, help="players, for games that take a number")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    game = cardroom.make(args.game, **({} if args.players is None else {"players": args.players}))
    fast = make_bot(f"ismcts:ms={args.ms:g}", game)
    ref = make_bot(f"ismcts-ref:ms={args.ms:g}", game)
    print(f"{fast.name} ({type(fast).__name__}) against {ref.name}, {args.games} duplicate games of {args.game}")
    wins = 0.0
    start = time.perf_counter()
    with Progress(transient=True) as progress:
        task = progress.add_task("games", total=args.games)
        for i in range(args.games):
            seed = args.seed + i // 2
            seat = i % 2  # the same deal twice, the kernel's search in each seat once
            bots = (fast, ref) if seat == 0 else (ref, fast)
            outcome = play(game, bots, seed=seed)
            if seat in outcome.winners:
                wins += 1 / len(outcome.winners)
            progress.advance(task)
            if not progress.console.is_terminal and (i + 1) % 20 == 0:  # a log file sees the tally grow
                print(f"  {i + 1} games: the kernel search won {wins:g}", flush=True)
    low, high = wilson(wins, args.games)
    print(f"kernel ISMCTS won {wins:g}/{args.games} = {wins / args.games:.1%} "
          f"(Wilson 95%: {low:.1%} to {high:.1%}); {time.perf_counter() - start:.0f} s")  # fmt: skip


if __name__ == "__main__":
    main()
