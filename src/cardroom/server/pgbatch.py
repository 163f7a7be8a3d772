"""A group commit's batch on PostgreSQL in one pipelined round trip, not three per action.

Storing an action one statement at a time waits for PostgreSQL to answer each of them (an insert,
the table's touch, a notification). Under load on a busy machine every one of those waits is a
trip through the scheduler for both processes, and a batch of twenty actions was sixty of them.
Each action is now one statement (insert, touch, notify), and psycopg's ``executemany`` sends the
whole batch in pipeline mode and reads the answers afterwards: one trip, then the commit. The
statements run in (table, step) order, as before, so two processes storing overlapping batches
take their locks in the same order and never wait for each other in a cycle.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection

if TYPE_CHECKING:
    from cardroom.server.store import NewAction

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


def append_sorted(
    conn: Connection, ordered: list[NewAction], payloads: list[str], created: datetime, channel: str
) -> list[bool]:
    """Store ``ordered`` (sorted by table and step) in ``conn``'s transaction, each announcing its
    payload on ``channel`` if stored; for each action, True if its step was already taken (that one
    alone is not stored)."""
    if not ordered:
        return []
    raw: Any = conn.connection.driver_connection  # the psycopg connection, inside the same transaction
    rows = [
        {
            "table": a.table_id,
            "step": a.step,
            "seat": a.seat,
            "text": a.text,
            "created": created,
            "timed_out": a.timed_out,
            "over": a.over,
            "channel": channel,
            "payload": payload,
        }
        for a, payload in zip(ordered, payloads, strict=True)
    ]
    taken: list[bool] = []
    with raw.cursor() as cur:
        cur.executemany(STORE, rows, returning=True)
        while True:
            taken.append(cur.fetchone() is None)
            if not cur.nextset():
                break
    return taken
