"""Storing and reading actions. Actions are only ever appended; the unique ``(table_id, step)``
constraint turns a second writer for the same step into :class:`StepTaken`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, select

from cardroom.server.store.notify import notify
from cardroom.server.store.order import lock_order
from cardroom.server.store.pgbatch import BatchConnection
from cardroom.server.store.rows import ActionRow, NewAction, StepTaken, in_utc, now
from cardroom.server.store.schema import actions


class _Taken(Exception):
    """Rolls back a window's answers when one of their steps was taken."""


def load_actions(engine: Engine, table_id: str, since: int = 0) -> list[ActionRow]:
    """The table's actions from step ``since`` on, in order."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(actions.c.step, actions.c.seat, actions.c.text, actions.c.timed_out, actions.c.created)
            .where(actions.c.table_id == table_id, actions.c.step >= since)
            .order_by(actions.c.step)
        )
        return [ActionRow(r.step, r.seat, r.text, bool(r.timed_out), in_utc(r.created)) for r in rows]


def append_action(engine: Engine, table_id: str, step: int, seat: int, text: str, timed_out: bool, over: bool) -> None:
    """Store one action (and the table's new status); :class:`StepTaken` if the step is gone."""
    (taken,) = append_actions(engine, [NewAction(table_id, step, seat, text, timed_out, over)])
    if taken:
        raise StepTaken(f"step {step} of table {table_id} is already taken")


def append_actions(
    engine: Engine, batch: list[NewAction], origin: str = "", also: Callable[[Connection], None] | None = None
) -> list[bool]:
    """Store several tables' actions in one transaction, so one commit (one sync to disk) makes all
    of them durable; for each, True if its step was already taken (that one alone is not stored).
    ``also`` (SQLite only) writes more in the same transaction: the writer's riders."""
    if engine.dialect.name == "postgresql":
        # On a connection of its own, as the server's group writer does (it keeps its one open).
        writer = BatchConnection(engine.url)
        try:
            return writer.append(batch, origin)
        finally:
            writer.close()
    taken = [False] * len(batch)
    with engine.begin() as conn:
        for i in lock_order(batch):
            a = batch[i]
            # ON CONFLICT DO NOTHING: a taken step leaves the rest of the batch (and transaction) alone.
            stored = _insert_action(conn, a)
            taken[i] = not stored
            if stored:
                notify(conn, a.table_id, origin)
        if also is not None:
            also(conn)
    return taken


@dataclass(frozen=True)
class _ActionSQL:
    """The two statements that store an action, as the driver's own SQL with its parameter style,
    and the column types' converters: built once per dialect. Composing them with SQLAlchemy's
    expression language for every action was a fifth of the server's time under load."""

    insert: str
    touch: str
    finish: str
    created: Any
    timed_out: Any


_ACTION_SQL: dict[str, _ActionSQL] = {}


def _action_sql(conn: Connection) -> _ActionSQL:
    dialect = conn.dialect
    found = _ACTION_SQL.get(dialect.name)
    if found is None:
        p = "?" if dialect.paramstyle == "qmark" else "%s"
        on_conflict = " ON CONFLICT (table_id, step) DO NOTHING RETURNING step"
        found = _ACTION_SQL[dialect.name] = _ActionSQL(
            insert=f"INSERT INTO actions (table_id, step, seat, text, created, timed_out) "
            f"VALUES ({p}, {p}, {p}, {p}, {p}, {p}){on_conflict}",
            touch=f"UPDATE tables SET updated = {p} WHERE id = {p}",
            finish=f"UPDATE tables SET updated = {p}, status = 'over' WHERE id = {p}",
            created=actions.c.created.type.bind_processor(dialect) or (lambda v: v),
            timed_out=actions.c.timed_out.type.bind_processor(dialect) or (lambda v: v),
        )
    return found


def _insert_action(conn: Connection, a: NewAction) -> bool:
    """Insert one action and touch its table; False (nothing written) if its step was taken."""
    sql = _action_sql(conn)
    created = sql.created(a.created or now())
    row = (a.table_id, a.step, a.seat, a.text, created, sql.timed_out(a.timed_out))
    if conn.exec_driver_sql(sql.insert, row).first() is None:
        return False
    conn.exec_driver_sql(sql.finish if a.over else sql.touch, (created, a.table_id))
    return True


def append_together(engine: Engine, batch: list[NewAction], origin: str = "") -> bool:
    """Store consecutive actions of one table in one transaction, all or none: False (nothing
    stored) if any of their steps was already taken. A reaction window's answers land this way, so
    its result costs one commit however many seats answered."""
    try:
        with engine.begin() as conn:
            for a in batch:
                if not _insert_action(conn, a):
                    raise _Taken()  # rolls back the answers already inserted: all or none
            if batch:
                notify(conn, batch[0].table_id, origin)
    except _Taken:
        return False
    return True
