"""Stores tables' running clocks, many tables in one transaction.

A restart ends each clock when it would have ended. A move clock that begins with a move is worked
out again from that move's stored time and is not written here (see ``server/room/clocks.py``); what
comes here is the reaction windows and the move clocks begun at other moments. One transaction per
change cost a second sync to disk per change on SQLite. Changes are therefore collected and written together on the writer's
thread, after the writes already queued: whatever piles up while one batch is being written goes
into the next. A table's newest clocks always replace the ones still waiting, and a later batch
always lands after an earlier one, so nothing older ever overwrites anything newer. A batch that
meets a database outage stays pending (under anything newer) and is written when the database is back.

On SQLite the pending clocks also ride in the next transaction of actions (see ``writer.Rider``):
a busy room then pays no sync to disk for its clocks at all.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from sqlalchemy import Engine

from cardroom.server.store.driver import converter, driver_cursor, placeholder
from cardroom.server.store.outage import is_database_error
from cardroom.server.store.schema import tables
from cardroom.server.store.writer import GroupWriter

log = logging.getLogger("cardroom.server")


class ClockSaver:
    def __init__(self, engine: Engine, writer: GroupWriter) -> None:
        self.engine = engine
        self.writer = writer
        self.outage = writer.outage  # the one the writer reports to: a failed clock write is the same outage
        self._lock = threading.Lock()  # the pending batch is filled on the loop, taken on the writer's thread
        self._pending: dict[str, dict[str, object]] = {}
        self._scheduled = False  # a batch waits for its turn on the writer's thread
        # A batch that met an outage is kept and written once the database is back (see server/room/recovery.py).
        self.outage.on_recovery.append(self.flush)
        # On SQLite, pending clocks also ride in the next batch of actions' transaction: under load
        # nearly all of them do, and the write of their own below finds nothing left to write.
        writer.riders.append(self)
        p = placeholder(engine.dialect)
        self._update = f"UPDATE tables SET clocks = {p} WHERE id = {p}"
        self._stored = converter(tables.c.clocks, engine.dialect)  # the JSON column's own encoding

    def save(self, table_id: str, clocks: dict[str, object]) -> None:
        with self._lock:
            self._pending[table_id] = clocks
        self.flush()

    def flush(self) -> None:
        """Write what is pending, unless a write of it is already waiting its turn."""
        with self._lock:
            if self._scheduled or not self._pending:
                return
            self._scheduled = True
        self.writer.run_in_order(self._write).add_done_callback(self._done)

    def take(self) -> dict[str, dict[str, object]]:
        with self._lock:
            batch, self._pending = self._pending, {}
        return batch

    def write(self, cursor: Any, batch: dict[str, dict[str, object]]) -> None:
        """Through a driver cursor inside a transaction (the batch of actions' it rides in, or one of
        its own). In the order of the tables' ids, as a batch of actions is stored
        (``order.lock_order``): in the order the clocks changed, two processes' batches (or a batch of
        clocks and one of actions) could each hold a row the other wanted next, and PostgreSQL
        refused one of them."""
        if batch:
            cursor.executemany(self._update, [(self._stored(batch[table_id]), table_id) for table_id in sorted(batch)])

    def give_back(self, batch: dict[str, dict[str, object]]) -> None:
        with self._lock:  # back in the queue, under any newer clocks saved meanwhile
            self._pending = {**batch, **self._pending}

    def _write(self) -> None:
        with self._lock:
            batch, self._pending = self._pending, {}
            self._scheduled = False  # changes from now on go into the next batch
        if not batch:
            return
        try:
            with self.engine.begin() as conn, driver_cursor(conn) as cursor:
                self.write(cursor, batch)
        except Exception:
            self.give_back(batch)
            raise

    def _done(self, future: asyncio.Future[None]) -> None:
        exc = None if future.cancelled() else future.exception()
        if exc is None:
            return
        if is_database_error(exc):  # an outage: said once in the log by the outage, written on recovery
            self.outage.failed(exc)
        else:
            log.error("storing tables' clocks failed", exc_info=exc)
