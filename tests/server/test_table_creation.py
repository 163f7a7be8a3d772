"""Creating a table is one transaction: its row (with its creator), its seats, its invitation links,
its privacy and its hints are committed together or not at all. Before, they were up to six
transactions, so a private table was public for a moment, and a failure part-way left a table behind.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, event, func, select, text
from sqlalchemy.exc import IntegrityError

from cardroom.server.store import NewTable, SeatRow, Store, TableRow
from cardroom.server.store.schema import hint_tables, links, private_tables, seats
from tests.server.conftest import create

INVITE = {"kind": "invite"}


@contextmanager
def committed_writes(engine: Engine) -> Iterator[list[list[str]]]:
    """Every transaction committed on ``engine`` meanwhile that wrote something: its statements' heads
    (``INSERT INTO seats``, ...), in the order they ran. Reads (rolled back) are left out."""
    running: dict[int, list[str]] = defaultdict(list)
    done: list[list[str]] = []
    lock = threading.Lock()

    def ran(conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        with lock:
            running[id(conn)].append(" ".join(statement.split("(")[0].split()[:3]))

    def commit(conn: Any) -> None:
        with lock:
            statements = running.pop(id(conn), [])
            if any(s.split()[0] in ("INSERT", "UPDATE", "DELETE") for s in statements):
                done.append(statements)

    def rollback(conn: Any) -> None:
        with lock:
            running.pop(id(conn), None)

    hooks = [("before_cursor_execute", ran), ("commit", commit), ("rollback", rollback)]
    for name, hook in hooks:
        event.listen(engine, name, hook)
    try:
        yield done
    finally:
        for name, hook in hooks:
            event.remove(engine, name, hook)


def test_a_table_is_created_in_one_transaction(client: TestClient) -> None:
    room = client.app.state.room  # type: ignore[attr-defined]
    with committed_writes(room.store.engine) as writes:
        made = create(client, wait=True, seats=[{"kind": "me"}, INVITE, INVITE], private=True, hints=True)
        client.portal.call(room.writer.call, lambda: None)  # whatever the creation queued is written
    creating = [t for t in writes if any(s.startswith("INSERT") for s in t)]
    assert len(creating) == 1, writes
    assert sorted(creating[0]) == sorted(
        ["INSERT INTO tables"] + ["INSERT INTO seats"] * 3 + ["INSERT INTO links"] * 2
        + ["INSERT INTO private_tables", "INSERT INTO hint_tables", "INSERT INTO table_hosts"]
    )  # fmt: skip
    # The only other write could be a move clock the loaded table started (the clock saver's own batch;
    # none here: the table waits for its invited people).
    assert all(t == ["UPDATE tables SET"] for t in writes if t is not creating[0]), writes
    with room.store.engine.connect() as conn:
        creator = conn.execute(text("SELECT creator FROM tables WHERE id = :id"), {"id": made["table_id"]}).scalar()
    assert creator  # written by the creating INSERT itself: no other transaction touched the row


def _row(table_id: str) -> TableRow:
    return TableRow(
        table_id, "toy", "standard", {}, 1, datetime.now(UTC), "playing", 4.0, None, None, None,
        seats=(SeatRow(0, "human", None, "0" * 64, "A", True), SeatRow(1, "invite", None, "1" * 64, "B", False)),
    )  # fmt: skip


def test_a_creation_that_fails_part_way_stores_nothing(tmp_path: Path) -> None:
    """A real failure in the last statement (an invitation hash the database already holds breaks the
    links' primary key): the table, its seats, its privacy and hints are all rolled back with it."""
    store = Store.open(f"sqlite:///{tmp_path / 'fault.sqlite3'}")
    try:
        store.create_table(NewTable(_row("first"), invitations={1: "f" * 64}))
        broken = NewTable(
            _row("second"), hints_for_everyone=True, private=True, creator="c" * 16, invitations={1: "f" * 64}
        )
        with pytest.raises(IntegrityError):
            store.create_table(broken)
        assert store.load_table("second") is None
        assert [t.id for t in store.list_tables(50)] == ["first"]
        with store.engine.connect() as conn:
            for table in (seats, links, private_tables, hint_tables):
                left = conn.execute(select(func.count()).select_from(table).where(table.c.table_id == "second"))
                assert left.scalar() == 0, table.name
    finally:
        store.close()


def test_a_private_table_is_never_public_while_it_is_created(client: TestClient, db_url: str) -> None:
    """A second reader, on connections of its own, polls the public tables (those not marked private)
    as fast as it can while private tables are created through the API: it never sees one of them."""
    reader = create_engine(db_url)
    public = text("SELECT id FROM tables WHERE id NOT IN (SELECT table_id FROM private_tables)")
    seen: set[str] = set()
    polls = 0
    stop = threading.Event()

    def poll() -> None:
        nonlocal polls
        while not stop.is_set():
            with reader.connect() as conn:
                seen.update(r.id for r in conn.execute(public))
            polls += 1

    poller = threading.Thread(target=poll)
    poller.start()
    try:
        made = [str(create(client, seats=[{"kind": "me"}, INVITE], private=True)["table_id"]) for _ in range(20)]
    finally:
        stop.set()
        poller.join()
        reader.dispose()
    assert polls > 20  # the reader was polling throughout
    assert not seen & set(made)
