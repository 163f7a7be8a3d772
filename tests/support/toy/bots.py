"""The toy game's heuristic bot, and the toy game in the registry for a test's duration."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import cardroom
from cardroom.core.game import Game
from cardroom.core.registry import _REGISTERED
from tests.support.toy.game import NAME, ToyGame


class HighestCardBot:
    """The quiet answer whenever it may give it (it never burns), else its highest card."""

    name = "heuristic"

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal = view["legal_actions"]
        quiet = view["options"]["quiet"]
        return str(quiet) if quiet in legal else str(legal[-1])


@contextmanager
def registered() -> Iterator[None]:
    """The toy game in the registry for the duration (the arena and the RL adapters make games by
    name); left there if something else registered it first (the room's tests do)."""
    added = NAME not in _REGISTERED
    if added:
        cardroom.register(NAME, ToyGame)
    try:
        yield
    finally:
        if added:
            _REGISTERED.pop(NAME, None)
