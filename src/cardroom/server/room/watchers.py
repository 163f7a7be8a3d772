"""Who follows one table in this process: its open sockets, its last look over HTTP, and the bots
of a table of bots alone waiting for someone to look. Kept on the table's own object
(``Live.watchers``), so it leaves memory with the table; the rules that apply to every table (how
many sockets a table, a seat and the process may have, what waking means) are the :class:`Hub`'s.

A table with a socket open here is never dropped from memory (see ``HeldTables``): a socket follows
the table's object, so the object must stay the one every change reaches. A rebuild of the table
from the database hands this same object on (``Live.carry_over``)."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Watchers:
    # event -> the seat whose socket waits on it (None for a spectator's)
    sockets: dict[asyncio.Event, int | None] = field(default_factory=dict)
    # seat (None: spectators) -> its sockets open here
    per_seat: Counter[int | None] = field(default_factory=Counter)
    # time.monotonic() of the last look at the table's view or facts over HTTP
    looked: float | None = None
    # set when someone looks at the table: bots alone at it wait for that (see ``Hub.until_watched``)
    awaited: asyncio.Event | None = None
    # when the table last changed (timings on only), to time the push to its sockets
    changed_at: float | None = None

    def seats(self) -> set[int]:
        """The seats with a socket open here."""
        return {seat for seat, count in self.per_seat.items() if seat is not None and count > 0}

    def has(self, seat: int) -> bool:
        """Whether ``seat`` has a socket open here (asked on every move: no set is built)."""
        return self.per_seat.get(seat, 0) > 0
