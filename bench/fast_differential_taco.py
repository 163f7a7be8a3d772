#!/usr/bin/env python3
"""The full T.A.C.O. differential run: the reference engine and the kernel over millions of actions.

    python bench/fast_differential_taco.py [--actions 1000000] [--workers 2] [--part 0]

Both deck versions (v1, v2) at every player count from 2 to 8, each with random and with heuristic
choices; the options (antics, the gimme trophy, rounds, small and large pools) rotate over the
settings so every mix is played. After every action it compares the whole state both ways, who is to
act, the legal actions of every seat to act, the result, and (heuristic runs) every legal action's
heuristic score against ``HeuristicBot`` (``cardroom.games.taco.kernel_check``). Random draws come
from the reference's own generators, so the two engines stay in step through shuffles and random
effects. ``--part N`` starts from other seeds, so a long run can be split into parts of a few
minutes. It prints the counts per setting and the totals, and exits with status 1 and the first
disagreement if there is one. ``tests/kernels/test_taco_kernel.py`` runs a slice of it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from typing import Any

import cardroom
from cardroom.games.taco.kernel_check import Counts, KernelMismatch, play

MIXES: list[dict[str, Any]] = [
    {},
    {"antics": True},
    {"rounds": 3, "gimme_trophy": True},
    {"rounds": 2, "antics": True, "pool": 12},
    {"pool": 150},
    {"rounds": 3},
    {"gimme_trophy": True, "antics": True},
]
SETTINGS: list[dict[str, Any]] = [
    {"deck": deck, "players": players, **MIXES[(players + 3 * d) % len(MIXES)]}
    for d, deck in enumerate(("v2", "v1"))
    for players in range(2, 9)
]
POLICIES = ("random", "heuristic")


def label(options: dict[str, Any]) -> str:
    return " ".join(f"{key}={v}" for key, v in options.items())


def job(args: tuple[int, str, int, int]) -> tuple[int, str, Counts, str | None]:
    """Play games of one setting and policy until ``quota`` actions."""
    index, policy, quota, part = args
    game = cardroom.make("taco", **SETTINGS[index])
    counts = Counts()
    seed = 10_000_000 * (part + 1) + 100_000 * index + (50_000 if policy == "heuristic" else 0)
    try:
        while counts.actions < quota:
            counts.add(play(game, seed, policy))
            seed += 1
    except KernelMismatch as exc:
        return index, policy, counts, str(exc)
    return index, policy, counts, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=1_000_000, help="actions in all (default 1,000,000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--part", type=int, default=0, help="which part of a split run: other seeds (default 0)")
    args = parser.parse_args()
    quota = max(1, args.actions // (len(SETTINGS) * len(POLICIES)))
    jobs = [(i, p, quota, args.part) for i in range(len(SETTINGS)) for p in POLICIES]
    start = time.perf_counter()
    total = Counts()
    failures = []
    print(f"{'setting':<58}{'policy':<11}{'games':>7}{'actions':>10}{'states':>10}{'legal sets':>12}"
          f"{'draws':>9}")  # fmt: skip
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for index, policy, counts, error in pool.imap_unordered(job, jobs):
            total.add(counts)
            print(f"{label(SETTINGS[index]):<58}{policy:<11}{counts.games:>7,}{counts.actions:>10,}"
                  f"{counts.states:>10,}{counts.legal_sets:>12,}{counts.random_draws:>9,}", flush=True)  # fmt: skip
            if error:
                failures.append(error)
    seconds = time.perf_counter() - start
    print(f"{'total':<69}{total.games:>7,}{total.actions:>10,}{total.states:>10,}{total.legal_sets:>12,}"
          f"{total.random_draws:>9,}")  # fmt: skip
    print(f"heuristic choices whose every legal action's score was compared: {total.heuristic_choices:,}; "
          f"{seconds:.0f} s")  # fmt: skip
    if failures:
        print("DISAGREEMENT:", *failures, sep="\n  ")
        sys.exit(1)
    print("no disagreement")


if __name__ == "__main__":
    main()
