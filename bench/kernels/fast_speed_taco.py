#!/usr/bin/env python3
"""T.A.C.O.'s compiled fast path against the reference engine, both measured in this one run.

    python bench/kernels/fast_speed_taco.py [--players 2,4,8] [--seconds 4] [--positions 6] [--deck v2]

Prints, for each player count (deck v2 unless ``--deck v1``):

1. full random games (playouts) per second, the reference engine's bare loop (as bench/kernels/engine.py)
   against the kernel's ``simulate``, and the same with the heuristic bot in every seat;
2. random-play actions per second through one Python call (``simulate``);
3. ISMCTS playouts per second with heuristic playouts, ``ismcts-ref`` (the reference search) against
   ``ismcts`` (the kernel's), median over the same kind of mid-game positions as bench/kernels/search_speed.py.

Ratios are what to read: on a shared machine the absolute figures move with the load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from engine import cardroom_runner  # bench/kernels/engine.py: this script runs from bench/
from search_speed import positions  # bench/kernels/search_speed.py

import cardroom
from cardroom.bots.policy import heuristic_bot
from cardroom.bots.specs import make_bot
from cardroom.fast import simulate
from cardroom.games.taco import kernel_api


def reference_heuristic_games(options: dict[str, Any], seconds: float) -> tuple[int, float]:
    game = cardroom.make("taco", **options)
    bot = heuristic_bot(game)
    assert bot is not None
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(games)
        while not state.is_over:
            seat = state.to_act[0]
            state = state.apply(seat, bot.choose(game, state.view(seat), rng))
        games += 1
    return games, time.perf_counter() - start


def kernel_games(options: dict[str, Any], policy: str, seconds: float) -> tuple[int, int, float]:
    """Games, actions and seconds of ``simulate`` batches for about ``seconds``."""
    game = cardroom.make("taco", **options)
    games = actions = 0
    batch = 200
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        run = simulate(game, batch, policy, seed=games)
        assert run.path == "kernel"
        games += run.games
        actions += run.actions
    return games, actions, time.perf_counter() - start


def search_rate(spec: str, options: dict[str, Any], views: list[dict[str, Any]]) -> float:
    game = cardroom.make("taco", **options)
    bot = make_bot(spec, game)
    rates = []
    for i, view in enumerate(views):
        start = time.perf_counter()
        bot.choose(game, view, random.Random(i))
        seconds = time.perf_counter() - start
        done = bot.last.iterations  # type: ignore[attr-defined]
        if done:
            rates.append(done / seconds)
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="2,4,8", help="player counts, comma-separated (default 2,4,8)")
    parser.add_argument("--seconds", type=float, default=4.0, help="seconds per throughput measure (default 4)")
    parser.add_argument("--positions", type=int, default=6, help="positions searched (default 6)")
    parser.add_argument("--deck", default="v2", choices=("v1", "v2"), help="deck version (default v2)")
    args = parser.parse_args()
    print(f"kernel compiled: {kernel_api.COMPILED}; loading the compiled code took {kernel_api.warm():.2f} s")
    header = f"{'players':>7}  {'measure':<28}{'reference':>12}{'kernel':>14}{'ratio':>9}"
    print(header)
    for players in (int(p) for p in args.players.split(",")):
        options = {"players": players, "deck": args.deck}
        rows = []
        games, _, seconds = cardroom_runner("taco", None, options)(args.seconds)
        ref = games / seconds
        k_games, k_actions, k_seconds = kernel_games(options, "random", args.seconds)
        rows.append(("random games/s", ref, k_games / k_seconds))
        games, seconds = reference_heuristic_games(options, args.seconds)
        h_games, _, h_seconds = kernel_games(options, "heuristic", args.seconds)
        rows.append(("heuristic games/s", games / seconds, h_games / h_seconds))
        views = positions(cardroom.make("taco", **options), args.positions)
        ref_search = search_rate("ismcts-ref:iterations=60", options, views)
        fast_search = search_rate("ismcts:iterations=3000", options, views)
        rows.append(("ISMCTS playouts/s (heuristic)", ref_search, fast_search))
        for name, before, after in rows:
            print(f"{players:>7}  {name:<28}{before:>12,.1f}{after:>14,.1f}{after / before:>8,.0f}x", flush=True)
        print(f"{players:>7}  {'random actions/s, one call':<28}{'':>12}{k_actions / k_seconds:>14,.0f}", flush=True)


if __name__ == "__main__":
    main()
