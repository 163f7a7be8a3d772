"""The conformance suite at full size, beside the quicker one that `make test` runs.

The test suite plays a few hundred seeded random games per game variant under every check
(``cardroom.core.conformance``); this script plays the same variants, with the same checks and the
same seeds first, as many games as asked, on several processes, with a progress line:

    python bench/games/conformance.py                          # every game, 2,000 games a variant
    python bench/games/conformance.py --game taco --games 10000 --jobs 2

Games ``0 .. N-1`` of each variant use the seeds the tests use, so a larger run includes the
tests' games. It prints each variant's games, steps and seconds, and stops at the first failure
with the game's seed and step.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cardroom.core.conformance import ConformancePlan, Variant, check_random_game, game_seed
from cardroom.core.registry import make

# The test module of each game; each holds one or more conformance tests with their plans.
MODULES = {
    "tacocat": "tests.games.tacocat.test_conformance",
    "exploding-kittens": "tests.games.kittens.test_conformance",
    "taco": "tests.games.taco.test_conformance",
}
SLICE = 50  # games a worker plays before it reports


def plans(game: str) -> list[ConformancePlan]:
    module = importlib.import_module(MODULES[game])
    return [test.plan for test in vars(module).values() if hasattr(test, "plan")]


def play_slice(name: str, variant: Variant, first: int, last: int, deep_every: int) -> tuple[int, int]:
    label, preset, options = variant
    game = make(name, preset=preset, **options)
    steps = 0
    for index in range(first, last):
        steps += check_random_game(game, game_seed(f"{name}/{label}", index), deep_every=deep_every)
    return last - first, steps


def run(games: int, chosen: list[str], jobs: int) -> None:
    work: list[tuple[str, Variant, int, int, int]] = []
    for game in chosen:
        for plan in plans(game):
            for variant in plan.variants:
                for first in range(0, games, SLICE):
                    work.append((plan.name, variant, first, min(games, first + SLICE), plan.deep_every))
    totals: dict[tuple[str, str], list[int]] = {}
    start = time.perf_counter()
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [(item, pool.submit(play_slice, *item)) for item in work]
        for (name, variant, _first, _last, _deep), future in futures:
            played, steps = future.result()  # a failed check raises here, with its seed and step
            row = totals.setdefault((name, variant[0]), [0, 0])
            row[0] += played
            row[1] += steps
            done += 1
            print(f"\r{done}/{len(work)} slices, {time.perf_counter() - start:.0f} s", end="", flush=True)
    print()
    print(f"{'game':<18}{'variant':<20}{'games':>8}{'steps':>12}")
    for (name, label), (played, steps) in totals.items():
        print(f"{name:<18}{label:<20}{played:>8,}{steps:>12,}")
    processes = "1 process" if jobs == 1 else f"{jobs} processes"
    print(
        f"all checks passed: {sum(r[0] for r in totals.values()):,} games in "
        f"{time.perf_counter() - start:.0f} s on {processes}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[*MODULES, "all"], default="all")
    parser.add_argument("--games", type=int, default=2000, help="games a variant (default 2,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    args: Any = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    run(args.games, list(MODULES) if args.game == "all" else [args.game], args.jobs)


if __name__ == "__main__":
    main()
