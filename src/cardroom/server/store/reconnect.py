"""One retry on a fresh connection, so that a PostgreSQL restart or a killed connection costs no
request an error.

A statement that fails because its connection went away is tried once more on a new one, after
waiting for PostgreSQL to take connections again, for at most :data:`RECONNECT_FOR` seconds from the
first failure of an outage (a restart takes a second or two, more on a busy machine). Once an outage has lasted longer,
requests fail at once (503) until a statement succeeds again, so a database that stays down does not
hold every request and thread for seconds.

A retry never applies a write twice. A transaction is retried only if it failed before its COMMIT
was sent (then PostgreSQL rolled it back); one whose COMMIT was sent may have committed with its
answer lost, and its error stands. The group commit's batches go further (:mod:`.pgbatch`): every
action carries its step, unique per table, so a batch is retried whatever happened, and an action
whose step turns out taken by the very same move is the batch's own, committed before the
connection died.

SQLite has no connection to lose: there a call is made only once its ``-shm`` file is found usable
(see :mod:`.readiness`: the check is made here, before any connection is taken, because a connection
refused as it is taken from the pool is closed, and closing one may checkpoint, writing to the
frozen file).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import psycopg
from sqlalchemy import Engine, event
from sqlalchemy import exc as sa

from cardroom.server.store.readiness import check_shared_memory

# Seconds from an outage's first failure during which a retry waits for a connection: a restart
# (a clean shutdown, then a start that may replay its write-ahead log) on a busy machine.
RECONNECT_FOR = 10.0
POLL = 0.1  # seconds between two tries to connect
T = TypeVar("T")

# What a lost or refused connection raises (and a statement PostgreSQL cancelled or rolled back:
# nothing of it was stored either).
LOST = (sa.OperationalError, sa.InterfaceError, psycopg.OperationalError, psycopg.InterfaceError)


class Reconnect:
    """The retry for one engine's transactions (and, through :meth:`wait`, the group commit's own
    connection)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.active = engine.dialect.name == "postgresql"
        self._sqlite_file = engine.url.database if engine.dialect.name == "sqlite" else None
        self._down_since: float | None = None  # time.monotonic() of this outage's first failure
        self._local = threading.local()  # per thread: whether the current call began a COMMIT
        if self.active:
            event.listen(engine, "commit", self._committing)

    def _committing(self, _conn: object) -> None:
        self._local.committing = True

    def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``, once more on a fresh connection if its connection was lost before it committed."""
        if not self.active:
            check_shared_memory(self._sqlite_file)
            return fn(*args)
        self._local.committing = False
        try:
            result = fn(*args)
        except LOST:
            if self._local.committing or not self.wait(self._connect):
                raise
            self._local.committing = False
            result = fn(*args)
        self._down_since = None
        return result

    def wait(self, connect: Callable[[], object]) -> bool:
        """After a lost connection: call ``connect`` until it succeeds (True), or until the outage is
        :data:`RECONNECT_FOR` seconds old (False; at once if it already is)."""
        now = time.monotonic()
        if self._down_since is None:
            self._down_since = now
        deadline = self._down_since + RECONNECT_FOR
        while time.monotonic() < deadline:
            try:
                connect()
            except LOST:
                time.sleep(POLL)
                continue
            return True
        return False

    def recovered(self) -> None:
        """A statement succeeded: the next failure starts a new outage (and may wait again)."""
        self._down_since = None

    def _connect(self) -> None:
        with self.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
