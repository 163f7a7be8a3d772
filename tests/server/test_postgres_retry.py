"""The retry on a fresh connection (``server/store/reconnect.py``) on a real PostgreSQL: a group
commit's batch whose connection was killed is stored by its retry, and a batch whose COMMIT went
through before its connection died (its answer lost) is recognised by its steps, not stored twice
and not refused as taken; a statement of the pool's whose connection was killed is tried again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, create_engine, text

from cardroom.server import store
from cardroom.server.store import Store
from cardroom.server.store.pgbatch import APPLICATION_NAME, BatchConnection
from cardroom.server.store.reconnect import Reconnect
from tests.server.postgres import store_toy_table, throwaway_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    with throwaway_engine() as made:
        yield made


def _kill(engine: Engine, application: str | None = None) -> int:
    """pg_terminate_backend on every other client connection (or those of one application): how many."""
    admin = create_engine(engine.url, isolation_level="AUTOCOMMIT")
    where = "AND application_name = :name" if application else ""
    try:
        with admin.connect() as conn:
            return len(
                conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() "
                        f"AND backend_type = 'client backend' {where}"
                    ),
                    {"name": application},
                ).all()
            )
    finally:
        admin.dispose()


def _stored(engine: Engine, table_id: str) -> list[tuple[int, int, str]]:
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT step, seat, text FROM actions WHERE table_id = :t ORDER BY step"), {"t": table_id}
        )
        return [(r.step, r.seat, r.text) for r in rows]


def test_a_batch_whose_connection_was_killed_is_stored_by_its_retry(engine: Engine) -> None:
    store_toy_table(engine, "killed")
    batch = BatchConnection(engine.url, Reconnect(engine))
    try:
        assert batch.append([store.NewAction("killed", 0, 0, "a", False, False)], "") == [False]
        assert _kill(engine, APPLICATION_NAME) == 1  # the batch's own connection, idle between batches
        assert batch.append([store.NewAction("killed", 1, 0, "b", False, False)], "") == [False]
    finally:
        batch.close()
    assert _stored(engine, "killed") == [(0, 0, "a"), (1, 0, "b")]


def test_a_batch_committed_before_its_answer_was_lost_is_its_own_not_taken(engine: Engine) -> None:
    """The retry of a batch that had committed finds its steps taken by the very same moves: stored
    (answered False), once. A different move at a taken step is still refused as taken."""
    store_toy_table(engine, "lost")
    first = BatchConnection(engine.url, Reconnect(engine))
    moves = [store.NewAction("lost", 0, 0, "x", False, False), store.NewAction("lost", 1, 0, "y", False, False)]
    try:
        assert first.append(moves, "") == [False, False]  # committed ...
        assert _kill(engine, APPLICATION_NAME) == 1  # ... and its connection gone, as if before the answer
        # The same batch again, on the dead connection: it fails, is retried on a fresh one, finds
        # its own moves stored.
        assert first.append(moves, "") == [False, False]
        assert _kill(engine, APPLICATION_NAME) == 1
        other = [store.NewAction("lost", 1, 0, "z", False, False), store.NewAction("lost", 2, 0, "w", False, False)]
        assert first.append(other, "") == [True, False]
    finally:
        first.close()
    assert _stored(engine, "lost") == [(0, 0, "x"), (1, 0, "y"), (2, 0, "w")]


def test_a_read_whose_pooled_connection_was_killed_mid_use_is_tried_again(engine: Engine) -> None:
    """A statement that fails because its connection was killed while it ran (not caught by the
    pool's check before use) is retried once on a fresh connection."""
    store_toy_table(engine, "pooled")
    room_store = Store(engine)
    try:
        sleepy = create_engine(engine.url)  # to kill the room's backend while it waits in pg_sleep
        calls = []

        def read_slowly(e: Engine) -> int:
            calls.append(1)
            with e.connect() as conn:
                if len(calls) == 1:
                    pid = conn.execute(text("SELECT pg_backend_pid()")).scalar()
                    with sleepy.connect() as killer:
                        killer.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
                return int(conn.execute(text("SELECT count(*) FROM actions WHERE table_id = 'pooled'")).scalar() or 0)

        assert room_store._run(read_slowly, engine) == 0 and len(calls) == 2
        sleepy.dispose()
    finally:
        room_store.close()
