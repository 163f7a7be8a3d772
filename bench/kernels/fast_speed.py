#!/usr/bin/env python3
"""The compiled fast path against today's engine and OpenSpiel, all measured in this one run.

    python bench/kernels/fast_speed.py [--seconds 5] [--positions 12] [--million 1000000] [--games tacocat,kittens]
    python bench/kernels/fast_speed.py --games taco --players 2,4,8 [--deck v1] --million 0

Prints, for Tacocat (official preset), two-player Exploding Kittens (classic preset) and, with
``--games taco``, four-player T.A.C.O. (``--players`` measures each of those table sizes instead, for
the games with a choice; ``--deck`` picks T.A.C.O.'s deck):

1. full random games (playouts) per second: the reference engine's bare loop (as bench/kernels/engine.py)
   and the kernel's ``simulate``, measured interleaved (``--rounds`` alternating slices of each, so a
   change of load hits both alike), the median of each and of the per-round ratios; the same with the
   heuristic bot in both seats; for Tacocat, our lean C simulator's random games too (``bench/kernels/c/tacocat.c``,
   compiled with ``--cc -O2`` into a temporary folder; ``bench/kernels/fast_c.py`` compares the three in detail);
2. random-play actions per second both ways: the kernel stepped one Python call per action
   (``legal`` then ``apply``, as OpenSpiel is stepped) and batched (one ``simulate`` call), next to
   OpenSpiel's C++ leduc_poker stepped from Python (as bench/kernels/engine.py), all three interleaved;
3. ISMCTS playouts per second, ``ismcts-ref`` (the reference search) and ``ismcts`` (the kernel's),
   median over the same mid-game positions as bench/kernels/search_speed.py;
4. the time for ``--million`` heuristic-vs-heuristic Tacocat games with ``simulate``, one process per core.

Ratios are what to read: on a shared machine the absolute figures move with the load.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from c_peer import compile_peer, random_games  # bench/kernels/c_peer.py
from engine import cardroom_runner, openspiel_runner  # bench/kernels/engine.py: this script runs from bench/
from search_speed import positions  # bench/kernels/search_speed.py

import cardroom
from cardroom.bots.policy import heuristic_bot
from cardroom.bots.specs import make_bot
from cardroom.core.compiled_registry import compiled_kernel_of
from cardroom.core.game import Game
from cardroom.fast import simulate
from cardroom.games.tacocat.game import TacocatGame

# --games key -> (title, registered name, the table size measured unless --players names others; None:
# the game has one size).
GAMES: dict[str, tuple[str, str, int | None]] = {
    "tacocat": ("Tacocat", "tacocat", None),
    "kittens": ("Exploding Kittens", "exploding-kittens", 2),
    "taco": ("T.A.C.O.", "taco", 4),
}


def chosen_games(keys: list[str], players: list[int], deck: str | None) -> dict[str, tuple[str, Game]]:
    """The games to measure, keyed ``tacocat``, ``kittens``, ``taco`` (with ``:N`` for each table size N
    where ``players`` names several): (title, game)."""
    games: dict[str, tuple[str, Game]] = {}
    for key in keys:
        title, name, usual = GAMES[key]
        sizes = [None] if usual is None else (players or [usual])
        for size in sizes:
            options: dict[str, object] = {} if size is None else {"players": size}
            if deck and key == "taco":
                options["deck"] = deck
            label = title if size is None else f"{title}, {size} players"
            games[key if len(sizes) == 1 else f"{key}:{size}"] = (label, cardroom.make(name, **options))  # type: ignore[arg-type]
    return games


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


def interleaved(measures: dict[str, Any], seconds: float, rounds: int) -> dict[str, list[float]]:
    """Rates of every measure (a function of seconds giving (count, seconds)), round after round."""
    rates: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(rounds):
        for name, measure in measures.items():
            count, elapsed = measure(seconds / rounds)
            rates[name].append(count / elapsed)
    return rates


def _row(label: str, rates: dict[str, list[float]], ref: str, fast: str) -> None:
    ratio = statistics.median(f / r for f, r in zip(rates[fast], rates[ref], strict=True))
    print(f"  {label:<11} reference {statistics.median(rates[ref]):>10,.0f}   kernel "
          f"{statistics.median(rates[fast]):>12,.0f}   x{ratio:,.1f} (median of {len(rates[ref])} rounds)")  # fmt: skip


def throughput(title: str, game: Game, seconds: float, rounds: int, c_binary: Path | None) -> None:
    """Print the random and heuristic games/s rows of one game, reference and kernel interleaved (and
    the C simulator's random games, given its binary)."""
    print(f"\n{title}: full games per second (one core), interleaved")
    runner = cardroom_runner(game.name, game.preset, dict(game.options))
    measures = {
        "ref random": lambda s: runner(s)[::2],
        "kernel random": lambda s: kernel_games(game, "random", s)[::2],
        "ref heuristic": lambda s: reference_heuristic_games(game, s),
        "kernel heuristic": lambda s: kernel_games(game, "heuristic", s)[::2],
    }
    if c_binary is not None:
        seeds = itertools.count(1)
        measures["C random"] = lambda s: _c_run(c_binary, game, s, next(seeds))[::2]
    rates = interleaved(measures, seconds * len(measures) / 2, rounds)
    _row("random:", rates, "ref random", "kernel random")
    _row("heuristic:", rates, "ref heuristic", "kernel heuristic")
    if c_binary is not None:
        ratio = statistics.median(c / f for c, f in zip(rates["C random"], rates["kernel random"], strict=True))
        print(f"  {'C random:':<11} C (ours) {statistics.median(rates['C random']):>11,.0f}   "
              f"x{ratio:,.2f} the kernel's random games/s (median of the per-round ratios)")  # fmt: skip


def _c_run(binary: Path, game: Game, seconds: float, seed: int) -> tuple[int, int, float]:
    """Games, actions and seconds of the C simulator's random games (timed inside the program)."""
    assert isinstance(game, TacocatGame)
    run = random_games(binary, seconds, seed, game)
    return run.games, run.actions, run.seconds


def stepped_actions(game: Game, seconds: float) -> tuple[int, float]:
    """Random play on the kernel stepped from Python, one ``legal`` and one ``apply`` call per action."""
    kernel = compiled_kernel_of(game)
    assert kernel is not None
    rules, cfg = kernel.rules, kernel.codec.config(game)
    moves = np.zeros(int(rules.MAX_ACTIONS), np.int64)
    seats = np.zeros(int(rules.MAXP), np.int64)
    rng = np.zeros(int(rules.RNG_SIZE), np.int64)
    picker = random.Random(1)
    actions, games = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = np.zeros(int(kernel.search.state_size(cfg)), np.int64)
        rng[0] = 1 + games
        rules.new_game(s, cfg, rng)
        while not rules.over(s, cfg) and rules.to_act(s, cfg, seats):
            seat = int(seats[0])
            n = rules.legal(s, cfg, seat, moves)
            rules.apply(s, cfg, seat, int(moves[picker.randrange(n)]), rng)
            actions += 1
        games += 1
    return actions, time.perf_counter() - start


def actions_both_ways(games: dict[str, tuple[str, Game]], seconds: float, rounds: int, c_binary: Path | None) -> None:
    print("\nRandom-play actions per second, interleaved: one Python call per action, and batched")
    spiel = openspiel_runner("leduc_poker")
    measures: dict[str, Any] = {}
    if spiel is not None:
        measures["OpenSpiel leduc_poker (C++ core), one call per action"] = lambda s: spiel(s)[1:]
    for title, game in games.values():
        measures[f"{title} kernel, one call per action"] = lambda s, g=game: stepped_actions(g, s)
        measures[f"{title} kernel, batched (simulate)"] = lambda s, g=game: kernel_games(g, "random", s)[1:]
        if c_binary is not None and game.name == "tacocat":
            seeds = itertools.count(1)
            measures[f"{title}, our C simulator, batched"] = lambda s, g=game, n=seeds: _c_run(c_binary, g, s, next(n))[
                1:
            ]
    rates = interleaved(measures, seconds * len(measures) / 2, rounds)
    base = statistics.median(next(iter(rates.values()))) if spiel is not None else None
    for name, found in rates.items():
        rate = statistics.median(found)
        versus = f"   x{rate / base:.2f} OpenSpiel" if base else ""
        print(f"  {name:<62}{rate:>12,.0f}{versus}")
    if spiel is None:
        print("  OpenSpiel leduc_poker: pyspiel is not installed (the bench extra)")
    print(
        "  (OpenSpiel has no batched call from Python; Tacocat's batched C peer is our own bench/kernels/c/tacocat.c)"
    )


def search(title: str, game: Game, count: int) -> None:
    views = positions(game, count)
    print(f"\n{title}: ISMCTS playouts per second (median over {count} positions)")
    for playout in ("heuristic", "random"):
        extra = "" if playout == "heuristic" else ",playout=random"
        ref = search_rates(game, f"ismcts-ref:iterations=200{extra}", views)
        fast = search_rates(game, f"ismcts:iterations=20000{extra}", views)
        print(
            f"  {playout + ' playouts:':<20} ismcts-ref {ref:>10,.0f}   ismcts (kernel) {fast:>10,.0f}   x{fast / ref:,.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per throughput measure (default 5)")
    parser.add_argument("--positions", type=int, default=12, help="positions searched (default 12)")
    parser.add_argument("--million", type=int, default=1_000_000, help="heuristic Tacocat games to time (default 1e6)")
    parser.add_argument("--workers", type=int, default=2, help="processes for those games (default 2)")
    parser.add_argument(
        "--games", default="tacocat,kittens", help="which games: tacocat, kittens, taco (default tacocat,kittens)"
    )
    parser.add_argument("--players", default="", help="table sizes for the games with a choice, comma-separated")
    parser.add_argument("--deck", choices=("v1", "v2"), help="T.A.C.O.'s deck (default: its preset's)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds of every measure (default 5)")
    parser.add_argument("--cc", default="cc", help="the C compiler for Tacocat's C simulator (default cc)")
    args = parser.parse_args()
    chosen = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in chosen if g not in GAMES]
    if unknown:
        parser.error(f"--games takes {', '.join(GAMES)}; unknown: {', '.join(unknown)}")
    games = chosen_games(chosen, [int(n) for n in args.players.split(",") if n.strip()], args.deck)

    for title, game in games.values():
        kernel = compiled_kernel_of(game)
        print(f"{title}: kernel compiled {kernel is not None}; loading its code took "
              f"{kernel.warm() if kernel else 0.0:.2f} s")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        c_binary = compile_peer(Path(folder), args.cc) if "tacocat" in games else None
        for key, (title, game) in games.items():
            throughput(title, game, args.seconds, args.rounds, c_binary if key == "tacocat" else None)
        actions_both_ways(games, args.seconds, args.rounds, c_binary)

    for title, game in games.values():
        search(title, game, args.positions)

    if args.million and "tacocat" in games:
        seconds, yay, actions = million(args.million, args.workers)
        print(
            f"\n{args.million:,} Tacocat games, heuristic vs heuristic, {args.workers} processes: {seconds:.1f} s "
            f"({args.million / seconds:,.0f} games/s, {actions:,} actions; YAY won {yay / args.million:.1%})"
        )


if __name__ == "__main__":
    main()
