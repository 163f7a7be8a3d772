"""Exploding Kittens: the heuristic bot against the random bot, with Wilson 95% intervals.

    python bench/kittens_bots.py [--games 2000] [--preset classic]

Two players: the heuristic bot plays seat 0 in even games and seat 1 in odd ones. Four players: the
heuristic bot against three random bots, its seat rotating through all four.
"""

from __future__ import annotations

import argparse
import random
import time

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
    args = parser.parse_args()
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
