"""How many seats a table of a game may have, for the lobby's list of games."""

from __future__ import annotations

from typing import Any

from cardroom.core.errors import InvalidOptions


def seat_counts(cls: Any) -> list[int]:
    """The `players` option's allowed values (the game's fixed count if it has no such option)."""
    spec = next((o for o in cls.option_specs if o.name == "players"), None)
    if spec is None:
        return [int(cls().players)]
    counts = []
    for n in range(1, 11):
        try:
            spec.validate(n)
        except InvalidOptions:
            continue
        counts.append(n)
    return counts
