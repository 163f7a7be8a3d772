"""T.A.C.O. bot strength: the heuristic bot against three random bots at 4 players, seats rotated.

    python bench/bots/taco_bots.py [GAMES] [--players N]

Prints the heuristic bot's win rate (ties for first count as wins) with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import random
import time

import cardroom
from cardroom.arena.stats import wilson
from cardroom.bots.uniform import RandomBot
from cardroom.core.bot import Bot
from cardroom.games.taco.bot import HeuristicBot


def play(game: cardroom.Game, bots: list[Bot], seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    state = game.new_game(seed)
    while not state.is_over:
        seat = state.to_act[0]
        view = state.view(seat)
        state = state.apply(seat, bots[seat].choose(game, view, rng))
    assert state.outcome is not None
    return state.outcome.winners


def main(games: int = 2000, players: int = 4) -> None:
    game = cardroom.make("taco", players=players)
    wins = 0
    start = time.time()
    for i in range(games):
        hero = i % players  # rotate the seat
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        bots[hero] = HeuristicBot()
        if hero in play(game, bots, 10_000 + i):
            wins += 1
    low, high = wilson(wins, games)
    took = time.time() - start
    print(
        f"taco heuristic vs {players - 1} random, {games} games: wins {wins} = {wins / games:.1%} "
        f"(Wilson 95%: {low:.1%}-{high:.1%}); {took:.0f}s"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="?", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(2, 9),
        metavar="N",
        help="seats, 2 to 8 (default 4): the heuristic against N-1 random bots",
    )
    args = parser.parse_args()
    if args.games < 1:
        parser.error("games must be at least 1")
    main(args.games, args.players)
