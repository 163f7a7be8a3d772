"""The analysis on the compiled kernel and on the reference engine: the same answers within noise."""

from __future__ import annotations

import math
import random

import pytest

import cardroom
from cardroom.analysis import Precision, evaluate
from cardroom.analysis.engines import KernelRollouts, ReferenceRollouts, rollouts_for
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.bots.policy import make_policy


def _views(seed: int, seat: int = 0) -> list[dict[str, object]]:
    game = cardroom.make("tacocat")
    state, found = game.new_game(seed), []
    for s, text in heuristic_actions(game, seed):
        if s == seat and len(state.legal_actions(seat)) > 1:
            found.append(state.view(seat))
        state = state.apply(s, text)
    return found


def test_auto_takes_the_kernel_for_tacocat_and_a_bad_engine_is_refused() -> None:
    game = cardroom.make("tacocat")
    assert isinstance(rollouts_for(game), KernelRollouts)
    assert isinstance(rollouts_for(game, "reference"), ReferenceRollouts)
    big = cardroom.make("tacocat", deck="9,9,9,9,9,9,9,9,9,9,9,9")  # 108 cards: more than the kernel holds
    assert isinstance(rollouts_for(big), ReferenceRollouts)
    with pytest.raises(ValueError, match="no compiled kernel"):
        rollouts_for(big, "kernel")
    with pytest.raises(ValueError, match="engine must be one of auto, kernel, reference"):
        rollouts_for(game, "gpu")


def test_a_world_is_the_same_whichever_batch_asks_for_it() -> None:
    """World i depends on (view, seed, i) only: batches and dropped actions change no number."""
    game = cardroom.make("tacocat")
    view = _views(4)[3]
    legal = list(view["legal_actions"])  # type: ignore[call-overload]
    for engine in (rollouts_for(game, "kernel"), rollouts_for(game, "reference")):
        whole = engine.rows(view, legal, 11, 0, 6)
        parts = engine.rows(view, legal, 11, 0, 2) + engine.rows(view, legal[::-1], 11, 2, 4)
        assert [row for row in parts[:2]] == whole[:2]
        assert [row[::-1] for row in parts[2:]] == whole[2:]
        assert all(r in (0.0, 0.5, 1.0) for row in whole for r in row)


def test_kernel_and_reference_agree_within_noise() -> None:
    game = cardroom.make("tacocat")
    policy = make_policy(game, "heuristic")
    view = _views(2)[5]
    chosen = view["legal_actions"][0]  # type: ignore[index]
    fixed = Precision(min_worlds=400, max_worlds=400)
    ref = evaluate(game, view, chosen, policy, random.Random(1), fixed, engine=rollouts_for(game, "reference"))
    fast = evaluate(game, view, chosen, policy, random.Random(1), fixed, engine=rollouts_for(game, "kernel"))
    assert ref.worlds == fast.worlds == 400
    assert [v.action for v in sorted(ref.values, key=lambda v: v.action)] == [
        v.action for v in sorted(fast.values, key=lambda v: v.action)
    ]
    # The chosen action's win chance: two independent means, each with its standard error.
    gap = abs(ref.chosen_value.win - fast.chosen_value.win)
    assert gap <= 4 * math.hypot(ref.chosen_se, fast.chosen_se) + 0.01
    # Every other action's advantage over the chosen one (paired), held to its interval.
    fast_by = {v.action: v for v in fast.values}
    for v in ref.values:
        if v.dropped or fast_by[v.action].dropped or v.action == chosen:
            continue
        other = fast_by[v.action]
        assert abs(v.advantage - other.advantage) <= 2 * math.hypot(v.half_width, other.half_width) + 0.01


def test_the_starting_chance_agrees() -> None:
    game = cardroom.make("tacocat")
    ref = rollouts_for(game, "reference").prior(0, 256, 3)
    fast = rollouts_for(game, "kernel").prior(0, 8192, 3)
    assert abs(ref[0] - fast[0]) <= 4 * math.hypot(ref[1], fast[1])
    assert fast[1] < ref[1] / 4  # the kernel's many games pin it far tighter
