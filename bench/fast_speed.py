#!/usr/bin/env python3
"""The compiled fast path against today's engine and OpenSpiel, all measured in this one run.

    python bench/fast_speed.py [--seconds 5] [--positions 12] [--million 1000000]

Prints, for Tacocat (official preset):

1. full random games (playouts) per second: the reference engine's bare loop (as bench/engine.py)
   and the kernel's ``simulate``; the same with the heuristic bot in both seats;
2. random-play actions per second through one Python call (``simulate``), next to OpenSpiel's C++
   leduc_poker stepped from Python (as bench/engine.py);
3. ISMCTS playouts per second, ``ismcts-ref`` (the reference search) and ``ismcts`` (the kernel's),
   median over the same mid-game positions as bench/search_speed.py;
4. the time for ``--million`` heuristic-vs-heuristic games with ``simulate``, one process per core.

Ratios are what to read: on a shared machine the absolute figures move with the load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import cardroom
from cardroom.bots.policy import heuristic_bot
from cardroom.bots.specs import make_bot
from cardroom.fast import simulate
from cardroom.games.tacocat import kernel_api
from engine import cardroom_runner, openspiel_runner  # bench/engine.py: this script runs from bench/
from search_speed import positions  # bench/search_speed.py


def reference_heuristic_games(seconds: float) -> tuple[int, float]:
    game = cardroom.make("tacocat")
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


def kernel_games(policy: str, seconds: float) -> tuple[int, int, float]:
    """Games, actions and seconds of ``simulate`` batches for about ``seconds``."""
    game = cardroom.make("tacocat")
    games = actions = 0
    batch = 2000
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        run = simulate(game, batch, policy, seed=games)
        games += run.games
        actions += run.actions
    return games, actions, time.perf_counter() - start


def search_rates(spec: str, views: list[dict[str, object]]) -> float:
    game = cardroom.make("tacocat")
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


def million(games: int, workers: int) -> tuple[float, int, int]:
    """Seconds, YAY's wins and actions for ``games`` heuristic games split over ``workers`` processes."""
    start = time.perf_counter()
    run = simulate(cardroom.make("tacocat"), games, "heuristic", seed=1000, workers=workers)
    return time.perf_counter() - start, run.wins[0], run.actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per throughput measure (default 5)")
    parser.add_argument("--positions", type=int, default=12, help="positions searched (default 12)")
    parser.add_argument("--million", type=int, default=1_000_000, help="heuristic games to time (default 1e6)")
    parser.add_argument("--workers", type=int, default=2, help="processes for those games (default 2)")
    args = parser.parse_args()

    print(f"kernel compiled: {kernel_api.COMPILED}; loading the compiled code took {kernel_api.warm():.2f} s")
    print("\nTacocat full games per second (one core)")
    games, actions, seconds = cardroom_runner("tacocat", "official", {})(args.seconds)
    ref_random = games / seconds
    k_games, k_actions, k_seconds = kernel_games("random", args.seconds)
    fast_random = k_games / k_seconds
    print(f"  random:    reference {ref_random:>10,.0f}   kernel {fast_random:>12,.0f}   x{fast_random / ref_random:,.0f}")
    games, seconds = reference_heuristic_games(args.seconds)
    ref_heur = games / seconds
    h_games, _, h_seconds = kernel_games("heuristic", args.seconds)
    fast_heur = h_games / h_seconds
    print(f"  heuristic: reference {ref_heur:>10,.0f}   kernel {fast_heur:>12,.0f}   x{fast_heur / ref_heur:,.0f}")

    print("\nRandom-play actions per second through one Python call")
    kernel_rate = k_actions / k_seconds
    print(f"  Tacocat kernel simulate            {kernel_rate:>12,.0f}")
    spiel = openspiel_runner("leduc_poker")
    if spiel is None:
        print("  OpenSpiel leduc_poker: pyspiel is not installed (the bench extra)")
    else:
        _, s_actions, s_seconds = spiel(args.seconds)
        spiel_rate = s_actions / s_seconds
        print(f"  OpenSpiel leduc_poker (C++ core)   {spiel_rate:>12,.0f}   kernel/OpenSpiel x{kernel_rate / spiel_rate:.1f}")

    game = cardroom.make("tacocat")
    views = positions(game, args.positions)
    print(f"\nISMCTS playouts per second (median over {args.positions} positions; heuristic playouts)")
    ref = search_rates("ismcts-ref:iterations=200", views)
    fast = search_rates("ismcts:iterations=20000", views)
    print(f"  ismcts-ref {ref:>10,.0f}   ismcts (kernel) {fast:>10,.0f}   x{fast / ref:,.0f}")
    ref_r = search_rates("ismcts-ref:iterations=200,playout=random", views)
    fast_r = search_rates("ismcts:iterations=20000,playout=random", views)
    print(f"  random playouts: ismcts-ref {ref_r:>10,.0f}   ismcts (kernel) {fast_r:>10,.0f}   x{fast_r / ref_r:,.0f}")

    if args.million:
        seconds, yay, actions = million(args.million, args.workers)
        print(f"\n{args.million:,} Tacocat games, heuristic vs heuristic, {args.workers} processes: {seconds:.1f} s "
              f"({args.million / seconds:,.0f} games/s, {actions:,} actions; YAY won {yay / args.million:.1%})")


if __name__ == "__main__":
    main()
