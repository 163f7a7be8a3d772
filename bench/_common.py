"""Helpers shared by the benchmark scripts: play bots against each other, Wilson intervals."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from cardroom.core.bot import Bot
from cardroom.core.game import Game
from cardroom.core.outcome import Outcome


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


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
