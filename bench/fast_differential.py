#!/usr/bin/env python3
"""The full differential run: millions of actions through the reference engine and the kernel.

    python bench/fast_differential.py [--actions 1000000] [--workers 2]

Every preset (and a few option mixes) is played with random and with heuristic choices; after every
action the legal actions of the seats to act, the whole state both ways and the result are compared
(``cardroom.games.tacocat.kernel_check``). It prints the counts per setting and the totals, and exits
with status 1 and the first disagreement if there is one. ``tests/kernels`` runs a slice of it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from typing import Any

import cardroom
from cardroom.games.tacocat.kernel_check import Counts, KernelMismatch, play

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("official", {}),
    ("print-and-play", {}),
    ("quick-reference", {}),
    ("official", {"jumbo": "none", "ties": "duel-winner"}),
    ("print-and-play", {"ties": "arrow", "jumbo": "sets-and-sequences"}),
    ("quick-reference", {"board": "3Y,5W,9B,2Y,8W", "deck": "3,3,3,3,3,3,3,3,3,3,3,3"}),
]
POLICIES = ("random", "heuristic")


def label(preset: str, options: dict[str, Any]) -> str:
    return preset + "".join(f" {k}={v}" for k, v in options.items())


def job(args: tuple[int, str, int]) -> tuple[int, str, Counts, str | None]:
    """Play games of one variant and policy until ``quota`` actions; seeds start at 10**6 * index."""
    index, policy, quota = args
    preset, options = VARIANTS[index]
    game = cardroom.make("tacocat", preset=preset, **options)
    counts = Counts()
    seed = 1_000_000 * (index + 1) + (500_000 if policy == "heuristic" else 0)
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
    args = parser.parse_args()
    jobs = [(i, p, args.actions // (len(VARIANTS) * len(POLICIES))) for i in range(len(VARIANTS)) for p in POLICIES]
    start = time.perf_counter()
    total = Counts()
    failures = []
    print(f"{'setting':<66}{'policy':<11}{'games':>8}{'actions':>11}{'states':>11}{'legal sets':>12}")
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for index, policy, counts, error in pool.imap_unordered(job, jobs):
            total.add(counts)
            name = label(*VARIANTS[index])
            print(f"{name:<66}{policy:<11}{counts.games:>8,}{counts.actions:>11,}{counts.states:>11,}"
                  f"{counts.legal_sets:>12,}", flush=True)  # fmt: skip
            if error:
                failures.append(error)
    seconds = time.perf_counter() - start
    print(f"{'total':<77}{total.games:>8,}{total.actions:>11,}{total.states:>11,}{total.legal_sets:>12,}")
    print(f"heuristic choices compared with HeuristicBot: {total.heuristic_choices:,}; {seconds:.0f} s")
    if failures:
        print("DISAGREEMENT:", *failures, sep="\n  ")
        sys.exit(1)
    print("no disagreement")


if __name__ == "__main__":
    main()
