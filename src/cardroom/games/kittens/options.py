"""Options and presets: ``classic`` is the seed rule text (003), ``current`` the publisher's later rules."""

from __future__ import annotations

from typing import Any

from cardroom.core.options import Option


def _players(value: Any) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= 10:
        return f"Exploding Kittens seats 2 to 10 players (one deck up to 5, two decks from 6), not {value!r}"
    return None


def _deal(value: Any) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 8:
        return f"the deal is 1 to 8 cards per player before the Defuse, not {value!r}"
    return None


OPTION_SPECS: tuple[Option, ...] = (
    Option("players", 4, "number of players, 2 to 10 (6 or more play with two decks)", check=_players),
    Option("deal", 4, "cards dealt to each player before their Defuse", check=_deal),
    Option(
        "extra_defuses",
        "all",
        "Defuses not dealt that go back into the deck: 'all' (but only 2 with two players) or 'two' (at most 2)",
        choices=("all", "two"),
    ),
    Option(
        "attacks",
        "no-stacking",
        "an Attack by a player who owes turns: 'no-stacking' (the next player owes 2) or 'stacking'"
        " (the next player owes the attacker's remaining turns plus 2)",
        choices=("no-stacking", "stacking"),
    ),
    Option(
        "pairs",
        "icon",
        "which cards form two and three of a kind: 'icon' (any cards with the same icon, action cards"
        " too), 'title' (the same title) or 'cats' (cat cards only, the strictest reading)",
        choices=("icon", "title", "cats"),
    ),
    Option(
        "five_combo", True, "five cards with different icons take any card from the discard pile", choices=(True, False)
    ),
    Option(
        "exploded_cards",
        "discard",
        "an exploded player's cards: 'discard' (all to the discard pile, Kitten too) or 'removed' (set aside)",
        choices=("discard", "removed"),
    ),
)

PRESETS: dict[str, dict[str, Any]] = {
    "classic": {
        "deal": 4,
        "extra_defuses": "all",
        "attacks": "no-stacking",
        "pairs": "icon",
        "five_combo": True,
        "exploded_cards": "discard",
    },
    "current": {
        "deal": 7,
        "extra_defuses": "two",
        "attacks": "stacking",
        "pairs": "title",
        "five_combo": False,
        "exploded_cards": "removed",
    },
}
