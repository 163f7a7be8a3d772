"""Helpers shared by the benchmark scripts: play bots against each other, Wilson intervals."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardroom.arena.stats import wilson
from cardroom.core.bot import Bot
from cardroom.core.game import Game
from cardroom.core.outcome import Outcome

__all__ = ["play", "wilson"]


def play(game: Game, bots: Sequence[Bot], seed: int) -> Outcome:
    """One game from ``seed``; ``bots[i]`` plays seat i, each seeing only its own view."""
    state = game.new_game(seed)
    rngs = [random.Random(seed * 31 + i) for i in range(game.players)]
    while not state.is_over:
        seat = state.to_act[0]
        text = bots[seat].choose(game, state.view(seat), rngs[seat])
        state = state.apply(seat, text)
    assert state.outcome is not None
    return state.outcome
