"""The public list of tables (``GET /api/tables``), the lobby page's poll.

Every visitor gets the same list, so it is made once and shared: at most once per :data:`KEEP`
seconds, off the event loop (its reads, and the replay of any table not in memory, run on a thread),
and encoded once. Twenty clients polling it as fast as they could once held every table's actions
up for most of a second each time (it read the database on the event loop for every request).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from cardroom.server.errors import UnknownTable
from cardroom.server.jsonbytes import dumps
from cardroom.server.room.snapshots import public_summary

if TYPE_CHECKING:
    from cardroom.server.room.rooms import Room
    from cardroom.server.store import Store

KEEP = 2.0  # seconds one list is served (the lobby page polls every 5 s)
SHOWN = 50  # the newest tables listed


class Lobby:
    def __init__(self, room: Room, store: Store) -> None:
        self.room = room  # each listed table's public facts, from memory or read into it
        self.store = store  # the newest tables and which of them are private
        self._made: tuple[float, bytes] | None = None
        self._making: asyncio.Future[bytes] | None = None

    async def encoded(self) -> bytes:
        """The list as JSON: the one made within the last :data:`KEEP` seconds, else a new one (one
        at a time: requests that arrive while it is made wait for that one)."""
        if self._made is not None and time.monotonic() - self._made[0] < KEEP:
            return self._made[1]
        if self._making is None:
            self._making = asyncio.ensure_future(self._make())
        making = self._making
        try:
            return await asyncio.shield(making)
        finally:
            if making.done() and self._making is making:
                self._making = None

    async def _make(self) -> bytes:
        store = self.store
        rows = await asyncio.to_thread(store.list_tables, SHOWN)
        hidden = await asyncio.to_thread(store.private_among, [row.id for row in rows])
        shown = []
        for row in rows:
            if row.id not in hidden:
                try:
                    shown.append(public_summary(await self.room.live_soon(row.id)))
                except UnknownTable:
                    continue
        body = dumps(shown)
        self._made = (time.monotonic(), body)
        return body
