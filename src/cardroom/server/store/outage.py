"""When the database cannot be reached or written: the errors that mean it, the 503 that answers
them, and a log that says so once rather than once per request.

A request that meets one of these errors changed nothing: an action is applied in memory only after
its transaction committed (:meth:`Room.submit`), and a failed transaction stored nothing. The room
needs no repair afterwards: the next request tries the database again, and answers as usual as soon
as the database does (a full disk with room again, a file writable again, PostgreSQL back up).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable

import psycopg
from sqlalchemy import exc as sa

log = logging.getLogger("cardroom.server")

# What a database that is down, full, read-only or unreachable raises (SQLAlchemy wraps the drivers'
# errors; the PostgreSQL group commit and the drivers used directly raise their own).
DATABASE_ERRORS: tuple[type[Exception], ...] = (
    sa.OperationalError,
    sa.InterfaceError,
    sa.TimeoutError,
    sqlite3.OperationalError,
    psycopg.OperationalError,
    psycopg.InterfaceError,
)

UNAVAILABLE = (
    "the room cannot store anything right now: its database is unavailable (full, read-only or not "
    "reachable). Nothing was changed; try again in a moment."
)
LOG_EVERY = 10.0  # seconds between two log lines about the same outage


class Outage:
    """This process's view of the database's health, from what its writes met."""

    def __init__(self) -> None:
        self.failing_since: float | None = None  # time.time() of the first failure of an outage
        self.last_error = ""
        self._logged = 0.0
        # Called when the database is back: what an outage stopped starts again (see server/room/recovery.py).
        self.on_recovery: list[Callable[[], None]] = []

    def failed(self, exc: BaseException) -> None:
        now = time.time()
        self.last_error = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:300]
        if self.failing_since is None:
            self.failing_since = now
        if now - self._logged >= LOG_EVERY:
            self._logged = now
            log.warning("the database is unavailable; answering 503 until it is back (%s)", self.last_error)

    def succeeded(self) -> None:
        if self.failing_since is not None:
            log.warning("the database is back after %.1f s", time.time() - self.failing_since)
            self.failing_since = None
            self._logged = 0.0
            for recovered in self.on_recovery:
                recovered()


def is_database_error(exc: BaseException) -> bool:
    return isinstance(exc, DATABASE_ERRORS)
