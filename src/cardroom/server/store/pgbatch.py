"""A group commit's batch on PostgreSQL in one round trip, commit included.

Storing an action one statement at a time waits for PostgreSQL to answer each of them (an insert,
the table's touch, a notification). Under load on a busy machine every one of those waits is a
trip through the scheduler for both processes, and a batch of twenty actions was sixty of them.
Each action is now one statement (insert, touch, notify), and BEGIN, the statements and COMMIT go
to PostgreSQL in one pipeline: one trip, after which the batch is durable. The batch has a
connection of its own (the group writer keeps it open), in autocommit mode so that psycopg starts
no transaction of its own. The statements run in (table, step) order, so two processes storing
overlapping batches take their locks in the same order and never wait for each other in a cycle.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import datetime
from typing import Any

import psycopg
from sqlalchemy import URL

from cardroom.server.store.notify import CHANNEL, conninfo, payload
from cardroom.server.store.order import in_given_order, lock_order
from cardroom.server.store.reconnect import LOST, Reconnect
from cardroom.server.store.rows import NewAction, now

APPLICATION_NAME = "cardroom group commit"
# Batches of at most this many actions are sent in one trip, statement by statement; larger ones
# with ``executemany`` in two. Measured with bench/server/pg_commit.py: at 1-2 actions a batch one trip
# took 0.75x the wait and 0.80x the CPU of two; at 200, per-statement calls cost twice the CPU.
ONE_TRIP_MOST = 16

# One statement stores an action, touches its table and notifies every process, and answers with a
# row only if the action was stored: a step already taken inserts nothing, so nothing after it runs.
STORE = """
WITH stored AS (
    INSERT INTO actions (table_id, step, seat, text, created, timed_out)
    VALUES (%(table)s, %(step)s, %(seat)s, %(text)s, %(created)s, %(timed_out)s)
    ON CONFLICT (table_id, step) DO NOTHING
    RETURNING table_id
), touched AS (
    UPDATE tables SET updated = %(created)s, status = CASE WHEN %(over)s THEN 'over' ELSE status END
    WHERE id IN (SELECT table_id FROM stored)
    RETURNING id
)
SELECT pg_notify(%(channel)s, %(payload)s) FROM touched
"""


# The move stored at a step, to tell a batch's own action (committed by a try whose answer was lost)
# from another seat's or process's.
STORED_AT = "SELECT seat, text FROM actions WHERE table_id = %s AND step = %s"


class BatchConnection:
    """A PostgreSQL connection of its own for storing batches (the group writer's), used from one
    thread at a time. After any failure it is thrown away: a connection that failed mid-pipeline is in
    a state nobody should guess at. A batch whose connection was lost is tried once more on a fresh
    one (see :mod:`.reconnect`)."""

    def __init__(self, url: URL, reconnect: Reconnect | None = None) -> None:
        """``reconnect``: the retry's wait for a fresh connection (without one, no retry)."""
        self._conninfo = conninfo(url)
        self._conn: psycopg.Connection[Any] | None = None
        self._reconnect = reconnect

    def append(self, batch: list[NewAction], origin: str) -> list[bool]:
        """Store ``batch`` in one transaction, committed when this returns; for each action, True if
        its step was already taken (that one alone is not stored). See :func:`actions.append_actions`."""
        order = lock_order(batch)
        ordered = [batch[i] for i in order]
        payloads = [payload(a.table_id, origin) for a in ordered]
        try:
            answers = self._commit(ordered, payloads)
        except LOST:
            # The COMMIT may have been sent, and even done, before the connection died: the batch is
            # tried again as it is, and a step found taken by this very move is this batch's own.
            if self._reconnect is None or not self._reconnect.wait(self._connection):
                raise
            answers = self._commit(ordered, payloads)
            answers = [taken and not self._stored_as(a) for a, taken in zip(ordered, answers, strict=True)]
        if self._reconnect is not None:
            self._reconnect.recovered()
        return in_given_order(order, answers)

    def _commit(self, ordered: list[NewAction], payloads: list[str]) -> list[bool]:
        try:
            return commit_sorted(self._connection(), ordered, payloads, now(), CHANNEL)
        except BaseException:
            self.close()
            raise

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None:
            # Autocommit: BEGIN and COMMIT are sent in the pipeline with the statements, so psycopg
            # must not begin a transaction of its own. Named for pg_stat_activity.
            self._conn = psycopg.connect(self._conninfo, autocommit=True, application_name=APPLICATION_NAME)
        return self._conn

    def _stored_as(self, action: NewAction) -> bool:
        """Whether the move stored at ``action``'s step is ``action`` itself (same seat, same text)."""
        row = self._connection().execute(STORED_AT, (action.table_id, action.step)).fetchone()
        return row is not None and (row[0], row[1]) == (action.seat, action.text)

    def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):  # already broken: nothing left to close cleanly
                conn.close()


def commit_sorted(
    conn: psycopg.Connection[Any], ordered: list[NewAction], payloads: list[str], created: datetime, channel: str
) -> list[bool]:
    """Store ``ordered`` (sorted by table and step) in a transaction of its own on ``conn`` (in
    autocommit mode), each announcing its payload on ``channel`` if stored; committed when this
    returns. For each action, True if its step was already taken (that one alone is not stored)."""
    if not ordered:
        return []
    rows = parameters(ordered, payloads, created, channel)
    if len(rows) == 1:
        return [_alone(conn, rows[0])]
    # BEGIN and COMMIT by hand, not ``conn.transaction()``: in pipeline mode that syncs with the
    # server on the way in and out, a trip each. After an error PostgreSQL skips the rest of the
    # pipeline, COMMIT included, and the caller throws the connection away.
    with conn.pipeline():
        conn.execute("BEGIN")
        read = _one_trip(conn, rows) if len(rows) <= ONE_TRIP_MOST else _two_trips(conn, rows)
        conn.execute("COMMIT")
    return read()


def _alone(conn: psycopg.Connection[Any], row: dict[str, Any]) -> bool:
    """A batch of one action, as most are on a room that keeps up: its one statement is its own
    transaction (the connection is in autocommit mode), committed before PostgreSQL answers, so it
    needs no BEGIN, no COMMIT and no pipeline, whose bookkeeping in psycopg cost the writer's thread
    more CPU than the statement. True if its step was already taken."""
    return conn.execute(STORE, row).fetchone() is None


def _one_trip(conn: psycopg.Connection[Any], rows: list[dict[str, Any]]) -> Callable[[], list[bool]]:
    """Queue the statements, each on a cursor of its own; their answers are read once the pipeline
    has sent everything up to the COMMIT, so the whole batch is one trip."""
    cursors = []
    for row in rows:
        cur = conn.cursor()
        cur.execute(STORE, row)
        cursors.append(cur)
    return lambda: [cur.fetchone() is None for cur in cursors]


def _two_trips(conn: psycopg.Connection[Any], rows: list[dict[str, Any]]) -> Callable[[], list[bool]]:
    """``executemany`` costs half as much per statement but reads its answers before the COMMIT can
    go: a second trip, which a large batch shares among many actions."""
    taken: list[bool] = []
    with conn.cursor() as cur:
        cur.executemany(STORE, rows, returning=True)
        while True:
            taken.append(cur.fetchone() is None)
            if not cur.nextset():
                break
    return lambda: taken


def parameters(ordered: list[NewAction], payloads: list[str], created: datetime, channel: str) -> list[dict[str, Any]]:
    """Each action's parameters for :data:`STORE`."""
    return [
        {
            "table": a.table_id,
            "step": a.step,
            "seat": a.seat,
            "text": a.text,
            "created": a.created or created,
            "timed_out": a.timed_out,
            "over": a.over,
            "channel": channel,
            "payload": payload,
        }
        for a, payload in zip(ordered, payloads, strict=True)
    ]
