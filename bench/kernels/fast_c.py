#!/usr/bin/env python3
"""Tacocat's random games on three engines, measured interleaved: the reference engine, the Numba kernel
(``simulate`` with the random policy) and our lean C simulator (``bench/kernels/c/tacocat.c``).

    python bench/kernels/fast_c.py [--seconds 2] [--rounds 7] [--preset official] [--cc cc]

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

from c_peer import compile_peer, random_games  # bench/kernels/c_peer.py: this script runs from bench/
from engine import cardroom_runner

import cardroom
from cardroom.core.compiled_registry import compiled_kernel_of
from cardroom.fast import simulate
from cardroom.games.tacocat.game import TacocatGame

Sample = tuple[int, int, int, float, float]  # games, actions, YAY's wins (-1: not counted), wall s, CPU s
Measure = Callable[[float, int], Sample]  # (seconds, round) -> Sample


def measures(game: TacocatGame, binary: Path) -> dict[str, Measure]:
    runner = cardroom_runner("tacocat", game.preset, dict(game.options))

    def reference(seconds: float, _: int) -> Sample:
        cpu = time.process_time()
        games, actions, elapsed = runner(seconds)
        return games, actions, -1, elapsed, time.process_time() - cpu  # the bare loop counts no winners

    def kernel(seconds: float, round_: int) -> Sample:
        games = actions = yay = 0
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:  # batches of 2,000 games, as bench/kernels/fast_speed.py
            run = simulate(game, 2000, "random", seed=1_000_003 * (1 + round_) + games)
            games, actions, yay = games + run.games, actions + run.actions, yay + run.wins[0]
        return games, actions, yay, time.perf_counter() - start, time.process_time() - cpu

    def c(seconds: float, round_: int) -> Sample:
        run = random_games(binary, seconds, 1 + round_, game)
        return run.games, run.actions, run.yay_wins, run.seconds, run.cpu_seconds

    return {"reference engine": reference, "Numba kernel": kernel, "C (ours)": c}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds of each engine per round (default 2)")
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
        sys.exit("the Numba kernel is not compiled here: install the fast extra (pip install 'cardroom[fast]')")
    print(
        f"Numba kernel loaded in {kernel.warm():.2f} s; compiling bench/kernels/c/tacocat.c with {args.cc} -O2",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as folder:
        engines = measures(game, compile_peer(Path(folder), args.cc))
        names = list(engines)
        found: dict[str, dict[str, list[float]]] = {n: {k: [] for k in COLUMNS} for n in names}
        for r in range(args.rounds):
            for name in names[r % len(names) :] + names[: r % len(names)]:  # the order rotates
                games, actions, yay, wall, cpu = engines[name](args.seconds, r)
                row = found[name]
                row["games/s"].append(games / wall)
                row["games/CPU s"].append(games / cpu)
                row["actions/s"].append(actions / wall)
                row["actions/game"].append(actions / games)
                if yay >= 0:
                    row["YAY won %"].append(100 * yay / games)
            shown = "   ".join(f"{n} {found[n]['games/s'][-1]:,.0f}" for n in names)
            print(f"round {r + 1}/{args.rounds}, games/s: {shown}", file=sys.stderr, flush=True)
    report(args, found)


COLUMNS = ("games/s", "games/CPU s", "actions/s", "actions/game", "YAY won %")


def report(args: argparse.Namespace, found: dict[str, dict[str, list[float]]]) -> None:
    med = statistics.median
    print(f"\nTacocat ({args.preset}) random games, one process each, {args.rounds} interleaved rounds of "
          f"{args.seconds:g} s; medians (games/CPU s: per second of the process's own CPU time)")  # fmt: skip
    print(f"  {'engine':<18}" + "".join(f"{c:>14}" for c in COLUMNS))
    for name, row in found.items():
        cells = [f"{med(row[c]):>14,.1f}" if row[c] else f"{'-':>14}" for c in COLUMNS]
        print(f"  {name:<18}" + "".join(cells))
    print("  medians of the per-round ratios:          games/s (wall)            games/CPU s")
    for fast, slow in (
        ("Numba kernel", "reference engine"),
        ("C (ours)", "Numba kernel"),
        ("C (ours)", "reference engine"),
    ):
        cells = []
        for column in ("games/s", "games/CPU s"):
            ratios = [f / s for f, s in zip(found[fast][column], found[slow][column], strict=True)]
            cells.append(f"x{med(ratios):,.2f} ({min(ratios):,.2f}-{max(ratios):,.2f})")
        print(f"    {fast + ' / ' + slow:<38}" + "".join(f"{c:<26}" for c in cells))


if __name__ == "__main__":
    main()
