"""A heuristic bot's brief view (what ``choose_in`` reads instead of the whole view) agrees with the
view: every entry it has is the view's, and the bot chooses the same from either, in every game."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import cardroom
from cardroom.bots.policy import heuristic_bot
from tests.bots.positions import positions

SETTINGS = [("tacocat", {}), ("exploding-kittens", {"players": 2}), ("exploding-kittens", {"players": 4}),
            ("taco", {"players": 4})]  # fmt: skip


def within(brief: Any, view: Any) -> bool:
    """Every entry of ``brief`` is in ``view`` with the same value (dicts may hold fewer entries)."""
    if isinstance(brief, dict) and isinstance(view, dict):
        return all(k in view and within(v, view[k]) for k, v in brief.items())
    return bool(brief == view)


@pytest.mark.parametrize(("name", "options"), SETTINGS)
def test_brief_view_agrees_with_the_view(name: str, options: dict[str, int]) -> None:
    game = cardroom.make(name, **options)
    bot = heuristic_bot(game)
    assert bot is not None and hasattr(bot, "choose_in"), f"{name}'s heuristic has no choose_in"
    brief_view = importlib.import_module(type(bot).__module__).brief_view
    checked = 0
    for n, (start, _seat) in enumerate(positions(game, 12, seed=3)):
        # Walk on from each position with the heuristic, checking every seat to act at every step.
        state, rng = start, random.Random(n)
        while not state.is_over and state.step < start.step + 40:
            for seat in state.to_act:
                view, brief = state.view(seat), brief_view(state, seat)
                assert within(brief, view), (brief, view)
                assert bot.choose_in(state, seat, random.Random(checked)) == bot.choose(
                    game, view, random.Random(checked)
                )
                checked += 1
            seat = state.to_act[0]
            state = state.apply(seat, bot.choose(game, state.view(seat), rng))
    assert checked > 100
