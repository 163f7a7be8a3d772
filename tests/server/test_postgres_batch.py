"""A group commit's batch on PostgreSQL, stored in one pipelined round trip (``server/pgbatch.py``):
the same answers, rows, table status and notifications as one statement at a time."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Engine, select

from cardroom.server import database, store
from cardroom.server.listener import conninfo
from cardroom.server.schema import tables
from tests.server.postgres import Postgres, store_toy_table


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    root = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))  # PostgreSQL runs as `postgres`
    server = Postgres(root).start()
    made = database.make_engine(server.url)
    database.upgrade(made)
    yield made
    made.dispose()
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


def _status(engine: Engine, table_id: str) -> tuple[str, datetime | None]:
    with engine.connect() as conn:
        row = conn.execute(select(tables.c.status, tables.c.updated).where(tables.c.id == table_id)).one()
    return row.status, row.updated


def test_a_mixed_batch_stores_each_free_step_once_and_finishes_its_game(engine: Engine) -> None:
    """Consecutive steps of one table, the same step twice in one batch, a step stored before and a
    game's last move, in one batch: each answer is the step's own, the first of a doubled step wins."""
    for table_id in ("mixA", "mixB", "mixC"):
        store_toy_table(engine, table_id)
    assert store.append_actions(engine, [store.NewAction("mixC", 0, 0, "early", False, False)]) == [False]
    batch = [
        store.NewAction("mixB", 1, 0, "b1", False, True),  # the game's last move
        store.NewAction("mixA", 0, 0, "a0", False, False),
        store.NewAction("mixA", 1, 0, "a1", True, False),
        store.NewAction("mixB", 0, 0, "b0-first", False, False),
        store.NewAction("mixB", 0, 0, "b0-second", False, False),
        store.NewAction("mixC", 0, 0, "late", False, False),  # step 0 of mixC is stored already
    ]
    taken = store.append_actions(engine, batch, "here")
    assert taken == [False, False, False, False, True, True]
    assert [(a.step, a.text, a.timed_out) for a in store.load_actions(engine, "mixA")] == [
        (0, "a0", False),
        (1, "a1", True),
    ]
    assert [a.text for a in store.load_actions(engine, "mixB")] == ["b0-first", "b1"]
    assert [a.text for a in store.load_actions(engine, "mixC")] == ["early"]
    assert _status(engine, "mixA")[0] == "playing" and _status(engine, "mixA")[1] is not None
    assert _status(engine, "mixB")[0] == "over"
    assert _status(engine, "mixC")[0] == "playing"


def test_only_stored_actions_notify_and_only_once_committed(engine: Engine) -> None:
    """Every process hears a table changed, with the storing process named, once the batch commits;
    a table whose only action lost its step is not announced."""
    for table_id in ("noteA", "noteB"):
        store_toy_table(engine, table_id)
    store.append_actions(engine, [store.NewAction("noteB", 0, 0, "first", False, False)])
    url = engine.url.render_as_string(hide_password=False).replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(conninfo(url), autocommit=True) as listener:
        listener.execute(f"LISTEN {store.CHANNEL}")
        batch = [
            store.NewAction("noteA", 0, 0, "x", False, False),
            store.NewAction("noteA", 1, 0, "y", False, False),
            store.NewAction("noteB", 0, 0, "second", False, False),
        ]
        assert store.append_actions(engine, batch, "proc7") == [False, False, True]
        heard = [n.payload for n in listener.notifies(timeout=1.0)]
    assert heard == ["noteA proc7"]  # PostgreSQL folds a transaction's identical notifications


def test_a_failing_action_stores_nothing_of_its_batch(engine: Engine) -> None:
    """An action that cannot be stored (its table does not exist) fails the whole transaction: the
    group writer then fails every waiting request, so none of them may have been stored."""
    store_toy_table(engine, "failA")
    batch = [
        store.NewAction("failA", 0, 0, "kept?", False, False),
        store.NewAction("no-such-table", 0, 0, "orphan", False, False),
    ]
    with pytest.raises(Exception, match=r"foreign key|violates"):
        store.append_actions(engine, batch, "here")
    assert store.load_actions(engine, "failA") == []
    assert _status(engine, "failA") == ("playing", None)
