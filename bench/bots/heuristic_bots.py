#!/usr/bin/env python3
"""A game's heuristic bot against the uniform random bot, with Wilson 95% intervals.

    python bench/bots/heuristic_bots.py --game tacocat [--games 1000] [--preset official]
    python bench/bots/heuristic_bots.py --game kittens [--games 2000] [--preset classic]
    python bench/bots/heuristic_bots.py --game taco [--games 2000] [--players 4]
    python bench/bots/heuristic_bots.py --game kittens --versus 5782503 [--games 2000] [--blocks 4]

The heuristic bot plays one seat against random bots in the others, its seat rotating game by game
(alternating at two players). Each game's usual table sizes are measured (Tacocat 2; Exploding Kittens
2 and 4; T.A.C.O. 4) against the bar the heuristic must clear there, or the sizes ``--players`` names.

``--versus REV``: today's heuristic against the heuristic of git revision REV (its ``bot.py`` read with
``git show``, so a change to the bot can be measured against the bot before it), in two-player games
with the seats alternating, split into ``--blocks`` blocks of seeds so each block is a separate figure.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from _common import heuristic_at, play, versus, wilson  # bench/bots/_common.py: this script runs from bench/

import cardroom
from cardroom.bots.policy import heuristic_bot
from cardroom.bots.uniform import RandomBot
from cardroom.core.bot import Bot


@dataclass(frozen=True)
class Setup:
    """How one game is measured: its registered name, its package (for ``--versus``), the preset, the
    table sizes with the win rate the heuristic must reach at each (None: no bar), and the seeds."""

    name: str
    package: str
    preset: str | None
    tables: tuple[tuple[int, float | None], ...]
    games: int
    seed: Callable[[int, int], int]  # (players, game number) -> the game's seed


GAMES = {
    "tacocat": Setup("tacocat", "tacocat", "official", ((2, 0.90),), 1000, lambda players, i: i),
    "kittens": Setup("exploding-kittens", "kittens", "classic", ((2, 0.75), (4, 0.40)), 2000,
                     lambda players, i: 1_000_003 * (players + 1) + i),
    "taco": Setup("taco", "taco", None, ((4, None),), 2000, lambda players, i: 10_000 + i),
}  # fmt: skip


def make(setup: Setup, preset: str | None, players: int | None) -> cardroom.Game:
    options: dict[str, object] = {} if players is None or setup.name == "tacocat" else {"players": players}
    return cardroom.make(setup.name, preset=preset, **options)  # type: ignore[arg-type]


def measure(setup: Setup, game: cardroom.Game, games: int) -> int:
    """Games the heuristic won (a shared first place counts) of ``games``, its seat rotating."""
    players, wins = game.players, 0
    for i in range(games):
        hero = i % players
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        found = heuristic_bot(game)
        assert found is not None, f"{setup.name} has no heuristic bot"
        bots[hero] = found
        wins += hero in play(game, bots, setup.seed(players, i)).winners
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=sorted(GAMES), help="the game to measure")
    parser.add_argument("--games", type=int, help="games per table size (default: 1000 Tacocat, else 2000)")
    parser.add_argument("--preset", help="the preset (default: official Tacocat, classic Kittens, T.A.C.O.'s own)")
    parser.add_argument("--players", help="table sizes, comma-separated, instead of the game's usual ones")
    parser.add_argument("--versus", metavar="REV", help="play today's heuristic against the one at git revision REV")
    parser.add_argument("--blocks", type=int, default=4, help="seed blocks of --versus, each reported on its own")
    args = parser.parse_args()
    setup = GAMES[args.game]
    games = args.games or setup.games
    if games < 1:
        parser.error("--games must be at least 1")
    preset = args.preset or setup.preset
    label = f"{args.game} ({preset or 'default'})"
    if args.versus:
        try:
            before = heuristic_at(args.versus, setup.package)
        except subprocess.CalledProcessError as e:
            sys.exit(f"cannot read the heuristic at {args.versus!r}: {e.stderr.strip()}")
        game = make(setup, preset, 2)
        found = heuristic_bot(game)
        assert found is not None, f"{setup.name} has no heuristic bot"
        versus(game, type(found), before, f"{label} 2 players, against {args.versus}", games, args.blocks, 7_000_003)
        return
    tables = setup.tables if not args.players else tuple((int(n), None) for n in args.players.split(","))
    for players, floor in tables:
        start = time.perf_counter()
        game = make(setup, preset, players)
        wins = measure(setup, game, games)
        low, high = wilson(wins, games)
        target = (
            "" if floor is None else f"; target >= {floor:.0%}: {'ok' if wins / games >= floor else 'BELOW TARGET'}"
        )
        print(
            f"{label} {game.players} players: heuristic wins {wins}/{games} = {wins / games:.1%}"
            f" (95% CI {low:.1%}-{high:.1%}{target}) in {time.perf_counter() - start:.1f}s"
        )


if __name__ == "__main__":
    main()
