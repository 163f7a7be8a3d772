"""A new table's row, as every way of making one makes it: a fresh id, created now, playing, its own
seats and clocks (a lobby table, a rematch, a deal of the day, a friend's challenge)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.server.room import tokens
from cardroom.server.store import SeatRow, TableRow, now


def new_table_row(
    game: str,
    preset: str,
    options: Mapping[str, Any],
    seed: int,
    seats: Sequence[SeatRow],
    reaction_seconds: float,
    turn_seconds: float | None,
    rematch_of: str | None = None,
) -> TableRow:
    return TableRow(
        id=tokens.new_table_id(),
        game=game,
        preset=preset,
        options=dict(options),
        seed=seed,
        created=now(),
        status="playing",
        reaction_seconds=reaction_seconds,
        turn_seconds=turn_seconds,
        rematch_of=rematch_of,
        rematch_id=None,
        seats=tuple(seats),
    )
