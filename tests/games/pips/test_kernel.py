"""Pips' kernel against its reference rules, as every game's kernel is checked: the differential driver
(``games/kernel_diff.py``) through whole games, random and heuristic; the kernel's deals and re-deals
against the reference's as distributions (``games/kernel_proof.py``); and its information-set key
against the views."""

from __future__ import annotations

import itertools
from dataclasses import replace

import numpy as np
import pytest

import cardroom
from cardroom.core.game import State
from cardroom.core.kernel_face import KernelMismatch
from cardroom.games.kernel_proof import check_info_keys, deal_case, determinize_case, positions
from cardroom.games.pips import kernel_check
from cardroom.games.pips import kernel_search as ks
from cardroom.games.pips.game import PipsState
from cardroom.games.pips.kernel_codec import encode

ALPHA = 1e-3


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_kernel_plays_exactly_like_the_reference(policy: str) -> None:
    counts = kernel_check.run(cardroom.make("pips"), 300, first_seed=1000, policy=policy)
    assert counts.games == 300 and counts.actions == 300 * 6  # three tricks of two cards, every game
    assert counts.heuristic_choices == (1800 if policy == "heuristic" else 0)


def test_the_check_catches_a_kernel_that_breaks_a_rule() -> None:
    """A kernel in which the leader keeps the lead whoever takes the trick (the rules give it to the
    taker) is caught."""

    def leader_keeps_the_lead(state: State, s: ks.Arr, cfg: ks.Arr, seat: int, text: str) -> int:
        leader = int(s[ks.LEADER])
        drawn = kernel_check.DIFF.step(state, s, cfg, seat, text)
        s[ks.LEADER] = leader
        return drawn

    broken = replace(kernel_check.DIFF, step=leader_keeps_the_lead)
    with pytest.raises(KernelMismatch, match="pips"):
        broken.run(cardroom.make("pips"), 20)


def test_the_kernel_deals_and_redeals_like_the_reference() -> None:
    proof, game = kernel_check.proof(), cardroom.make("pips")
    for report in [deal_case(proof, game, 600, seed=1, alpha=ALPHA)] + [
        determinize_case(proof, game, state, state.to_act[0], 400, alpha=ALPHA)
        for state in itertools.islice(positions(game, 3, seed=5), 0, 18, 5)
    ]:
        assert report.features > 0 and report.samples > 0
        assert not report.failures, f"{report.case}: {report.failures}"


def test_the_same_key_exactly_when_the_views_are_equal() -> None:
    assert check_info_keys(kernel_check.proof(), cardroom.make("pips"), 60, seed=2, samples=2) > 500


def test_a_redeal_moves_only_the_unseen_cards() -> None:
    state = cardroom.make("pips").new_game(8)
    assert isinstance(state, PipsState)
    s = encode(state)
    for i in range(50):
        world = s.copy()
        ks.determinize(world, np.zeros(1, np.int64), 0, np.array([i + 1], np.int64))
        assert [int(p) for p in world[:7] if p == 0] == [0, 0, 0]
        assert all(world[c] == 0 for c in range(7) if s[c] == 0)  # seat 0's own cards stay
        assert sorted(int(p) for p in world[:7]) == sorted(int(p) for p in s[:7])
