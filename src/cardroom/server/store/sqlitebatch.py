"""A group commit's batch on SQLite, on a connection the group writer's thread keeps.

Beginning and committing each batch through SQLAlchemy (a connection taken from the pool and given
back, its events, its transaction object) cost as much CPU as storing the action itself when a batch
holds one action, as it mostly does on a room that keeps up (measured apart, one action a batch:
184 µs an action through SQLAlchemy's transaction, 132 µs here: bench/server/sqlite_commit.py). The
writer's thread shares the interpreter's lock with the event loop, so that work also delayed moves.

The connection is the engine's own, taken from its pool once: its pragmas (WAL, FULL sync), the
``-shm`` check on connecting and the readiness guard apply to it as to any other
(:func:`database.make_engine`), and a database not ready yet refuses it as it refuses the others.
"""

from __future__ import annotations

import contextlib
from typing import Any, Protocol

from sqlalchemy import Engine
from sqlalchemy.pool import PoolProxiedConnection

from cardroom.server.store.actions import action_sql, store_actions
from cardroom.server.store.readiness import check_shared_memory
from cardroom.server.store.rows import NewAction


class Rider(Protocol):
    """Writes that go into the next batch of actions' transaction (on SQLite), instead of paying a
    sync to disk of their own: what is pending is taken, written through the batch's driver cursor,
    and given back if the batch fails."""

    def take(self) -> Any: ...

    def write(self, cursor: Any, taken: Any) -> None: ...

    def give_back(self, taken: Any) -> None: ...


class SqliteBatch:
    """Used from the group writer's thread only."""

    def __init__(self, engine: Engine, riders: list[Rider]) -> None:
        self._engine = engine
        self._sql = action_sql(engine.dialect)
        self._conn: PoolProxiedConnection | None = None
        self._riders = riders  # the writer's list: riders join it as the room is built
        self._file = engine.url.database

    def append(self, batch: list[NewAction], _origin: str = "") -> list[bool]:
        """Store ``batch`` and what the riders hold in one transaction, committed when this returns;
        for each action, True if its step was already taken (that one alone is not stored). On any
        failure nothing is stored and the riders get theirs back. The ``-shm`` file is checked first,
        as :class:`.reconnect.Reconnect` checks it for every other use of the database."""
        check_shared_memory(self._file)
        conn = self._connection()
        taken = [(rider, rider.take()) for rider in self._riders]
        try:
            cursor = conn.cursor()
            try:
                answers = store_actions(cursor, self._sql, batch)
                for rider, pending in taken:
                    rider.write(cursor, pending)
            finally:
                cursor.close()
            conn.commit()
        except BaseException:
            for rider, pending in taken:
                rider.give_back(pending)
            self._roll_back()
            raise
        return answers

    def _connection(self) -> PoolProxiedConnection:
        if self._conn is None:
            self._conn = self._engine.raw_connection()
        return self._conn

    def _roll_back(self) -> None:
        """Undo what the failed batch wrote; a connection that cannot even roll back is given up
        (the next batch takes a fresh one from the pool)."""
        conn = self._conn
        if conn is None:
            return
        try:
            conn.rollback()
        except Exception:
            self._conn = None
            with contextlib.suppress(Exception):
                conn.invalidate()

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()
