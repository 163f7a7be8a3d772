#!/usr/bin/env python3
"""Tacocat's random games on three engines, measured interleaved: the reference engine, the Numba kernel
(``simulate`` with the random policy) and our lean C simulator (``bench/c/tacocat.c``).

    python bench/fast_c.py [--seconds 2] [--rounds 7] [--preset official] [--cc cc]

The C program is compiled at the start with ``CC -O2`` into a temporary folder (nothing is kept). Each
round runs every engine for ``--seconds`` in turn (the order rotates each round), so a change of the
machine's load hits all three alike; a line per round shows progress. At the end it prints, per
engine, the median games/s and actions/s, the actions per game and YAY's share of wins (like with
like: all three play the same random games in distribution), and the medians of the per-round ratios.

The C simulator is our own and only a yardstick: it plays the reference's legal actions
(``tests/kernels/test_c_peer.py``), picked uniformly by the first seat to act, as the kernel does.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import cardroom
from c_peer import compile_peer, random_games  # bench/c_peer.py: this script runs from bench/
from cardroom.core.compiled_registry import compiled_kernel_of
from cardroom.fast import simulate
from cardroom.games.tacocat.game import TacocatGame
from engine import cardroom_runner

Measure = Callable[
    [float, int], tuple[int, int, int, float]
]  # (seconds, round) -> games, actions, YAY wins, s


def measures(game: TacocatGame, binary: Path) -> dict[str, Measure]:
    runner = cardroom_runner("tacocat", game.preset, dict(game.options))

    def reference(seconds: float, _: int) -> tuple[int, int, int, float]:
        games, actions, elapsed = runner(seconds)
        return games, actions, -1, elapsed  # the bare loop does not count winners

    def kernel(seconds: float, round_: int) -> tuple[int, int, int, float]:
        games = actions = yay = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:  # batches of 2,000 games, as bench/fast_speed.py
            run = simulate(game, 2000, "random", seed=1_000_003 * (1 + round_) + games)
            games, actions, yay = games + run.games, actions + run.actions, yay + run.wins[0]
        return games, actions, yay, time.perf_counter() - start

    def c(seconds: float, round_: int) -> tuple[int, int, int, float]:
        run = random_games(binary, seconds, 1 + round_, game)
        return run.games, run.actions, run.yay_wins, run.seconds

    return {"reference engine": reference, "Numba kernel": kernel, "C (ours)": c}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="seconds of each engine per round (default 2)"
    )
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    parser.add_argument("--preset", default="official", help="Tacocat preset (default official)")
    parser.add_argument("--cc", default="cc", help="the C compiler (default cc)")
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds above 0")
    game = cardroom.make("tacocat", preset=args.preset)
    assert isinstance(game, TacocatGame)
    kernel = compiled_kernel_of(game)
    if kernel is None:
        sys.exit(
            "the Numba kernel is not compiled here: install the fast extra (pip install 'cardroom[fast]')"
        )
    print(
        f"Numba kernel loaded in {kernel.warm():.2f} s; compiling bench/c/tacocat.c with {args.cc} -O2",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as folder:
        engines = measures(game, compile_peer(Path(folder), args.cc))
        names = list(engines)
        games: dict[str, list[float]] = {n: [] for n in names}
        actions: dict[str, list[float]] = {n: [] for n in names}
        per_game: dict[str, list[float]] = {n: [] for n in names}
        yay: dict[str, list[float]] = {n: [] for n in names}
        for r in range(args.rounds):
            order = names[r % len(names) :] + names[: r % len(names)]
            for name in order:
                g, a, wins, seconds = engines[name](args.seconds, r)
                games[name].append(g / seconds)
                actions[name].append(a / seconds)
                per_game[name].append(a / g)
                if wins >= 0:
                    yay[name].append(wins / g)
            shown = "   ".join(f"{n} {games[n][-1]:,.0f}" for n in names)
            print(f"round {r + 1}/{args.rounds}, games/s: {shown}", file=sys.stderr, flush=True)
    report(args, games, actions, per_game, yay)


def report(args: argparse.Namespace, games: dict[str, list[float]], actions: dict[str, list[float]],
           per_game: dict[str, list[float]], yay: dict[str, list[float]]) -> None:  # fmt: skip
    med = statistics.median
    print(f"\nTacocat ({args.preset}) random games, one core, {args.rounds} interleaved rounds of {args.seconds:g} s "
          "each; medians")  # fmt: skip
    print(f"  {'engine':<18}{'games/s':>12}{'actions/s':>14}{'actions/game':>14}{'YAY won':>9}")
    for name in games:
        won = f"{med(yay[name]):.1%}" if yay[name] else "-"
        print(
            f"  {name:<18}{med(games[name]):>12,.0f}{med(actions[name]):>14,.0f}{med(per_game[name]):>14.1f}{won:>9}"
        )

    def ratio(fast: str, slow: str) -> str:
        rounds = [f / s for f, s in zip(games[fast], games[slow], strict=True)]
        return f"x{med(rounds):,.2f} (rounds {min(rounds):,.2f} to {max(rounds):,.2f})"

    print("  median of the per-round games/s ratios:")
    print(f"    Numba kernel / reference engine  {ratio('Numba kernel', 'reference engine')}")
    print(f"    C (ours) / Numba kernel          {ratio('C (ours)', 'Numba kernel')}")
    print(f"    C (ours) / reference engine      {ratio('C (ours)', 'reference engine')}")


if __name__ == "__main__":
    main()
