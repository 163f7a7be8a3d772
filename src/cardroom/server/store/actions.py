"""Storing and reading actions. Actions are only ever appended; the unique ``(table_id, step)``
constraint turns a second writer for the same step into :class:`StepTaken`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.engine import Dialect

from cardroom.server.store.driver import driver_cursor, placeholder, same
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


def append_actions(engine: Engine, batch: list[NewAction], origin: str = "") -> list[bool]:
    """Store several tables' actions in one transaction, so one commit (one sync to disk) makes all
    of them durable; for each, True if its step was already taken (that one alone is not stored).
    The server's group writer keeps a connection for this (:mod:`.sqlitebatch`, :mod:`.pgbatch`)."""
    if engine.dialect.name == "postgresql":
        writer = BatchConnection(engine.url)
        try:
            return writer.append(batch, origin)
        finally:
            writer.close()
    with engine.begin() as conn, driver_cursor(conn) as cursor:
        return store_actions(cursor, action_sql(engine.dialect), batch)


def store_actions(cursor: Any, sql: ActionSQL, batch: list[NewAction]) -> list[bool]:
    """Insert ``batch`` through a SQLite driver cursor inside a transaction, in (table, step) order;
    for each action, True if its step was already taken (ON CONFLICT DO NOTHING: a taken step leaves
    the rest of the batch, and the transaction, alone)."""
    taken = [False] * len(batch)
    for i in lock_order(batch):
        taken[i] = not _insert_action(cursor, sql, batch[i])
    return taken


@dataclass(frozen=True)
class ActionSQL:
    """The statements that store an action, as the driver's own SQL with its parameter style, and
    the column types' converters: built once per dialect. Composing them with SQLAlchemy's
    expression language for every action was a fifth of the server's time under load."""

    insert: str
    touch: str
    finish: str
    created: Any
    timed_out: Any


_ACTION_SQL: dict[str, ActionSQL] = {}


def action_sql(dialect: Dialect) -> ActionSQL:
    found = _ACTION_SQL.get(dialect.name)
    if found is None:
        p = placeholder(dialect)
        on_conflict = " ON CONFLICT (table_id, step) DO NOTHING RETURNING step"
        found = _ACTION_SQL[dialect.name] = ActionSQL(
            insert=f"INSERT INTO actions (table_id, step, seat, text, created, timed_out) "
            f"VALUES ({p}, {p}, {p}, {p}, {p}, {p}){on_conflict}",
            touch=f"UPDATE tables SET updated = {p} WHERE id = {p}",
            finish=f"UPDATE tables SET updated = {p}, status = 'over' WHERE id = {p}",
            # The generic types' converters, as this SQL has always been sent: a time goes to the
            # driver as it is (sqlite3 writes it in ISO form, as it did through exec_driver_sql).
            created=actions.c.created.type.bind_processor(dialect) or same,
            timed_out=actions.c.timed_out.type.bind_processor(dialect) or same,
        )
    return found


def _insert_action(cursor: Any, sql: ActionSQL, a: NewAction) -> bool:
    """Insert one action and touch its table; False (nothing written) if its step was taken."""
    created = sql.created(a.created or now())
    cursor.execute(sql.insert, (a.table_id, a.step, a.seat, a.text, created, sql.timed_out(a.timed_out)))
    if cursor.fetchone() is None:
        return False
    cursor.execute(sql.finish if a.over else sql.touch, (created, a.table_id))
    return True


def append_together(engine: Engine, batch: list[NewAction], origin: str = "") -> bool:
    """Store consecutive actions of one table in one transaction, all or none: False (nothing
    stored) if any of their steps was already taken. A reaction window's answers land this way, so
    its result costs one commit however many seats answered."""
    try:
        with engine.begin() as conn:
            sql = action_sql(engine.dialect)
            with driver_cursor(conn) as cursor:
                for a in batch:
                    if not _insert_action(cursor, sql, a):
                        raise _Taken()  # rolls back the answers already inserted: all or none
            if batch:
                notify(conn, batch[0].table_id, origin)
    except _Taken:
        return False
    return True
