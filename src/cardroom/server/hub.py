"""Tells open sockets that their table changed. It carries no state: each socket, woken, computes its
own seat's view from the current game, so no socket is ever sent another seat's view.

A change only one seat may know about (its own hidden answer in a reaction window) wakes only that
seat's sockets: waking the others, even to send them the same view again, would tell them someone
had answered.

It also counts sockets, so that nobody can open thousands on one table and slow everyone else:
at most ``spectators`` spectator sockets per table, ``per_seat`` per seat, ``total`` in all.
"""

from __future__ import annotations

import asyncio
from collections import Counter, defaultdict

from cardroom.server import timings


class Hub:
    def __init__(self, *, spectators: int = 100, per_seat: int = 8, total: int = 10_000) -> None:
        # table id -> {event: the seat the socket belongs to (None for a spectator)}
        self._listeners: defaultdict[str, dict[asyncio.Event, int | None]] = defaultdict(dict)
        self.spectators = spectators
        self.per_seat = per_seat
        self.total = total
        self._open: Counter[tuple[str, int | None]] = Counter()
        self._all = 0
        self.changed_at: dict[str, float] = {}  # table id -> when it last changed (timings on only)

    def refusal(self, table_id: str, seat: int | None) -> str | None:
        """Why one more socket for this seat (``None``: a spectator) is refused, or ``None``."""
        if self._all >= self.total:
            return "the room is full; try again later"
        if seat is None and self._open[(table_id, None)] >= self.spectators:
            return f"at most {self.spectators} spectators per table"
        if seat is not None and self._open[(table_id, seat)] >= self.per_seat:
            return f"at most {self.per_seat} sockets per seat"
        return None

    def subscribe(self, table_id: str, seat: int | None = None) -> asyncio.Event:
        event = asyncio.Event()
        self._listeners[table_id][event] = seat
        self._open[(table_id, seat)] += 1
        self._all += 1
        return event

    def unsubscribe(self, table_id: str, event: asyncio.Event, seat: int | None = None) -> None:
        listeners = self._listeners.get(table_id)
        if listeners is not None and event in listeners:
            seat = listeners.pop(event)
            if not listeners:
                del self._listeners[table_id]
                self.changed_at.pop(table_id, None)
            self._open[(table_id, seat)] -= 1
            if self._open[(table_id, seat)] <= 0:
                del self._open[(table_id, seat)]
            self._all -= 1

    def watched(self, table_id: str) -> bool:
        """Whether any socket is open on this table here."""
        return table_id in self._listeners

    def changed(self, table_id: str, only_seat: int | None = None) -> None:
        """Wake every socket of the table, or with ``only_seat`` only that seat's sockets."""
        if timings.ON:
            self.changed_at[table_id] = timings.clock()
        for event, seat in self._listeners.get(table_id, {}).items():
            if only_seat is None or seat == only_seat:
                event.set()
