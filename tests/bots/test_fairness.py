"""ISMCTS reads only the view: changing the hidden cards of the true state changes nothing it does."""

from __future__ import annotations

import random

import pytest

from cardroom.bots import make_bot
from cardroom.bots.ismcts import ISMCTSBot
from cardroom.core.game import Game
from tests.bots.conftest import VARIANTS
from tests.bots.positions import positions


@pytest.mark.parametrize(("label", "game"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_ismcts_ignores_hidden_cards_of_the_true_state(label: str, game: Game) -> None:
    bot = make_bot("ismcts:iterations=8,playout=random", game)
    assert isinstance(bot, ISMCTSBot)
    checked = 0
    for i, (state, seat) in enumerate(positions(game, 4, seed=3)):
        view = state.view(seat)
        if len(view["legal_actions"]) < 2:
            continue
        choice = bot.choose(game, view, random.Random(i))
        searched = bot.last.root  # visits and mean reward of every root action
        for k in range(3):
            other = state.shuffle_unknown(seat, random.Random(100 + k))
            assert other.view(seat) == view  # the same information set...
            assert bot.choose(game, other.view(seat), random.Random(i)) == choice  # ...the same decision
            assert bot.last.root == searched  # ...from the very same search
        checked += 1
    assert checked > 0


def test_bot_gets_a_view_not_a_state() -> None:
    from tests.support.toy_game import ToyGame

    game = ToyGame(preset="sneaky")
    state = game.new_game(5)
    bot = make_bot("ismcts:iterations=20", game)
    # The view is plain JSON data: nothing in it reaches the state it came from.
    view = state.view(0)
    assert all(not hasattr(v, "to_json") for v in view.values())
    assert bot.choose(game, view, random.Random(1)) in view["legal_actions"]
