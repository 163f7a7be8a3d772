"""A hint reads only the asking seat's view: dealing every card it cannot see again changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardroom
from cardroom.analysis.evaluate import heuristic_actions
from cardroom.server.room.hints import _rank


@pytest.mark.parametrize(("name", "options"), [("tacocat", {}), ("exploding-kittens", {"players": 3})])
def test_a_hint_is_the_same_when_unseen_cards_are_dealt_again(name: str, options: dict[str, Any]) -> None:
    game = cardroom.make(name, **options)
    state = game.new_game(8)
    for k, (seat, text) in enumerate(heuristic_actions(game, 8)):
        if k > 12 and seat == 0 and len(state.legal_actions(0)) > 2:
            break
        state = state.apply(seat, text)
    first = _rank(game, state, 0, "t1")
    assert len(first["actions"]) == len(state.legal_actions(0))
    redeal = random.Random(5)
    for _ in range(2):
        other = state.shuffle_unknown(0, redeal)
        assert _rank(game, other, 0, "t1") == first
