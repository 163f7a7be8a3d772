"""The kernel's rollouts with the action HOLD: the seat's chance where another seat is to act (the
analysis's luck per event). The same value as the reference engine's, within the noise, and a pure
function of the view and the seed."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import cardroom
from cardroom.analysis.engines import KernelRollouts, ReferenceRollouts, rollouts_for
from cardroom.bots.policy import make_policy
from cardroom.core.kernel_face import HOLD

GAMES = [("tacocat", {}), ("exploding-kittens", {"players": 2}), ("taco", {"players": 4})]


def _others_turn(name: str, options: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A game and seat 0's view at the first position where seat 0 is not to act."""
    game = cardroom.make(name, **options)
    policy = make_policy(game, "heuristic")
    rng, state = random.Random(2), game.new_game(2)
    while 0 in state.to_act:
        state = state.apply(0, policy.move(state, 0, rng))
    return game, state.view(0)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_hold_values_a_position_where_another_seat_acts(name: str, options: dict[str, Any]) -> None:
    game, view = _others_turn(name, options)
    assert not view["legal_actions"], "seat 0 is not to act here"
    kernel = rollouts_for(game, "kernel")
    assert isinstance(kernel, KernelRollouts)
    fast = kernel.hold(view, 5, 0, 512)
    assert len(fast) == 512 and all(0.0 <= v <= 1.0 for v in fast)
    assert fast == kernel.hold(view, 5, 0, 512) and fast != kernel.hold(view, 6, 0, 512)
    assert kernel.hold(view, 5, 100, 20) == fast[100:120]  # world i depends on (view, seed, i) only
    assert kernel.rows(view, [HOLD], 5, 0, 8) == [[v] for v in fast[:8]]
    slow = ReferenceRollouts(game).hold(view, 5, 0, 48)
    mean_fast, mean_slow = sum(fast) / len(fast), sum(slow) / len(slow)
    se = math.sqrt(0.25 / len(fast) + 0.25 / len(slow))
    assert abs(mean_fast - mean_slow) < 4 * se, (mean_fast, mean_slow)
