"""Tells open sockets that their table changed. It carries no state: each socket, woken, computes its
own seat's view from the current game, so no socket is ever sent another seat's view.

A change only one seat may know about (its own hidden answer in a reaction window) wakes only that
seat's sockets: waking the others, even to send them the same view again, would tell them someone
had answered.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict


class Hub:
    def __init__(self) -> None:
        # table id -> {event: the seat the socket belongs to (None for a spectator)}
        self._listeners: defaultdict[str, dict[asyncio.Event, int | None]] = defaultdict(dict)

    def subscribe(self, table_id: str, seat: int | None = None) -> asyncio.Event:
        event = asyncio.Event()
        self._listeners[table_id][event] = seat
        return event

    def unsubscribe(self, table_id: str, event: asyncio.Event) -> None:
        listeners = self._listeners.get(table_id)
        if listeners is not None:
            listeners.pop(event, None)
            if not listeners:
                del self._listeners[table_id]

    def changed(self, table_id: str, only_seat: int | None = None) -> None:
        """Wake every socket of the table, or with ``only_seat`` only that seat's sockets."""
        for event, seat in self._listeners.get(table_id, {}).items():
            if only_seat is None or seat == only_seat:
                event.set()
