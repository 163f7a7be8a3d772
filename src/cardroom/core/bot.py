"""What a bot is: something that, shown one seat's view, picks one of that view's legal actions.

Bots never see a :class:`~cardroom.core.game.State`. A bot that needs the hidden cards imagines them
with ``game.sample(view, rng)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from cardroom.core.game import Game


@runtime_checkable
class Bot(Protocol):
    """Chooses an action for the seat whose view it is given; returns the action's text."""

    name: str

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str: ...
