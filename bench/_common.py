"""Helpers shared by the benchmark scripts: play bots against each other, Wilson intervals, the shipped
opponent-model tables."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardroom.arena.stats import wilson
from cardroom.core.bot import Bot
from cardroom.core.game import Game
from cardroom.core.outcome import Outcome

__all__ = ["play", "wilson", "write_model_row"]


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


def write_model_row(table: Path, model: str, row: dict[str, Any], about: str) -> None:
    """Put ``model``'s ``row`` (with the command that made it) into the shipped JSON ``table``, keeping
    the other models' rows."""
    data = json.loads(table.read_text()) if table.exists() else {"models": {}}
    data["models"][model] = row
    data["about"] = about
    table.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {model} ({row['games']} games) to {table.name}")
