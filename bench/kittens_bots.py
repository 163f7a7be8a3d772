"""Exploding Kittens: the heuristic bot against the random bot, with Wilson 95% intervals.

    python bench/kittens_bots.py [--games 2000] [--preset classic]
    python bench/kittens_bots.py --versus 5782503 [--games 2000] [--blocks 4]

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
import types
from pathlib import Path

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


def heuristic_at(revision: str) -> type[Bot]:
    """The ``HeuristicBot`` class of ``kittens/bot.py`` as it was at a git revision."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(["git", "show", f"{revision}:src/cardroom/games/kittens/bot.py"], cwd=root,
                            capture_output=True, text=True, check=True).stdout  # fmt: skip
    module = types.ModuleType(f"kittens_bot_at_{revision}")
    exec(compile(source, f"{revision}:kittens/bot.py", "exec"), module.__dict__)
    cls: type[Bot] = module.HeuristicBot
    return cls


def versus(revision: str, games: int, blocks: int, preset: str) -> None:
    """Today's heuristic against the one at ``revision``: wins per block of seeds, then in all."""
    game = cardroom.make("exploding-kittens", preset=preset, players=2)
    before = heuristic_at(revision)
    size = games // blocks
    total = 0
    start = time.perf_counter()
    for block in range(blocks):
        wins = 0
        for i in range(block * size, (block + 1) * size):
            bots: list[Bot] = [before(), before()]
            bots[i % 2] = HeuristicBot()
            wins += (i % 2) in play(game, bots, 7_000_003 + i)
        total += wins
        low, high = wilson(wins, size)
        print(f"  block {block + 1}: today's heuristic wins {wins}/{size} = {wins / size:.1%} (95% CI {low:.1%}-{high:.1%})")
    low, high = wilson(total, size * blocks)
    print(f"{preset} 2 players: today's heuristic against the heuristic at {revision}: wins {total}/{size * blocks} = "
          f"{total / (size * blocks):.1%} (95% CI {low:.1%}-{high:.1%}) in {time.perf_counter() - start:.1f}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--versus", metavar="REV", help="play today's heuristic against the one at git revision REV")
    parser.add_argument("--blocks", type=int, default=4, help="seed blocks of --versus, each reported on its own")
    args = parser.parse_args()
    if args.versus:
        try:
            versus(args.versus, args.games, args.blocks, args.preset)
        except subprocess.CalledProcessError as e:
            sys.exit(f"cannot read the heuristic at {args.versus!r}: {e.stderr.strip()}")
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
