"""How long a table's clocks run for the seats they ask: the table's setting, ten times that for a
seat with more time (WCAG 2.2.1 asks for at least ten times the default)."""

from __future__ import annotations

from cardroom.server.room.live import Live

FACTOR = 10


def window_seconds(live: Live, asked: tuple[int, ...]) -> float:
    """How long a reaction window asking these seats runs at this table."""
    factor = FACTOR if live.more_time.intersection(asked) else 1
    return live.row.reaction_seconds * factor


def turn_seconds(live: Live, seat: int) -> float:
    """How long the move clock of this seat runs at this table (0: the table has none)."""
    base = live.row.turn_seconds or 0
    return base * (FACTOR if seat in live.more_time else 1)
