#!/usr/bin/env python3
"""The compiled fast path against today's engine and OpenSpiel, all measured in this one run.

    python bench/fast_speed.py [--seconds 5] [--positions 12] [--million 1000000] [--games tacocat,kittens]

Prints, for Tacocat (official preset) and two-player Exploding Kittens (classic preset):

1. full random games (playouts) per second: the reference engine's bare loop (as bench/engine.py)
   and the kernel's ``simulate``; the same with the heuristic bot in both seats;
2. random-play actions per second through one Python call (``simulate``), next to OpenSpiel's C++
   leduc_poker stepped from Python (as bench/engine.py);
3. ISMCTS playouts per second, ``ismcts-ref`` (the reference search) and ``ismcts`` (the kernel's),
   median over the same mid-game positions as bench/search_speed.py;
4. the time for ``--million`` heuristic-vs-heuristic Tacocat games with ``simulate``, one process per core.

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
from cardroom.core.game import Game
from cardroom.fast import simulate
from cardroom.games.kittens import kernel_api as kittens_kernel
from cardroom.games.tacocat import kernel_api
from engine import cardroom_runner, openspiel_runner  # bench/engine.py: this script runs from bench/
from search_speed import positions  # bench/search_speed.py

GAMES: dict[str, tuple[str, str, dict[str, object]]] = {
    "tacocat": ("Tacocat", "tacocat", {}),
    "kittens": ("Exploding Kittens, 2 players", "exploding-kittens", {"players": 2}),
}


def reference_heuristic_games(game: Game, seconds: float) -> tuple[int, float]:
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


def kernel_games(game: Game, policy: str, seconds: float) -> tuple[int, int, float]:
    """Games, actions and seconds of ``simulate`` batches for about ``seconds``."""
    games = actions = 0
    batch = 2000
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        run = simulate(game, batch, policy, seed=games)
        games += run.games
        actions += run.actions
    return games, actions, time.perf_counter() - start


def search_rates(game: Game, spec: str, views: list[dict[str, object]]) -> float:
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


def throughput(title: str, game: Game, seconds: float) -> float:
    """Print the random and heuristic games/s rows of one game; returns the kernel's random actions/s."""
    print(f"\n{title}: full games per second (one core)")
    games, _, elapsed = cardroom_runner(game.name, game.preset, dict(game.options))(seconds)
    ref_random = games / elapsed
    k_games, k_actions, k_seconds = kernel_games(game, "random", seconds)
    fast_random = k_games / k_seconds
    print(f"  random:    reference {ref_random:>10,.0f}   kernel {fast_random:>12,.0f}   x{fast_random / ref_random:,.0f}")
    games, elapsed = reference_heuristic_games(game, seconds)
    ref_heur = games / elapsed
    h_games, _, h_seconds = kernel_games(game, "heuristic", seconds)
    fast_heur = h_games / h_seconds
    print(f"  heuristic: reference {ref_heur:>10,.0f}   kernel {fast_heur:>12,.0f}   x{fast_heur / ref_heur:,.0f}")
    return k_actions / k_seconds


def search(title: str, game: Game, count: int) -> None:
    views = positions(game, count)
    print(f"\n{title}: ISMCTS playouts per second (median over {count} positions)")
    for playout in ("heuristic", "random"):
        extra = "" if playout == "heuristic" else ",playout=random"
        ref = search_rates(game, f"ismcts-ref:iterations=200{extra}", views)
        fast = search_rates(game, f"ismcts:iterations=20000{extra}", views)
        print(f"  {playout + ' playouts:':<20} ismcts-ref {ref:>10,.0f}   ismcts (kernel) {fast:>10,.0f}   x{fast / ref:,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per throughput measure (default 5)")
    parser.add_argument("--positions", type=int, default=12, help="positions searched (default 12)")
    parser.add_argument("--million", type=int, default=1_000_000, help="heuristic Tacocat games to time (default 1e6)")
    parser.add_argument("--workers", type=int, default=2, help="processes for those games (default 2)")
    parser.add_argument("--games", default="tacocat,kittens", help="which games (default tacocat,kittens)")
    args = parser.parse_args()
    chosen = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in chosen if g not in GAMES]
    if unknown:
        parser.error(f"--games takes {', '.join(GAMES)}; unknown: {', '.join(unknown)}")
    games = {key: (GAMES[key][0], cardroom.make(GAMES[key][1], **GAMES[key][2])) for key in chosen}  # type: ignore[arg-type]

    print(f"kernels compiled: {kernel_api.COMPILED}; loading the compiled code took: "
          f"Tacocat {kernel_api.warm():.2f} s, Exploding Kittens {kittens_kernel.warm():.2f} s")  # fmt: skip
    rates = {key: throughput(title, game, args.seconds) for key, (title, game) in games.items()}

    print("\nRandom-play actions per second through one Python call")
    for key, rate in rates.items():
        print(f"  {games[key][0] + ' kernel simulate':<45}{rate:>12,.0f}")
    spiel = openspiel_runner("leduc_poker")
    if spiel is None:
        print("  OpenSpiel leduc_poker: pyspiel is not installed (the bench extra)")
    else:
        _, s_actions, s_seconds = spiel(args.seconds)
        spiel_rate = s_actions / s_seconds
        ratios = "   ".join(f"{games[key][0]}/OpenSpiel x{rate / spiel_rate:.1f}" for key, rate in rates.items())
        print(f"  {'OpenSpiel leduc_poker (C++ core)':<45}{spiel_rate:>12,.0f}   {ratios}")

    for title, game in games.values():
        search(title, game, args.positions)

    if args.million and "tacocat" in games:
        seconds, yay, actions = million(args.million, args.workers)
        print(f"\n{args.million:,} Tacocat games, heuristic vs heuristic, {args.workers} processes: {seconds:.1f} s "
              f"({args.million / seconds:,.0f} games/s, {actions:,} actions; YAY won {yay / args.million:.1%})")


if __name__ == "__main__":
    main()
