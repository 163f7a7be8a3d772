#!/usr/bin/env python3
"""The full differential run: millions of actions through the reference engine and a kernel.

    python bench/kernels/fast_differential.py [--game tacocat|exploding-kittens|taco] [--actions 1000000] [--workers 2]

Every preset (for Exploding Kittens: every preset at every player count, 2 to 10, and a few option
mixes; for T.A.C.O. both decks at 2 to 8 players, with antics, the gimme trophy, 1 to 3 rounds and pools
of 12 to 150 spread over them, and the v3 preset's second_pick at 2 players) is played with random and with heuristic choices; after every action the legal actions of the
seats to act, the whole state both ways and the result are compared (``kernel_check`` of the game).
It prints the counts per setting and the totals, and exits with status 1 and the first disagreement if
there is one. ``tests/kernels`` runs a slice of it. ``--first-seed`` starts the seeds elsewhere, so a
long run can be split into pieces that play different games. ``--concede`` (T.A.C.O.) plays the
variants of three players or more with one seat leaving in every game (``kernel_check.play_conceding``).
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import sys
import time
from typing import Any

import cardroom
from cardroom.core.kernel_face import Counts, KernelMismatch

VARIANTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "tacocat": [
        ("official", {}),
        ("print-and-play", {}),
        ("quick-reference", {}),
        ("official", {"jumbo": "none", "ties": "duel-winner"}),
        ("print-and-play", {"ties": "arrow", "jumbo": "sets-and-sequences"}),
        ("quick-reference", {"board": "3Y,5W,9B,2Y,8W", "deck": "3,3,3,3,3,3,3,3,3,3,3,3"}),
    ],
    "exploding-kittens": [
        *((preset, {"players": n}) for preset in ("classic", "current") for n in range(2, 11)),
        ("classic", {"players": 3, "pairs": "cats", "attacks": "stacking", "extra_defuses": "two"}),
        ("current", {"players": 4, "five_combo": True, "exploded_cards": "discard", "deal": 1}),
        ("classic", {"players": 6, "pairs": "title", "five_combo": False, "deal": 8}),
        ("current", {"players": 2, "pairs": "cats", "attacks": "no-stacking", "exploded_cards": "discard"}),
    ],
}
_TACO_MIXES: list[dict[str, Any]] = [
    {},
    {"antics": True},
    {"rounds": 3, "gimme_trophy": True},
    {"rounds": 2, "antics": True, "pool": 12},
    {"pool": 150},
    {"rounds": 3},
    {"gimme_trophy": True, "antics": True},
]
VARIANTS["taco"] = [
    ("standard", {"deck": deck, "players": players, **_TACO_MIXES[(players + 3 * d) % len(_TACO_MIXES)]})
    for d, deck in enumerate(("v2", "v1"))
    for players in range(2, 9)
] + [  # our second_pick rule (two players' default): the second player's six-card opening pick
    ("v3", {"players": 2}),
    ("v3", {"players": 2, "rounds": 3, "gimme_trophy": True, "antics": True}),
]
CHECKS = {
    "tacocat": "cardroom.games.tacocat.kernel_check",
    "exploding-kittens": "cardroom.games.kittens.kernel_check",
    "taco": "cardroom.games.taco.kernel_check",
}
POLICIES = ("random", "heuristic")


def label(preset: str, options: dict[str, Any]) -> str:
    return preset + "".join(f" {k}={v}" for k, v in options.items())


def conceding(name: str) -> list[int]:
    """The variants ``--concede`` plays: T.A.C.O. at three players or more (at two a concession ends the table)."""
    if name != "taco":
        raise SystemExit("--concede is for taco: a concession is an action record only in T.A.C.O.'s engine")
    return [i for i, (_, options) in enumerate(VARIANTS[name]) if options.get("players", 2) >= 3]


def job(args: tuple[str, int, str, int, int, bool]) -> tuple[int, str, Counts, str | None]:
    """Play games of one variant and policy until ``quota`` actions; seeds start at 10**6 * index.
    With ``concede``, in every game one seat leaves (seat ``seed % players``, at a step from 8 to 87)."""
    name, index, policy, quota, first_seed, concede = args
    preset, options = VARIANTS[name][index]
    game = cardroom.make(name, preset=preset, **options)
    check = importlib.import_module(CHECKS[name])
    counts = Counts()
    seed = first_seed + 1_000_000 * (index + 1) + (500_000 if policy == "heuristic" else 0)
    try:
        while counts.actions < quota:
            if concede:
                counts.add(check.play_conceding(game, seed, policy, (seed % game.players, 8 + (7 * seed) % 80)))
            else:
                counts.add(check.play(game, seed, policy))
            seed += 1
    except KernelMismatch as exc:
        return index, policy, counts, str(exc)
    return index, policy, counts, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=1_000_000, help="actions in all (default 1,000,000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--game", default="tacocat", choices=sorted(VARIANTS), help="the game (default tacocat)")
    parser.add_argument("--first-seed", type=int, default=0, help="added to every seed (default 0)")
    parser.add_argument(
        "--concede",
        action="store_true",
        help="T.A.C.O. at 3 to 8 players with one seat leaving in every game (the kernel plays on "
        "from the reference's state after the concession)",
    )
    parser.add_argument(
        "--players",
        type=int,
        action="append",
        help="only the variants of this many players (may be given more than once)",
    )
    args = parser.parse_args()
    variants = VARIANTS[args.game]
    indices = conceding(args.game) if args.concede else list(range(len(variants)))
    if args.players:
        indices = [i for i in indices if variants[i][1].get("players", 2) in args.players]
    quota = args.actions // (len(indices) * len(POLICIES))
    jobs = [(args.game, i, p, quota, args.first_seed, args.concede) for i in indices for p in POLICIES]
    start = time.perf_counter()
    total = Counts()
    failures = []
    print(f"{'setting':<66}{'policy':<11}{'games':>8}{'actions':>11}{'states':>11}{'legal sets':>12}")
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for index, policy, counts, error in pool.imap_unordered(job, jobs):
            total.add(counts)
            name = label(*variants[index])
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
