"""The variants every adapter test runs on, and the test-only game "sneaky-high-card".

"sneaky-high-card" is registered from outside cardroom: the adapters must serve it with no change in
``cardroom.rl`` (it gets the generic encoder). It is registered only while tests/rl runs, so the other
test packages never see it; and the built-in games are named here rather than read from
``cardroom.GAMES``, which other test packages extend with toy games of their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import cardroom
from cardroom.core.registry import _REGISTERED
from tests.support.sneaky_game import SneakyGame

BUILTIN = ("tacocat", "exploding-kittens", "taco")
# Player counts per game, each tried with every preset; other games play their presets as they are.
PLAYER_COUNTS: dict[str, list[dict[str, Any]]] = {
    "exploding-kittens": [{"players": 2}, {"players": 4}],
}


@pytest.fixture(autouse=True, scope="package")
def _toy_game_registered() -> Iterator[None]:
    added = SneakyGame.name not in _REGISTERED
    if added:
        cardroom.register(SneakyGame.name, SneakyGame)
    yield
    if added:
        del _REGISTERED[SneakyGame.name]


def variants() -> list[Any]:
    """pytest params ``(name, preset, options)``: every built-in game that has landed, and the toy game."""
    found: list[Any] = []
    games: list[tuple[str, Any]] = [(n, cardroom.core.game_class(n)) for n in BUILTIN if n in cardroom.GAMES]
    games.append((SneakyGame.name, SneakyGame))
    for name, cls in games:
        for preset in cls.presets:
            for options in PLAYER_COUNTS.get(name, [{}]):
                label = "-".join([name, preset] + [f"{k}{v}" for k, v in options.items()])
                found.append(pytest.param(name, preset, options, id=label))
    return found
