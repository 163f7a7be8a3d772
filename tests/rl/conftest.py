"""Registers the test-only game "high-card" and lists the variants every adapter test runs on.

"high-card" is registered from outside cardroom: the adapters must serve it with no change in
``cardroom.rl`` (it gets the generic encoder).
"""

from __future__ import annotations

from typing import Any

import pytest

import cardroom
from tests.rl.toygame import HighCardGame

if "high-card" not in cardroom.GAMES:
    cardroom.register("high-card", HighCardGame)

# Player counts per game, each tried with every preset; a game not listed plays its presets as they are.
PLAYER_COUNTS: dict[str, list[dict[str, Any]]] = {
    "exploding-kittens": [{"players": 2}, {"players": 4}],
}


def variants() -> list[Any]:
    """pytest params ``(name, preset, options)``; a game still being written is skipped, not hidden."""
    found: list[Any] = []
    for name in cardroom.GAMES:
        try:
            presets = list(cardroom.core.game_class(name).presets)  # type: ignore[attr-defined]
        except (ImportError, AttributeError) as exc:
            found.append(pytest.param(name, None, {}, id=name, marks=pytest.mark.skip(reason=f"not importable: {exc}")))
            continue
        for preset in presets:
            for options in PLAYER_COUNTS.get(name, [{}]):
                label = "-".join([name, preset] + [f"{k}{v}" for k, v in options.items()])
                found.append(pytest.param(name, preset, options, id=label))
    return found
