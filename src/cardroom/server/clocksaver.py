"""Stores tables' running clocks, many tables in one transaction.

Every table with people has a move clock, so nearly every action changes a clock that must be stored
(a restart ends each clock when it would have ended). One transaction per change cost a second sync
to disk per action on SQLite. Changes are therefore collected and written together on the writer's
thread, after the writes already queued: whatever piles up while one batch is being written goes
into the next. A table's newest clocks always replace the ones still waiting, and a later batch
always lands after an earlier one, so nothing older ever overwrites anything newer.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from sqlalchemy import Engine, bindparam, update

from cardroom.server.schema import tables
from cardroom.server.writer import GroupWriter

log = logging.getLogger("cardroom.server")


class ClockSaver:
    def __init__(self, engine: Engine, writer: GroupWriter) -> None:
        self.engine = engine
        self.writer = writer
        self._lock = threading.Lock()  # the pending batch is filled on the loop, taken on the writer's thread
        self._pending: dict[str, dict[str, object]] = {}

    def save(self, table_id: str, clocks: dict[str, object]) -> None:
        with self._lock:
            first = not self._pending
            self._pending[table_id] = clocks
        if first:  # a batch is not already waiting for its turn on the writer's thread
            self.writer.run_in_order(self._write).add_done_callback(_log_failure)

    def _write(self) -> None:
        with self._lock:
            batch, self._pending = self._pending, {}
        if not batch:
            return
        with self.engine.begin() as conn:
            conn.execute(
                update(tables).where(tables.c.id == bindparam("table")).values(clocks=bindparam("stored")),
                [{"table": table_id, "stored": clocks} for table_id, clocks in batch.items()],
            )


def _log_failure(future: asyncio.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("storing tables' clocks failed", exc_info=future.exception())
