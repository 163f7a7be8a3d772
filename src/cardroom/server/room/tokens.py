"""Seat tokens: 192 random bits handed to a player once, kept by the server only as a SHA-256 hash."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

from cardroom.locale import say
from cardroom.server.errors import WrongToken

if TYPE_CHECKING:
    from cardroom.server.room.live import Live

SUSPENDED = "this account is suspended: its seats cannot play or chat any more (ask whoever runs this room)"


class SuspendedSeat(WrongToken):
    """403: the token opens a seat held by a suspended account. A kind of :class:`WrongToken`, so that
    everything refusing a wrong token refuses it too; the answer says why, in the request's language."""

    def __init__(self) -> None:
        super().__init__(SUSPENDED)

    def in_language(self, lang: str) -> str:
        return say(lang, SUSPENDED)


class SuspendedSeats:
    """The (table id, seat) pairs held by suspended accounts at tables still being played, kept in
    memory so that refusing them costs every request one set lookup (no database read per action).
    Each database's watcher (:mod:`.suspensions`) replaces its own share every few seconds, so a
    suspension made by another process (``cardroom admin suspend``) is heard there too."""

    def __init__(self) -> None:
        self._by_source: dict[str, frozenset[tuple[str, int]]] = {}
        self._all: frozenset[tuple[str, int]] = frozenset()

    def replace(self, source: str, seats: frozenset[tuple[str, int]]) -> frozenset[tuple[str, int]]:
        """``source``'s (one database's) suspended seats are now ``seats``: those newly suspended."""
        before = self._by_source.get(source, frozenset())
        self._by_source[source] = seats
        self._all = frozenset().union(*self._by_source.values())
        return seats - before

    def forget(self, source: str) -> None:
        self.replace(source, frozenset())
        del self._by_source[source]

    def __contains__(self, seat: tuple[str, int]) -> bool:
        return seat in self._all


# One per process: the seats of every room this process serves (a test may run several at once, each
# under its own source).
suspended_seats = SuspendedSeats()


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 24 bytes = 192 bits


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_table_id() -> str:
    # Table ids are public (they are in every link) but unguessable enough not to be enumerated.
    return secrets.token_hex(8)


def seat_of(live: Live, token: str | None) -> int:
    """The seat a token opens at this table; :class:`WrongToken` if none, :class:`SuspendedSeat` if a
    suspended account holds it. Every request with a seat's token comes through here: this is the one
    place a suspended account's seat is refused (its moves, chat, view and socket alike), and the
    room's absent-player rules then play on for it as for anyone who left."""
    seat = any_seat_of(live, token)
    if (live.row.id, seat) in suspended_seats:
        raise SuspendedSeat()
    return seat


def any_seat_of(live: Live, token: str | None) -> int:
    """The seat a token opens, suspended or not (sitting down asks the database, which is never
    behind); :class:`WrongToken` if none."""
    if token:
        hashed = hash_token(token)  # once, not once per seat compared
        for s in live.row.seats:  # in constant time, so the time taken says nothing of how close a guess was
            if s.token_hash is not None and hmac.compare_digest(hashed, s.token_hash):
                return s.seat
    raise WrongToken()
