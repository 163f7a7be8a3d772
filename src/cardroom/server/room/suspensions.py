"""Hearing, in a running server, what whoever runs the room changed from another process: ``cardroom
admin suspend`` and ``cardroom admin close`` write to the database and exit, and on SQLite no
notification reaches the server (on PostgreSQL a close is heard at once; a suspension is not).

Every ``CARDROOM_ADMIN_EVERY`` seconds (default 2) the watcher reads two small things: the seats
suspended accounts hold at tables still being played, kept in memory for :func:`.tokens.seat_of`
(which then refuses them with one set lookup a request), and which of the tables this process plays
are no longer playing in the database (closed elsewhere), which it then reloads and stops, so their
players see them closed. A seat newly suspended has its sockets woken: each looks again and closes.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import TYPE_CHECKING

from cardroom.server.room.tokens import suspended_seats
from cardroom.server.store import DATABASE_ERRORS, Store

if TYPE_CHECKING:
    from cardroom.server.room.catchup import CatchUp
    from cardroom.server.room.held import HeldTables
    from cardroom.server.room.rooms import Room

log = logging.getLogger("cardroom.admin")
EVERY = 2.0  # seconds between looks


def every() -> float:
    return float(os.environ.get("CARDROOM_ADMIN_EVERY", str(EVERY)))


class AdminChanges:
    def __init__(self, room: Room, store: Store, tables: HeldTables, catchup: CatchUp) -> None:
        # The room's parts this needs, handed over (it asks the room only which tables it holds).
        self.room, self.store, self.tables, self.catchup = room, store, tables, catchup
        self.source = store.origin  # this database's share of the process's suspended seats

    async def look(self) -> None:
        """Take in the suspensions and closes stored since the last look."""
        seats = await asyncio.to_thread(self.store.suspended_playing_seats)
        for table_id in sorted({table_id for table_id, _ in suspended_seats.replace(self.source, seats)}):
            self.tables.wake(table_id)  # a suspended seat's open sockets look again, and close
        playing = [live.row.id for live in self.room.all_held() if live.row.status == "playing" and not live.is_over]
        if not playing:
            return
        for table_id in await asyncio.to_thread(self.store.no_longer_playing, playing):
            live = self.room.held(table_id)
            if live is not None and live.row.status == "playing" and not live.is_over:
                log.info("table %s: closed in the database by another process", table_id)
                await self.catchup.catch_up(table_id)  # reloaded, its bots and clocks stopped, woken

    def forget(self) -> None:
        suspended_seats.forget(self.source)


async def watch(room: Room, seconds: float) -> None:
    """Look at once (a restarted server refuses suspended seats from its first request on), then every
    ``seconds``, for as long as the room runs; a failed look is tried again at the next."""
    changes = AdminChanges(room, room.store, room.tables, room.catchup)
    try:
        while True:
            try:
                await changes.look()
            except DATABASE_ERRORS:
                pass  # the outage is said by the requests that fail; the next look tries again
            except Exception:
                log.exception("looking for the room's admin changes failed")
            await asyncio.sleep(seconds)
    finally:
        changes.forget()
