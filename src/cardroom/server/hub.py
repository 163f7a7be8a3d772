"""Tells open sockets that their table changed. It carries no state: each socket, woken, computes its
own seat's view from the current game, so no socket is ever sent another seat's view."""

from __future__ import annotations

import asyncio
from collections import defaultdict


class Hub:
    def __init__(self) -> None:
        self._listeners: defaultdict[str, set[asyncio.Event]] = defaultdict(set)

    def subscribe(self, table_id: str) -> asyncio.Event:
        event = asyncio.Event()
        self._listeners[table_id].add(event)
        return event

    def unsubscribe(self, table_id: str, event: asyncio.Event) -> None:
        listeners = self._listeners.get(table_id)
        if listeners is not None:
            listeners.discard(event)
            if not listeners:
                del self._listeners[table_id]

    def changed(self, table_id: str) -> None:
        for event in self._listeners.get(table_id, ()):
            event.set()
