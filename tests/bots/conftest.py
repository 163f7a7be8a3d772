"""Every registered game and preset, plus the toy game, as (label, game) pairs for bot tests."""

from __future__ import annotations

from typing import Any

import cardroom
from cardroom.core.game import Game
from tests.support.toy_game import ToyGame


def all_variants() -> list[tuple[str, Game]]:
    """Each game under each preset at its default seats, and at 2 and 4 seats where options allow."""
    found: list[tuple[str, Game]] = []
    for name in cardroom.GAMES:
        cls: Any = cardroom.make(name).__class__
        if not cls.__module__.startswith("cardroom."):
            continue  # a test's own toy game (the server tests register one), not one of ours
        for preset in cls.presets:
            game = cardroom.make(name, preset=preset)
            found.append((f"{name}/{preset}/{game.players}p", game))
            if not any(o.name == "players" for o in cls.option_specs):
                continue
            for players in (2, 4):
                if players == game.players:
                    continue
                try:
                    other = cardroom.make(name, preset=preset, players=players)
                except cardroom.InvalidOptions:
                    continue
                found.append((f"{name}/{preset}/{players}p", other))
    # The toy game goes in as an object, unregistered, so no other test sees it in cardroom.GAMES; under
    # its high-card presets: rounds played by every seat at once, hidden draws and a burn window.
    found.append(("toy/sneaky", ToyGame(preset="sneaky")))
    found.append(("toy/sneaky-four", ToyGame(preset="sneaky-four")))
    return found


VARIANTS = all_variants()
