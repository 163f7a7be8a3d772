"""A table's card list for the browser (names, types, points, texts): public facts of the deck, never
where any card is. The game gives it (``Game.card_catalogue``); a game without one gives nothing."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import Game


def card_catalogue(game: Game) -> dict[str, dict[str, Any]]:
    return game.card_catalogue()
