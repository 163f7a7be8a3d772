"""More time: a seat's person may ask for longer clocks (WCAG 2.2.1, timing adjustable).

While a seat has it, every reaction window that seat is asked in and that seat's move clock run
:data:`FACTOR` times the table's settings. Which seats have it is public (every viewer's seat list
says "Bob has more time"), so a window that runs ten times as long because a seat with more time may
answer it tells nobody anything: its length depends only on who is asked (every seat that may react,
whatever its cards, see docs/server.md) and on that public set, never on anyone's cards or answers.

The set is stored (``more_time_seats``), read with the table when it is loaded, and read again when
another process says the table changed; the clocks themselves are stored as deadlines with the table
(:mod:`.clocks`), so a restarted server ends each when it would have.

Turning it on while a clock runs for that seat lengthens that clock at once (the window or move clock
then ends ``FACTOR`` times its length after it began); turning it off leaves a running clock alone
(nobody loses time they were given) and the next one is the table's own.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from cardroom.core.game import State
from cardroom.server.errors import Refused
from cardroom.server.room.clock_lengths import FACTOR, window_seconds
from cardroom.server.room.clocks import window_open
from cardroom.server.room.live import Live


class Clocks(Protocol):
    def after_change(self, live: Live, previous: State | None) -> None:
        """Set the table's clocks going again from its deadlines (see :class:`.autoplay.Autoplay`)."""
        ...


class MoreTimeStore(Protocol):
    def set_more_time(self, table_id: str, seat: int, on: bool) -> None: ...


def take(live: Live, seats: frozenset[int]) -> bool:
    """The table's set of seats with more time is now ``seats``: lengthen the running clocks of the
    seats that just turned it on. True if anything changed (the caller sets the clocks going again)."""
    if seats == live.more_time:
        return False
    added = seats - live.more_time
    old_window = window_seconds(live, live.state.to_act) if live.window_deadline is not None else 0.0
    live.more_time = seats  # replaced, never changed in place: a cached snapshot can tell it changed
    if live.window_deadline is not None and window_open(live) and added.intersection(live.state.to_act):
        live.window_deadline += window_seconds(live, live.state.to_act) - old_window
    base = live.row.turn_seconds or 0
    for seat in added.intersection(live.turn_deadlines):
        live.turn_deadlines[seat] += base * (FACTOR - 1)
    return True


class MoreTime:
    """Turning a seat's setting on or off, stored, and the table's clocks changed to match."""

    def __init__(self, store: MoreTimeStore, clocks: Clocks) -> None:
        self.store = store
        self.clocks = clocks

    async def turn(self, live: Live, seat: int, on: bool) -> bool:
        """Turn ``seat``'s setting on or off at this table; True if it changed (the caller wakes the
        table's sockets). Refused at a table whose game is over or closed."""
        if live.is_over or live.row.status != "playing":
            raise Refused("the game is over: there is no clock to lengthen")
        async with live.lock:
            await asyncio.to_thread(self.store.set_more_time, live.row.id, seat, on)
            seats = live.more_time | {seat} if on else live.more_time - {seat}
            if not take(live, frozenset(seats)):
                return False
            if not live.waiting_for:
                self.clocks.after_change(live, None)  # the lengthened deadlines queued and stored
        return True
