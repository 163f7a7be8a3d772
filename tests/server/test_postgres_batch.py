"""A group commit's batch on PostgreSQL, stored in one pipelined round trip with its BEGIN and
COMMIT (``server/pgbatch.py``): the same answers, rows, table status and notifications as one
statement at a time; a failed batch stores nothing and leaves the next one to a fresh connection."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import psycopg
import pytest
from sqlalchemy import Engine, select

from cardroom.server import store
from cardroom.server.store import actions as store_actions
from cardroom.server.store import conninfo, pgbatch
from cardroom.server.store.pgbatch import APPLICATION_NAME, BatchConnection
from cardroom.server.store.schema import tables
from tests.server.postgres import store_toy_table, throwaway_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    with throwaway_engine() as made:
        yield made


@pytest.fixture(params=["one trip", "two trips"])
def trips(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both ways a batch is sent: statement by statement in one trip (small batches, what the
    server's load mostly gives) and with ``executemany`` in two (large ones)."""
    monkeypatch.setattr(pgbatch, "ONE_TRIP_MOST", 100 if request.param == "one trip" else 0)
    return str(request.param).replace(" ", "-")


def _status(engine: Engine, table_id: str) -> tuple[str, datetime | None]:
    with engine.connect() as conn:
        row = conn.execute(select(tables.c.status, tables.c.updated).where(tables.c.id == table_id)).one()
    return row.status, row.updated


def test_a_mixed_batch_stores_each_free_step_once_and_finishes_its_game(engine: Engine, trips: str) -> None:
    """Consecutive steps of one table, the same step twice in one batch, a step stored before and a
    game's last move, in one batch: each answer is the step's own, the first of a doubled step wins."""
    a, b, c = f"mixA-{trips}", f"mixB-{trips}", f"mixC-{trips}"
    for table_id in (a, b, c):
        store_toy_table(engine, table_id)
    assert store_actions.append_actions(engine, [store.NewAction(c, 0, 0, "early", False, False)]) == [False]
    batch = [
        store.NewAction(b, 1, 0, "b1", False, True),  # the game's last move
        store.NewAction(a, 0, 0, "a0", False, False),
        store.NewAction(a, 1, 0, "a1", True, False),
        store.NewAction(b, 0, 0, "b0-first", False, False),
        store.NewAction(b, 0, 0, "b0-second", False, False),
        store.NewAction(c, 0, 0, "late", False, False),  # step 0 of mixC is stored already
    ]
    taken = store_actions.append_actions(engine, batch, "here")
    assert taken == [False, False, False, False, True, True]
    assert [(x.step, x.text, x.timed_out) for x in store_actions.load_actions(engine, a)] == [
        (0, "a0", False),
        (1, "a1", True),
    ]
    assert [x.text for x in store_actions.load_actions(engine, b)] == ["b0-first", "b1"]
    assert [x.text for x in store_actions.load_actions(engine, c)] == ["early"]
    assert _status(engine, a)[0] == "playing" and _status(engine, a)[1] is not None
    assert _status(engine, b)[0] == "over"
    assert _status(engine, c)[0] == "playing"


def test_only_stored_actions_notify_and_only_once_committed(engine: Engine, trips: str) -> None:
    """Every process hears a table changed, with the storing process named, once the batch commits;
    a table whose only action lost its step is not announced."""
    a, b = f"noteA-{trips}", f"noteB-{trips}"
    for table_id in (a, b):
        store_toy_table(engine, table_id)
    store_actions.append_actions(engine, [store.NewAction(b, 0, 0, "first", False, False)])
    url = engine.url.render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo(url), autocommit=True) as listener:
        listener.execute(f"LISTEN {store.CHANNEL}")
        batch = [
            store.NewAction(a, 0, 0, "x", False, False),
            store.NewAction(a, 1, 0, "y", False, False),
            store.NewAction(b, 0, 0, "second", False, False),
        ]
        assert store_actions.append_actions(engine, batch, "proc7") == [False, False, True]
        heard = [n.payload for n in listener.notifies(timeout=1.0)]
    assert heard == [f"{a} proc7"]  # PostgreSQL folds a transaction's identical notifications


def test_a_batch_of_one_is_a_transaction_of_its_own(engine: Engine) -> None:
    """One action, as most batches are: stored, touched, announced once committed; its step taken
    again answers taken and stores nothing; a game's last move ends the table; an action of a table
    that does not exist fails and stores nothing. (The batch of one is a single statement in
    autocommit mode, without the pipeline.)"""
    a, b = "aloneA", "aloneB"
    for table_id in (a, b):
        store_toy_table(engine, table_id)
    url = engine.url.render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo(url), autocommit=True) as listener:
        listener.execute(f"LISTEN {store.CHANNEL}")
        assert store_actions.append_actions(engine, [store.NewAction(a, 0, 0, "first", False, False)], "p1") == [False]
        assert store_actions.append_actions(engine, [store.NewAction(a, 0, 1, "again", False, False)], "p1") == [True]
        heard = [n.payload for n in listener.notifies(timeout=1.0)]
    assert heard == [f"{a} p1"]  # the taken step announced nothing
    assert [x.text for x in store_actions.load_actions(engine, a)] == ["first"]
    assert _status(engine, a)[0] == "playing" and _status(engine, a)[1] is not None
    assert store_actions.append_actions(engine, [store.NewAction(b, 0, 0, "last", False, True)]) == [False]
    assert _status(engine, b)[0] == "over"
    with pytest.raises(psycopg.errors.ForeignKeyViolation):
        store_actions.append_actions(engine, [store.NewAction("no-such-table", 0, 0, "orphan", False, False)])
    with engine.connect() as conn:
        orphans = conn.exec_driver_sql("SELECT count(*) FROM actions WHERE table_id = 'no-such-table'").scalar()
    assert orphans == 0


def test_a_failing_action_stores_nothing_of_its_batch(engine: Engine, trips: str) -> None:
    """An action that cannot be stored (its table does not exist) fails the whole transaction: the
    group writer then fails every waiting request, so none of them may have been stored."""
    a = f"failA-{trips}"
    store_toy_table(engine, a)
    batch = [
        store.NewAction(a, 0, 0, "kept?", False, False),
        store.NewAction("no-such-table", 0, 0, "orphan", False, False),
    ]
    with pytest.raises(Exception, match=r"foreign key|violates"):
        store_actions.append_actions(engine, batch, "here")
    assert store_actions.load_actions(engine, a) == []
    assert _status(engine, a) == ("playing", None)


def test_a_failed_batch_leaves_the_next_one_to_a_fresh_connection(engine: Engine) -> None:
    """After a batch failed (here a missing table), the group writer's next batch is stored."""
    store_toy_table(engine, "afterFail")
    writer = BatchConnection(engine.url)
    try:
        with pytest.raises(psycopg.errors.ForeignKeyViolation):
            writer.append([store.NewAction("no-such-table", 0, 0, "orphan", False, False)], "w")
        assert writer.append([store.NewAction("afterFail", 0, 0, "fine", False, False)], "w") == [False]
    finally:
        writer.close()
    assert [x.text for x in store_actions.load_actions(engine, "afterFail")] == ["fine"]


def test_the_writer_s_connection_lost_fails_one_batch_and_the_next_one_reconnects(engine: Engine) -> None:
    """PostgreSQL drops the group writer's connection between two batches (a restart, a network
    fault, an administrator): the batch that finds it gone fails and stores nothing, and the next
    batch is stored on a fresh connection."""
    store_toy_table(engine, "lost")
    writer = BatchConnection(engine.url)
    try:
        assert writer.append([store.NewAction("lost", 0, 0, "first", False, False)], "w") == [False]
        with psycopg.connect(conninfo(_url(engine)), autocommit=True) as admin:
            killed = admin.execute(
                "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid, 10000)) FROM pg_stat_activity"
                " WHERE application_name = %s",
                (APPLICATION_NAME,),
            ).fetchone()
        assert killed == (1,)
        with pytest.raises(psycopg.OperationalError):
            writer.append([store.NewAction("lost", 1, 0, "on the lost connection", False, False)], "w")
        assert writer.append([store.NewAction("lost", 1, 0, "on a fresh one", False, False)], "w") == [False]
    finally:
        writer.close()
    assert [x.text for x in store_actions.load_actions(engine, "lost")] == ["first", "on a fresh one"]


def _url(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://")
