"""The kernels' own randomness against the reference engine's: a bounded slice of ``bench/kernels/fast_randomness.py``.

The differential tests replay the reference's draws, so they never run the kernels' own shuffles,
deals, steals and re-deals; these tests do (``cardroom/games/kernel_proof.py``). The shared shuffle
is checked by exact enumeration (all 120 orders of five cards); deals, random steps and re-deals by
chi-square tests of the kernel's results against the reference engine's from the same positions.
Seeds are fixed, so every run draws the same samples: a result never changes from run to run.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

import numpy as np
import pytest

import cardroom
from cardroom.core.compiled_random import mix, shuffle
from cardroom.games.kernel_proof import (
    Proof,
    Report,
    chi2_sf,
    deal_case,
    determinize_case,
    positions,
    random_steps,
    step_case,
)
from cardroom.games.kittens import kernel_check as kittens_check
from cardroom.games.taco import kernel as taco_kernel
from cardroom.games.taco import kernel_check as taco_check
from cardroom.games.tacocat import kernel_check as tacocat_check

ALPHA = 1e-3  # per case, shared among its features (Bonferroni)
PROOFS = {"tacocat": tacocat_check.proof, "exploding-kittens": kittens_check.proof, "taco": taco_check.proof}


def _passes(report: Report) -> None:
    assert report.features > 0 and report.samples > 0
    assert not report.failures, f"{report.case}: {report.failures}"


def _orders(shuffler: Any, draws: int) -> Counter[tuple[int, ...]]:
    counts: Counter[tuple[int, ...]] = Counter()
    for i in range(draws):
        counts[shuffler(i)] += 1
    return counts


def _uniform_p(counts: Counter[tuple[int, ...]], draws: int) -> float:
    orders = list(itertools.permutations(range(5)))
    expected = draws / len(orders)
    stat = sum((counts[o] - expected) ** 2 / expected for o in orders)
    return chi2_sf(stat, len(orders) - 1)


def test_the_shared_shuffle_deals_every_order_of_five_cards_equally_often() -> None:
    def one(i: int) -> tuple[int, ...]:
        a = np.arange(7, dtype=np.int64)
        shuffle(a, 1, 5, np.array([mix(11, i)], np.int64))
        assert a[0] == 0 and a[6] == 6  # only the slice moves
        return tuple(int(x) - 1 for x in a[1:6])

    draws = 24_000
    counts = _orders(one, draws)
    assert len(counts) == 120  # every order occurs
    assert _uniform_p(counts, draws) > 1e-4


def test_taco_own_shuffle_deals_every_order_of_five_cards_equally_often() -> None:
    """T.A.C.O.'s shuffle is its own (it can be scripted from the reference's generators)."""

    def one(i: int) -> tuple[int, ...]:
        s = np.zeros(taco_kernel.STATE_SIZE, np.int64)
        s[taco_kernel.DECK : taco_kernel.DECK + 5] = np.arange(5)
        taco_kernel.shuffle(s, taco_kernel.new_rng(i), taco_kernel.DECK, 5)
        return tuple(int(x) for x in s[taco_kernel.DECK : taco_kernel.DECK + 5])

    draws = 12_000
    counts = _orders(one, draws)
    assert len(counts) == 120
    assert _uniform_p(counts, draws) > 1e-4


DEALS = [
    ("tacocat", {"preset": "official"}),
    ("tacocat", {"preset": "print-and-play"}),
    ("tacocat", {"preset": "quick-reference"}),
    ("exploding-kittens", {"preset": "classic", "players": 2}),
    ("exploding-kittens", {"preset": "current", "players": 4}),
    ("exploding-kittens", {"preset": "classic", "players": 7}),
    ("taco", {"players": 2}),
    ("taco", {"players": 5, "deck": "v1"}),
]


@pytest.mark.parametrize(("name", "options"), DEALS, ids=[f"{n}-{o}" for n, o in DEALS])
def test_kernel_deals_like_the_reference(name: str, options: dict[str, Any]) -> None:
    game = cardroom.make(name, **options)
    _passes(deal_case(PROOFS[name](), game, 400, seed=1, alpha=ALPHA))


STEPPED = [
    ("tacocat", {}, ()),  # a new round's deal, after whichever action ends a round
    ("exploding-kittens", {"players": 2}, ("pass on pair", "pass on shuffle")),  # a steal, a Shuffle
    ("exploding-kittens", {"players": 4, "preset": "current"}, ("pass on pair", "pass on shuffle")),
    ("taco", {"players": 3}, ()),  # reshuffles, random poisons and steals
]


@pytest.mark.parametrize(("name", "options", "kinds"), STEPPED, ids=[f"{n}-{o}" for n, o, _ in STEPPED])
def test_kernel_random_steps_fall_like_the_reference(
    name: str, options: dict[str, Any], kinds: tuple[str, ...]
) -> None:
    proof: Proof = PROOFS[name]()
    game = cardroom.make(name, **options)
    found = random_steps(proof, game, games=20, seed=3, limit=2)
    assert len(found) == 2, "random play meets two kinds of random step within 20 games"
    assert {proof.step_kind(state, act) for state, _, act in found} >= set(kinds)
    for state, seat, act in found:
        _passes(step_case(proof, game, state, seat, act, 300, alpha=ALPHA))


@pytest.mark.parametrize(("name", "options"), [(n, o) for n, o, _ in STEPPED], ids=[f"{n}-{o}" for n, o, _ in STEPPED])
def test_kernel_redeals_like_the_reference_samples(name: str, options: dict[str, Any]) -> None:
    proof: Proof = PROOFS[name]()
    game = cardroom.make(name, **options)
    every = list(itertools.islice(positions(game, 2, seed=5), 200))
    for state in every[5::60]:
        seat = state.to_act[0]
        _passes(determinize_case(proof, game, state, seat, 300, alpha=ALPHA))
