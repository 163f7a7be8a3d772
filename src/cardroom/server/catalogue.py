"""A table's card list for the browser (names, types, points, texts): public facts of the deck, never
where any card is. Games with a data-file deck (T.A.C.O.) have one; the others return nothing."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import Game


def card_catalogue(game: Game) -> dict[str, dict[str, Any]]:
    deck = getattr(game, "deck", None)
    specs = getattr(deck, "specs", None)
    if specs is None:
        return {}
    return {
        spec.slug: {
            "name": spec.name,
            "type": spec.type,
            "points": spec.points,
            "text": spec.text,
            "food": getattr(spec, "food", None),
        }
        for spec in specs
    }
