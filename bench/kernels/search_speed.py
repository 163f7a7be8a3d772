#!/usr/bin/env python3
"""Search speed: ISMCTS playouts per second in every game, with heuristic and with random playouts.

    python bench/kernels/search_speed.py [--positions 12] [--iterations 200] [--bot ismcts-ref] [--only tacocat]

A playout is one imagined world played to the end, so playouts per second is what a time budget buys:
at 1 s a decision, the search rests on about that many playouts. Positions are taken from games of the
heuristic bot against itself (every fifth decision with a real choice, seeded, so every run searches
the same positions); each search runs a fixed number of iterations and is timed. ``--bot`` picks the
search: ``ismcts-ref`` (the default) is the reference search; ``ismcts`` uses a game's compiled kernel
where it has one (``bench/kernels/fast_speed.py`` compares the two).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

import cardroom
from cardroom.bots.policy import heuristic_bot
from cardroom.bots.specs import make_bot
from cardroom.core.game import Game


@dataclass(frozen=True)
class Setting:
    label: str
    game: str
    options: dict[str, Any]


SETTINGS = (
    Setting("Tacocat", "tacocat", {}),
    Setting("Exploding Kittens, 2 players", "exploding-kittens", {"players": 2}),
    Setting("Exploding Kittens, 4 players", "exploding-kittens", {"players": 4}),
    Setting("T.A.C.O., 4 players", "taco", {"players": 4}),
)
KEYS = dict(zip(("tacocat", "kittens2", "kittens4", "taco4"), SETTINGS))


def positions(game: Game, count: int) -> list[dict[str, Any]]:
    """Views of seats with a real choice, from seeded heuristic-vs-heuristic games."""
    bot = heuristic_bot(game)
    assert bot is not None, f"{game.name} has no heuristic bot"
    rng = random.Random(0)
    found: list[dict[str, Any]] = []
    seed = 0
    while len(found) < count:
        state = game.new_game(seed)
        choices = 0
        while not state.is_over and len(found) < count:
            seat = state.to_act[0]
            view = state.view(seat)
            if len(view["legal_actions"]) > 1:
                choices += 1
                if choices % 5 == 0:
                    found.append(view)
            state = state.apply(seat, bot.choose(game, view, rng))
        seed += 1
    return found


def measure(
    setting: Setting, count: int, iterations: int, playout: str, search: str = "ismcts-ref", cpu: bool = False
) -> float:
    """Playouts per second of ``SEARCH:iterations=N,playout=...`` over the positions (per second of
    this process's CPU time with ``cpu``: steadier than the wall clock on a machine shared with others)."""
    clock = time.process_time if cpu else time.perf_counter
    game = cardroom.make(setting.game, **setting.options)
    bot = make_bot(f"{search}:iterations={iterations},playout={playout}", game)
    rates = []
    for i, view in enumerate(positions(game, count)):
        start = clock()
        bot.choose(game, view, random.Random(i))
        seconds = clock() - start
        done = bot.last.iterations  # type: ignore[attr-defined]
        if done:
            rates.append(done / seconds)
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=12, help="positions searched per game (default 12)")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per search (default 200)")
    parser.add_argument("--bot", default="ismcts-ref", help="the search measured (default ismcts-ref, the reference)")
    parser.add_argument("--only", choices=list(KEYS), nargs="+", default=list(KEYS), help="settings measured")
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU time, not the wall clock")
    args = parser.parse_args()
    print(
        f"{args.bot} playouts per {'CPU ' if args.cpu else ''}second (median over {args.positions} positions, {args.iterations} iterations each)"
    )
    print(f"{'game':<32}{'heuristic playouts':>20}{'random playouts':>18}")
    for key in args.only:
        setting = KEYS[key]
        heuristic = measure(setting, args.positions, args.iterations, "heuristic", args.bot, args.cpu)
        uniform = measure(setting, args.positions, args.iterations, "random", args.bot, args.cpu)
        print(f"{setting.label:<32}{heuristic:>20.0f}{uniform:>18.0f}", flush=True)


if __name__ == "__main__":
    main()
