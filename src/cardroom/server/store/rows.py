"""What the store hands out and takes in: plain rows, with no database types in them, so the rest of
the server reads and writes games without knowing SQL."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


class StepTaken(Exception):
    """Another action was stored for this step first."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  # human | bot | invite
    bot_spec: str | None
    token_hash: str | None
    name: str
    joined: bool


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    preset: str
    options: dict[str, Any]
    seed: int
    created: datetime
    status: str
    reaction_seconds: float
    turn_seconds: float | None
    rematch_of: str | None
    rematch_id: str | None
    seats: tuple[SeatRow, ...] = field(default=())
    clocks: dict[str, Any] | None = None  # the running clocks' deadlines, see Room.clocks_changed


@dataclass(frozen=True)
class ActionRow:
    step: int
    seat: int
    text: str
    timed_out: bool
    # When it was stored (always read back; None only where a caller builds a row by hand): a move
    # clock that began with this action ends ``turn_seconds`` after it, see ``room/clocks.py``.
    created: datetime | None = None


@dataclass(frozen=True)
class NewAction:
    table_id: str
    step: int
    seat: int
    text: str
    timed_out: bool
    over: bool
    # The time it is stored with, taken by the room when it made the move, so the room knows the
    # stored time without reading it back (None: the moment it is written).
    created: datetime | None = None


@dataclass(frozen=True)
class NewTable:
    """Everything a new table is stored with, written in one transaction (see ``tables.create_table``):
    nobody can see the table before it is whole, so a private table is never listed, not even for
    an instant."""

    row: TableRow
    hints_for_everyone: bool = False
    private: bool = False
    creator: str | None = None  # the hashed address the table counts against
    invitations: dict[int, str] = field(default_factory=dict)  # seat -> the invitation token's hash


@dataclass(frozen=True)
class Link:
    """An invitation or hand-over link (see ``links.py``)."""

    table_id: str
    seat: int
    spent: bool


@dataclass(frozen=True)
class Message:
    """One chat message at a table (seat ``None``: a spectator)."""

    seat: int | None
    name: str
    text: str
    created: datetime

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "name": self.name, "text": self.text, "created": self.created.isoformat()}


def now() -> datetime:
    return datetime.now(UTC)


def in_utc(stored: datetime) -> datetime:
    """A time read back from the database, in UTC: SQLite gives back the UTC time it was given without
    its zone, which ``timestamp()`` would otherwise take for the machine's local time."""
    return stored.replace(tzinfo=UTC) if stored.tzinfo is None else stored
