"""The random bot: a uniformly random legal action. The floor every other bot must clear."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.core.game import Game


class RandomBot:
    name = "random"

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal = view["legal_actions"]
        if not legal:
            raise ValueError("this view has no legal action: the seat is not to act")
        return str(rng.choice(legal))
