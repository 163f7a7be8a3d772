"""Tells open sockets that their table changed. It carries no state: each socket, woken, computes its
own seat's view from the current game, so no socket is ever sent another seat's view.

A change only one seat may know about (its own hidden answer in a reaction window) wakes only that
seat's sockets: waking the others, even to send them the same view again, would tell them someone
had answered.

It also counts sockets, so that nobody can open thousands on one table and slow everyone else:
at most ``spectators`` spectator sockets per table, ``per_seat`` per seat, ``total`` in all.

And it knows whether anyone is looking at a table (a socket open, or its view or facts asked for
within :data:`LOOKED_FOR` seconds): a table of bots alone plays only while someone is (see
:meth:`until_watched`), so tables nobody follows cost no CPU.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, defaultdict

from cardroom.server.ops import timings

LOOKED_FOR = 60.0  # seconds a look at a table (a view or its facts over HTTP) counts as watching it


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
        self._looked: dict[str, float] = {}  # table id -> time.monotonic() of its last look over HTTP
        self._awaited: dict[str, asyncio.Event] = {}  # table id -> set when someone looks at it

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
        self._wake(table_id)
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

    def looked_at(self, table_id: str) -> None:
        """Someone asked for this table's view or facts over HTTP."""
        if len(self._looked) > 100_000:  # forget old looks rather than grow without bound
            cutoff = time.monotonic() - LOOKED_FOR
            self._looked = {t: at for t, at in self._looked.items() if at > cutoff}
        self._looked[table_id] = time.monotonic()
        self._wake(table_id)

    def attended(self, table_id: str) -> bool:
        """Whether anyone follows this table: a socket open here, or a look within LOOKED_FOR s."""
        looked = self._looked.get(table_id)
        return self.watched(table_id) or (looked is not None and time.monotonic() - looked < LOOKED_FOR)

    async def until_watched(self, table_id: str) -> None:
        """Return once someone follows this table (at once if someone does)."""
        while not self.attended(table_id):
            event = self._awaited.setdefault(table_id, asyncio.Event())
            await event.wait()

    def _wake(self, table_id: str) -> None:
        event = self._awaited.pop(table_id, None)
        if event is not None:
            event.set()

    def forget(self, table_id: str) -> None:
        """The room dropped the table from memory: forget when it was last looked at (its sockets, if
        any are open, stay: they still follow it)."""
        self._looked.pop(table_id, None)
        self._awaited.pop(table_id, None)

    def changed(self, table_id: str, only_seat: int | None = None) -> None:
        """Wake every socket of the table, or with ``only_seat`` only that seat's sockets."""
        if timings.ON:
            self.changed_at[table_id] = timings.clock()
        for event, seat in self._listeners.get(table_id, {}).items():
            if only_seat is None or seat == only_seat:
                event.set()
