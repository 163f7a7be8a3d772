"""Exploding Kittens: the heuristic bot against the random bot, with Wilson 95% intervals.

    python bench/bots/kittens_bots.py [--games 2000] [--preset classic]
    python bench/bots/kittens_bots.py --versus 5782503 [--games 2000] [--blocks 4]

Two players: the heuristic bot plays seat 0 in even games and seat 1 in odd ones. Four players: the
heuristic bot against three random bots, its seat rotating through all four.

``--versus REV``: today's heuristic against the heuristic of git revision REV (its ``bot.py`` read with
``git show``, so a change to the bot can be measured against the bot before it), in two-player games
with the seats alternating, split into ``--blocks`` blocks of seeds so each block is a separate figure.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time

from _common import heuristic_at, versus  # bench/bots/_common.py: this script runs from bench/

import cardroom
from cardroom.arena.stats import wilson
from cardroom.bots.uniform import RandomBot
from cardroom.core.bot import Bot
from cardroom.games.kittens.bot import HeuristicBot


def play(game: cardroom.Game, bots: list[Bot], seed: int) -> tuple[int, ...]:
    state = game.new_game(seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        state = state.apply(seat, bots[seat].choose(game, state.view(seat), rng))
    assert state.outcome is not None
    return state.outcome.winners


def measure(players: int, games: int, preset: str) -> tuple[int, int]:
    game = cardroom.make("exploding-kittens", preset=preset, players=players)
    wins = 0
    for i in range(games):
        hero = i % players
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        bots[hero] = HeuristicBot()
        if hero in play(game, bots, 1_000_003 * (players + 1) + i):
            wins += 1
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--versus", metavar="REV", help="play today's heuristic against the one at git revision REV")
    parser.add_argument("--blocks", type=int, default=4, help="seed blocks of --versus, each reported on its own")
    args = parser.parse_args()
    if args.versus:
        try:
            before = heuristic_at(args.versus, "kittens")
        except subprocess.CalledProcessError as e:
            sys.exit(f"cannot read the heuristic at {args.versus!r}: {e.stderr.strip()}")
        game = cardroom.make("exploding-kittens", preset=args.preset, players=2)
        versus(game, HeuristicBot, before, f"{args.preset} 2 players, against {args.versus}", args.games,
               args.blocks, 7_000_003)  # fmt: skip
        return
    for players, floor in ((2, 0.75), (4, 0.40)):
        start = time.perf_counter()
        wins, n = measure(players, args.games, args.preset)
        low, high = wilson(wins, n)
        verdict = "ok" if wins / n >= floor else "BELOW TARGET"
        print(
            f"{args.preset} {players} players: heuristic wins {wins}/{n} = {wins / n:.1%}"
            f" (95% CI {low:.1%}-{high:.1%}; target >= {floor:.0%}: {verdict})"
            f" in {time.perf_counter() - start:.1f}s"
        )


if __name__ == "__main__":
    main()
