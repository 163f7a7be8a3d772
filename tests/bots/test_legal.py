"""Every bot returns only legal actions, in every game and preset, over many seeded positions."""

from __future__ import annotations

import random

import pytest

from cardroom.bots import make_bot
from cardroom.core.game import Game
from tests.bots.conftest import VARIANTS
from tests.bots.positions import positions

# (spec, positions per variant): cheap bots see many positions, searches fewer but real ones.
BOTS = [("random", 40), ("heuristic", 40), ("ismcts:iterations=6", 6), ("oracle:iterations=6", 3)]


@pytest.mark.parametrize(("label", "game"), VARIANTS, ids=[v[0] for v in VARIANTS])
@pytest.mark.parametrize(("spec", "count"), BOTS, ids=[b[0] for b in BOTS])
def test_bot_returns_legal_actions(label: str, game: Game, spec: str, count: int) -> None:
    bot = make_bot(spec, game, allow_cheats=True)
    for i, (state, seat) in enumerate(positions(game, count, seed=7)):
        rng = random.Random(i)
        if getattr(bot, "cheats", False):
            text = bot.choose_with_state(game, state, seat, rng)  # type: ignore[attr-defined]
        else:
            text = bot.choose(game, state.view(seat), rng)
        legal = [str(a) for a in state.legal_actions(seat)]
        assert text in legal, f"{spec} chose {text!r} at step {state.step}; legal: {legal}"
