"""When the database cannot be reached or written: the errors that mean it, the 503 that answers
them, and a log that says so twice an outage (when it begins, and when it ends with its length),
never once per request or per cycle of a background loop.

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

from cardroom.server.ops import metrics

log = logging.getLogger("cardroom.server")


class Unavailable(Exception):
    """The database may not be used yet, for a reason this server found itself (its schema not
    checked yet, its shared-memory file frozen): a database error like the drivers' own, answered 503."""


# What a database that is down, full, read-only or unreachable raises (SQLAlchemy wraps the drivers'
# errors; the PostgreSQL group commit and the drivers used directly raise their own).
DATABASE_ERRORS: tuple[type[Exception], ...] = (
    sa.OperationalError,
    sa.InterfaceError,
    sa.TimeoutError,
    sqlite3.OperationalError,
    psycopg.OperationalError,
    psycopg.InterfaceError,
    Unavailable,
)

UNAVAILABLE = (
    "the room cannot store anything right now: its database is unavailable (full, read-only or not "
    "reachable). Nothing was changed; try again in a moment."
)


class Outage:
    """This process's view of the database's health, from what its writes met."""

    def __init__(self) -> None:
        self.failing_since: float | None = None  # time.time() of the first failure of an outage
        self.last_error = ""
        # Called when the database is back: what an outage stopped starts again (see server/room/recovery.py).
        self.on_recovery: list[Callable[[], None]] = []

    def failed(self, exc: BaseException) -> None:
        """A write (or a probe) met ``exc``: the outage begins, or goes on (said once, at its start)."""
        self.last_error = first_line(exc)
        if self.failing_since is None:
            self.failing_since = time.time()
            metrics.OUTAGES.inc()
            log.warning("the database is unavailable; answering 503 until it is back (%s)", self.last_error)

    def succeeded(self) -> None:
        """A write (or a probe) committed: an outage under way ends, said with its length."""
        if self.failing_since is not None:
            log.warning("the database is back after %.1f s", time.time() - self.failing_since)
            self.failing_since = None
            for recovered in self.on_recovery:
                recovered()

    @property
    def failing(self) -> bool:
        return self.failing_since is not None


def first_line(exc: BaseException) -> str:
    """What failed, in one line fit for a log or a health check: the error's kind and first line."""
    text = str(exc).strip()
    # Bounded, but long enough for the room's own sentences, which name a file (twice) and its fix.
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}"[:1000]


def is_database_error(exc: BaseException) -> bool:
    return isinstance(exc, DATABASE_ERRORS)
