"""The variants every adapter test runs on, and the tests' toy game under its high-card presets.

The toy game is registered from outside cardroom: the adapters must serve it with no change in
``cardroom.rl`` (it gets the generic encoder). The adapter tests play its "sneaky" presets (rounds played
face down by every seat at once, hidden draws, a burn window). It is registered only while tests/rl runs
(unless another test package of the same run registered it already), and the built-in games are named
here rather than read from ``cardroom.GAMES``, which other test packages extend with the toy game.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import cardroom
from tests.support.toy_game import NAME as TOY
from tests.support.toy_game import registered

BUILTIN = ("tacocat", "exploding-kittens", "taco")
# Player counts per game, each tried with every preset; other games play their presets as they are.
PLAYER_COUNTS: dict[str, list[dict[str, Any]]] = {
    "exploding-kittens": [{"players": 2}, {"players": 4}],
}
# The toy game's presets the adapters play: the shapes they must serve (the others are the room's).
TOY_PRESETS = ("sneaky", "sneaky-four")


@pytest.fixture(autouse=True, scope="package")
def _toy_game_registered() -> Iterator[None]:
    with registered():
        yield


def variants() -> list[Any]:
    """pytest params ``(name, preset, options)``: every built-in game that has landed, and the toy game."""
    found: list[Any] = []
    games: list[tuple[str, Any]] = [(n, cardroom.core.game_class(n).presets) for n in BUILTIN if n in cardroom.GAMES]
    games.append((TOY, TOY_PRESETS))
    for name, presets in games:
        for preset in presets:
            for options in PLAYER_COUNTS.get(name, [{}]):
                label = "-".join([name, preset] + [f"{k}{v}" for k, v in options.items()])
                found.append(pytest.param(name, preset, options, id=label))
    return found
