"""What the store hands out about people: plain rows. None of them carries a password hash: the
hash is read and checked inside the store, and only whether it matched comes out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    created: datetime
    suspended: bool


@dataclass(frozen=True)
class HeldSeat:
    """A seat an account holds, with the public facts of its table (for "my games")."""

    table_id: str
    seat: int
    seat_name: str
    game: str
    status: str  # playing | finished | abandoned ...
    created: datetime
    private: bool


@dataclass(frozen=True)
class Report:
    id: int
    table_id: str
    by_seat: int | None
    about_seat: int | None
    message_id: int | None
    reason: str
    created: datetime


@dataclass(frozen=True)
class Standing:
    """One line of a game's leaderboard."""

    name: str
    shown: float
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class RatedGame:
    """A person's rating after one rated table."""

    table_id: str
    game: str
    place: int
    shown: float
    created: datetime
