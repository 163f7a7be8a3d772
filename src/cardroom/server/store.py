"""Reading and writing tables, seats and actions. Each function is one short transaction.

Actions are only ever appended; the unique ``(table_id, step)`` constraint turns a second writer for
the same step into :class:`StepTaken`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, text, update

from cardroom.server.schema import actions, seats, tables


class StepTaken(Exception):
    """Another action was stored for this step first."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  # human | bot | invite
    bot_spec: str | None
    token_hash: str | None
    name: str
    joined: bool


@dataclass(frozen=True)
class TableRow:
    id: str
    game: str
    preset: str
    options: dict[str, Any]
    seed: int
    created: datetime
    status: str
    reaction_seconds: float
    turn_seconds: float | None
    rematch_of: str | None
    rematch_id: str | None
    seats: tuple[SeatRow, ...] = field(default=())
    clocks: dict[str, Any] | None = None  # the running clocks' deadlines, see Room.clocks_changed


@dataclass(frozen=True)
class ActionRow:
    step: int
    seat: int
    text: str
    timed_out: bool


def now() -> datetime:
    return datetime.now(UTC)


CHANNEL = "cardroom"


def _notify(conn: Connection, table_id: str, origin: str = "") -> None:
    """On PostgreSQL, tell every server process that this table changed. The notification is sent
    when the transaction commits, so nobody hears of a change that was not stored. ``origin`` names
    the process whose cache already holds the change (it skips its own notification)."""
    if conn.dialect.name == "postgresql":
        conn.execute(
            text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload(table_id, origin)}
        )


def payload(table_id: str, origin: str) -> str:
    """A notification's text: the table, and the process that stored the change if it is named."""
    return f"{table_id} {origin}" if origin else table_id


def create_table(engine: Engine, row: TableRow) -> None:
    with engine.begin() as conn:
        _insert_table(conn, row)


class _Lost(Exception):
    """Rolls back a rematch table whose old table already has one."""


def create_rematch(engine: Engine, row: TableRow) -> str:
    """Store ``row`` as the rematch of ``row.rematch_of``, unless that table has one already: the
    id of the one rematch table. The new table and the claim are one transaction, and the claim is
    conditional (``rematch_id IS NULL``), so two processes asking at once make one rematch table."""
    assert row.rematch_of is not None
    try:
        with engine.begin() as conn:
            _insert_table(conn, row)
            claimed = conn.execute(
                update(tables)
                .where(tables.c.id == row.rematch_of, tables.c.rematch_id.is_(None))
                .values(rematch_id=row.id)
            ).rowcount
            if claimed != 1:
                raise _Lost()
            _notify(conn, row.rematch_of)
        return row.id
    except _Lost:
        with engine.connect() as conn:
            winner = conn.execute(select(tables.c.rematch_id).where(tables.c.id == row.rematch_of)).scalar()
        assert winner is not None
        return str(winner)


def _insert_table(conn: Connection, row: TableRow) -> None:
    conn.execute(
        insert(tables).values(
            id=row.id,
            game=row.game,
            preset=row.preset,
            options=row.options,
            seed=row.seed,
            created=row.created,
            status=row.status,
            reaction_seconds=row.reaction_seconds,
            turn_seconds=row.turn_seconds,
            rematch_of=row.rematch_of,
            rematch_id=None,
        )
    )
    for s in row.seats:
        conn.execute(
            insert(seats).values(
                table_id=row.id,
                seat=s.seat,
                kind=s.kind,
                bot_spec=s.bot_spec,
                token_hash=s.token_hash,
                name=s.name,
                joined=s.joined,
            )
        )


def load_table(engine: Engine, table_id: str) -> TableRow | None:
    with engine.connect() as conn:
        t = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        if t is None:
            return None
        seat_rows = conn.execute(
            select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        ).mappings()
        seat_list = tuple(
            SeatRow(r["seat"], r["kind"], r["bot_spec"], r["token_hash"], r["name"], bool(r["joined"]))
            for r in seat_rows
        )
    return TableRow(
        id=t["id"],
        game=t["game"],
        preset=t["preset"],
        options=dict(t["options"]),
        seed=int(t["seed"]),
        created=t["created"],
        status=t["status"],
        reaction_seconds=float(t["reaction_seconds"]),
        turn_seconds=None if t["turn_seconds"] is None else float(t["turn_seconds"]),
        rematch_of=t["rematch_of"],
        rematch_id=t["rematch_id"],
        seats=seat_list,
        clocks=t["clocks"],
    )


def load_actions(engine: Engine, table_id: str, since: int = 0) -> list[ActionRow]:
    """The table's actions from step ``since`` on, in order."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(actions.c.step, actions.c.seat, actions.c.text, actions.c.timed_out)
            .where(actions.c.table_id == table_id, actions.c.step >= since)
            .order_by(actions.c.step)
        )
        return [ActionRow(r.step, r.seat, r.text, bool(r.timed_out)) for r in rows]


@dataclass(frozen=True)
class NewAction:
    table_id: str
    step: int
    seat: int
    text: str
    timed_out: bool
    over: bool


def append_action(
    engine: Engine, table_id: str, step: int, seat: int, text: str, timed_out: bool, over: bool
) -> None:
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
        from cardroom.server.pgbatch import BatchConnection

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
                _notify(conn, a.table_id, origin)
        if also is not None:
            also(conn)
    return taken


def lock_order(batch: list[NewAction]) -> list[int]:
    """The batch's indices in the order of (table, step), whatever order the actions arrived in:
    two processes storing batches that touch the same tables then take their locks in the same
    order, never each waiting for the other (on PostgreSQL that was a deadlock, both refused)."""
    return sorted(range(len(batch)), key=lambda i: (batch[i].table_id, batch[i].step))


def in_given_order(order: list[int], answers: list[bool]) -> list[bool]:
    """Answers given in ``order`` (see :func:`lock_order`), back in the batch's own order."""
    given = [False] * len(order)
    for i, answer in zip(order, answers, strict=True):
        given[i] = answer
    return given


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
    created = sql.created(now())
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
                    raise _Lost()  # rolls back the answers already inserted: all or none
            if batch:
                _notify(conn, batch[0].table_id, origin)
    except _Lost:
        return False
    return True


def mark_joined(engine: Engine, table_id: str, seat: int, name: str | None) -> None:
    values: dict[str, Any] = {"joined": True}
    if name:
        values["name"] = name
    with engine.begin() as conn:
        conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(**values))
        _notify(conn, table_id)


def created_since(engine: Engine, creator: str, since: datetime) -> int:
    """How many tables this creator (an address hash) made since ``since``, on every process."""
    with engine.connect() as conn:
        found = conn.execute(
            select(func.count())
            .select_from(tables)
            .where(tables.c.creator == creator, tables.c.created >= since)
        ).scalar()
    return int(found or 0)


def set_creator(engine: Engine, table_id: str, creator: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(tables).where(tables.c.id == table_id).values(creator=creator))


def list_tables(engine: Engine, limit: int = 50) -> list[TableRow]:
    with engine.connect() as conn:
        recent = select(tables.c.id).where(tables.c.status != "abandoned")  # abandoned ones leave the list
        ids = [r.id for r in conn.execute(recent.order_by(tables.c.created.desc()).limit(limit))]
    found = [load_table(engine, i) for i in ids]
    return [t for t in found if t is not None]


def expire_idle(engine: Engine, cutoff: datetime) -> list[str]:
    """Mark unfinished tables without a stored change since ``cutoff`` as expired; their ids."""
    idle = (tables.c.status == "playing") & (func.coalesce(tables.c.updated, tables.c.created) < cutoff)
    with engine.begin() as conn:
        ids = [r.id for r in conn.execute(select(tables.c.id).where(idle))]
        if ids:
            conn.execute(update(tables).where(idle).values(status="expired"))
    return ids


def all_playing_ids(engine: Engine) -> list[str]:
    with engine.connect() as conn:
        return [r.id for r in conn.execute(select(tables.c.id).where(tables.c.status == "playing"))]
