"""Every transaction that writes several tables' rows on PostgreSQL writes them in the order of their
ids, the order a group commit stores its actions in (``store.order``): two processes writing
overlapping tables then wait for each other at worst, never in a cycle. The clocks' batches were
written in the order the clocks changed; under load with a table's seats on two processes they
deadlocked with each other and with batches of actions, and PostgreSQL refused one of the two (every
move in a refused batch was answered 503). Expiring idle tables locks them in that order too."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from sqlalchemy import Engine, select

from cardroom.server.store import conninfo
from cardroom.server.store import tables as table_rows
from cardroom.server.store.clocks import ClockSaver
from cardroom.server.store.driver import driver_cursor
from cardroom.server.store.schema import tables
from cardroom.server.store.writer import GroupWriter
from tests.server.postgres import store_toy_table, throwaway_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    with throwaway_engine() as made:
        yield made


def _waiting_on_a_lock(other: psycopg.Connection[object], timeout: float = 20.0) -> None:
    """Until some other backend waits for a row lock (the clock batch, behind ``other``)."""
    with psycopg.connect(other.info.dsn, autocommit=True) as watch:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = watch.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> %s",
                (other.info.backend_pid,),
            ).fetchone()
            if found and found[0]:
                return
            time.sleep(0.01)
    raise AssertionError("the clock batch never waited for the row the other transaction holds")


def _beside_an_ordered_writer(engine: Engine, first: str, second: str, work: Callable[[], None]) -> list[BaseException]:
    """Run ``work`` on a thread while another transaction holds ``first``'s row and, once ``work``
    waits for it, asks for ``second``'s; every failure of either (a deadlock, refused by PostgreSQL)."""
    failures: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:  # reported by the caller
            failures.append(exc)

    with psycopg.connect(conninfo(engine.url)) as other:
        other.execute("UPDATE tables SET clocks = clocks WHERE id = %s", (first,))
        thread = threading.Thread(target=run)
        thread.start()
        _waiting_on_a_lock(other)
        try:
            other.execute("UPDATE tables SET clocks = clocks WHERE id = %s", (second,))
            other.commit()
        except psycopg.errors.DeadlockDetected as exc:
            failures.append(exc)
        thread.join(30)
    assert not thread.is_alive()
    return failures


def test_a_clock_batch_and_an_ordered_writer_never_wait_in_a_cycle(engine: Engine) -> None:
    """Another process's transaction holds the first table's row and will want the second's next (a
    batch of actions, in table order). The clocks changed second table first: written in that order,
    the batch would hold the second row while it waits for the first, and the two would deadlock."""
    first, second = "order-a", "order-b"
    for table_id in (first, second):
        store_toy_table(engine, table_id)
    writer = GroupWriter(engine)
    saver = ClockSaver(engine, writer)
    changed: dict[str, dict[str, object]] = {second: {"turn": {"0": 1.0}}, first: {"turn": {"1": 2.0}}}  # as changed

    def write_clocks() -> None:
        with engine.begin() as conn, driver_cursor(conn) as cursor:
            saver.write(cursor, changed)

    failures = _beside_an_ordered_writer(engine, first, second, write_clocks)
    writer.close()
    assert failures == []
    with engine.connect() as conn:
        stored = dict(conn.execute(select(tables.c.id, tables.c.clocks).where(tables.c.id.in_(changed))).all())
    assert stored == changed


def test_expiring_idle_tables_and_an_ordered_writer_never_wait_in_a_cycle(engine: Engine) -> None:
    """The later id stored first, so a scan in the order the rows lie meets it first."""
    first, second = "expire-a", "expire-b"
    for table_id in (second, first):
        store_toy_table(engine, table_id)
    expired: list[str] = []
    failures = _beside_an_ordered_writer(
        engine,
        first,
        second,
        lambda: expired.extend(table_rows.expire_idle(engine, datetime.now(UTC) + timedelta(days=1))),
    )
    assert failures == []
    assert {first, second} <= set(expired)
    with engine.connect() as conn:
        status = dict(conn.execute(select(tables.c.id, tables.c.status).where(tables.c.id.in_([first, second]))).all())
    assert status == {first: "expired", second: "expired"}
