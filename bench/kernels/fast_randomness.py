#!/usr/bin/env python3
"""The full randomness proof: every kernel's own deals, random steps and re-deals against the reference's.

    python bench/kernels/fast_randomness.py [--game NAME] [--samples 2000] [--alpha 1e-3] [--workers 2]

For every preset and player count (Tacocat's three presets; Exploding Kittens' two presets at 2 to 10
players; T.A.C.O.'s two decks at 2 to 8 players): the kernel's deals against ``game.new_game``'s, up
to four kinds of random step met in random play (a Shuffle, a steal, a new round's deal, a random
effect) against the reference's ``apply`` from the same position with other seeds, and re-deals for
the seat to act at three positions against ``game.sample`` of its view; then the ``info_key`` check
over ten random games and a sampled world per view. Each comparison is a chi-square test per feature
(``cardroom/games/kernel_proof.py``; ``tests/kernels/test_randomness.py`` runs a slice). It prints
one line per case with its smallest p-value, and exits with status 1 if any feature fails below
``alpha`` divided by the case's number of features.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import sys
import time
from typing import Any

import cardroom
from cardroom.core.kernel_face import KernelMismatch
from cardroom.games.kernel_proof import (
    Report,
    check_info_keys,
    deal_case,
    determinize_case,
    positions,
    random_steps,
    step_case,
)

CASES: dict[str, list[dict[str, Any]]] = {
    "tacocat": [{"preset": p} for p in ("official", "print-and-play", "quick-reference")],
    "exploding-kittens": [{"preset": p, "players": n} for p in ("classic", "current") for n in range(2, 11)],
    "taco": [{"deck": d, "players": n} for d in ("v1", "v2") for n in range(2, 9)],
}
CHECKS = {"tacocat": "tacocat", "exploding-kittens": "kittens", "taco": "taco"}


def one(job: tuple[str, dict[str, Any], int, float]) -> tuple[list[Report], str | None]:
    name, options, n, alpha = job
    from importlib import import_module

    proof = import_module(f"cardroom.games.{CHECKS[name]}.kernel_check").proof()
    game = cardroom.make(name, **options)
    reports = [deal_case(proof, game, n, seed=11, alpha=alpha)]
    for state, seat, act in random_steps(proof, game, games=30, seed=13, limit=4):
        reports.append(step_case(proof, game, state, seat, act, n, alpha))
    for state in list(itertools.islice(positions(game, 3, seed=17), 300))[10::100]:
        reports.append(determinize_case(proof, game, state, state.to_act[0], n, alpha))
    try:
        check_info_keys(proof, game, 10, seed=19)
        problem = None
    except KernelMismatch as exc:
        problem = str(exc)
    return reports, problem


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(CASES), action="append", help="only these games (repeatable)")
    parser.add_argument("--samples", type=int, default=2000, help="samples per side of every comparison")
    parser.add_argument("--alpha", type=float, default=1e-3, help="the error rate of one case (Bonferroni)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [(name, o, args.samples, args.alpha) for name in (args.game or sorted(CASES)) for o in CASES[name]]
    start, failed, cases = time.perf_counter(), 0, 0
    with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
        for (name, options, _, _), (reports, problem) in zip(jobs, pool.imap(one, jobs), strict=True):
            label = f"{name} {','.join(f'{k}={v}' for k, v in options.items())}"
            for r in reports:
                cases += 1
                status = "FAIL " + "; ".join(r.failures) if r.failures else "ok"
                failed += bool(r.failures)
                print(f"{label:42} {r.case[:60]:60} n={r.samples} features={r.features:3} "
                      f"min p={r.smallest_p:.3g} {status}", flush=True)  # fmt: skip
            failed += problem is not None
            print(f"{label:42} info_key against the views: {problem or 'ok'}", flush=True)
    print(f"{cases} comparisons, {failed} failures, {time.perf_counter() - start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
