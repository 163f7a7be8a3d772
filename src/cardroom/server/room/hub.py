"""Tells open sockets that their table changed. It carries no game state: each socket, woken,
computes its own seat's view from the current game, so no socket is ever sent another seat's view.

A change only one seat may know about (its own hidden answer in a reaction window) wakes only that
seat's sockets: waking the others, even to send them the same view again, would tell them someone
had answered.

Who follows a table is kept on the table (:class:`.watchers.Watchers`, ``Live.watchers``); the hub
holds what is the same for every table: the limits on sockets, so that nobody can open thousands on
one table and slow everyone else (at most ``spectators`` spectator sockets per table, ``per_seat``
per seat, ``total`` in all), and the count of every socket open in this process.

It also knows whether anyone is looking at a table (a socket open, or its view or facts asked for
within :data:`LOOKED_FOR` seconds): a table of bots alone plays only while someone is (see
:meth:`until_watched`), so tables nobody follows cost no CPU.
"""

from __future__ import annotations

import asyncio
import time

from cardroom.server.ops import metrics, timings
from cardroom.server.room.live import Live

LOOKED_FOR = 60.0  # seconds a look at a table (a view or its facts over HTTP) counts as watching it


class Hub:
    def __init__(self, *, spectators: int = 100, per_seat: int = 8, total: int = 10_000) -> None:
        self.spectators = spectators
        self.per_seat = per_seat
        self.total = total
        self._all = 0  # sockets open in this process, on every table

    @property
    def open_sockets(self) -> int:
        """Sockets open in this process, on every table."""
        return self._all

    def refusal(self, live: Live, seat: int | None) -> str | None:
        """Why one more socket for this seat (``None``: a spectator) is refused, or ``None``."""
        if self._all >= self.total:
            return "the room is full; try again later"
        open_here = live.watchers.per_seat[seat]
        if seat is None and open_here >= self.spectators:
            return f"at most {self.spectators} spectators per table"
        if seat is not None and open_here >= self.per_seat:
            return f"at most {self.per_seat} sockets per seat"
        return None

    def subscribe(self, live: Live, seat: int | None = None) -> asyncio.Event:
        watchers = live.watchers
        self._wake(live)
        event = asyncio.Event()
        watchers.sockets[event] = seat
        watchers.per_seat[seat] += 1
        self._all += 1
        return event

    def unsubscribe(self, live: Live, event: asyncio.Event) -> None:
        watchers = live.watchers
        if event not in watchers.sockets:
            return
        seat = watchers.sockets.pop(event)
        if not watchers.sockets:
            watchers.changed_at = None
            if live.is_over:
                live.forget_shown()
        watchers.per_seat[seat] -= 1
        if watchers.per_seat[seat] <= 0:
            del watchers.per_seat[seat]
        self._all -= 1

    def watched(self, live: Live) -> bool:
        """Whether any socket is open on this table here."""
        return bool(live.watchers.sockets)

    def looked_at(self, live: Live) -> None:
        """Someone asked for this table's view or facts over HTTP."""
        live.watchers.looked = time.monotonic()
        self._wake(live)

    def attended(self, live: Live) -> bool:
        """Whether anyone follows this table: a socket open here, or a look within LOOKED_FOR s."""
        looked = live.watchers.looked
        return self.watched(live) or (looked is not None and time.monotonic() - looked < LOOKED_FOR)

    async def until_watched(self, live: Live) -> None:
        """Return once someone follows this table (at once if someone does)."""
        watchers = live.watchers
        while not self.attended(live):
            if watchers.awaited is None:
                watchers.awaited = asyncio.Event()
            await watchers.awaited.wait()

    def _wake(self, live: Live) -> None:
        watchers = live.watchers
        if watchers.awaited is not None:
            watchers.awaited.set()
            watchers.awaited = None

    def changed(self, live: Live, only_seat: int | None = None) -> None:
        """Wake every socket of the table, or with ``only_seat`` only that seat's sockets."""
        watchers = live.watchers
        if timings.ON or metrics.ON:  # a push's latency is measured from here
            watchers.changed_at = timings.clock()
        for event, seat in watchers.sockets.items():
            if only_seat is None or seat == only_seat:
                event.set()
