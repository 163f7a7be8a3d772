"""Tables and their seats: creating one (in one transaction, with everything it is created with),
the rematch, joining, the public list, and the statuses that end a table."""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, Table, delete, exists, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.server.store.notify import notify
from cardroom.server.store.rows import NewTable, SeatRow, TableRow, now
from cardroom.server.store.schema import auto_seats, hint_tables, links, private_tables, seats, tables


def create_table(engine: Engine, new: NewTable) -> None:
    """Store a new table whole, in one transaction: its row (with its creator), its seats, its
    invitation links, whether it is private and whether hints are on for everyone. Nobody can read
    any of it before all of it is committed, so a private table is never in the public list, not
    even for an instant, and a failure stores none of it."""
    with engine.begin() as conn:
        insert_new(conn, new)


def insert_new(conn: Connection, new: NewTable) -> None:
    """A new table's rows (see :func:`create_table`), inside a transaction of the caller's: so a table
    and what else it is created with (its host, a challenge's entry) are stored together or not at all."""
    _insert_table(conn, new.row, new.creator)
    if new.hints_for_everyone:
        conn.execute(insert(hint_tables).values(table_id=new.row.id))
    if new.private:
        conn.execute(insert(private_tables).values(table_id=new.row.id))
    for seat, token_hash in sorted(new.invitations.items()):
        conn.execute(
            insert(links).values(token_hash=token_hash, table_id=new.row.id, seat=seat, spent=False, created=now())
        )


def create_with_entry(engine: Engine, new: NewTable, entries: Table, entry: object) -> bool:
    """A new table and one entry row (a dataclass whose fields are ``entries``' columns) in one
    transaction; False, with nothing stored, if the entry breaks a unique key (a second attempt)."""
    try:
        with engine.begin() as conn:
            insert_new(conn, new)
            conn.execute(insert(entries).values(**entry.__dict__))
    except IntegrityError:
        return False
    return True


class _Lost(Exception):
    """Rolls back a rematch table whose old table already has one."""


def create_rematch(engine: Engine, row: TableRow, hints_for_everyone: bool) -> str:
    """Store ``row`` as the rematch of ``row.rematch_of``, unless that table has one already: the
    id of the one rematch table. The new table (private if the old one is, with hints for everyone
    if asked) and the claim are one transaction, and the claim is conditional (``rematch_id IS
    NULL``), so two processes asking at once make one rematch table."""
    assert row.rematch_of is not None
    try:
        with engine.begin() as conn:
            _insert_table(conn, row, None)
            claimed = conn.execute(
                update(tables)
                .where(tables.c.id == row.rematch_of, tables.c.rematch_id.is_(None))
                .values(rematch_id=row.id)
            ).rowcount
            if claimed != 1:
                raise _Lost()
            if _private(conn, [row.rematch_of]):
                conn.execute(insert(private_tables).values(table_id=row.id))
            if hints_for_everyone:
                conn.execute(insert(hint_tables).values(table_id=row.id))
            notify(conn, row.rematch_of)
        return row.id
    except _Lost:
        with engine.connect() as conn:
            winner = conn.execute(select(tables.c.rematch_id).where(tables.c.id == row.rematch_of)).scalar()
        assert winner is not None
        return str(winner)


def _insert_table(conn: Connection, row: TableRow, creator: str | None) -> None:
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
            creator=creator,
        )
    )
    for s in row.seats:  # a seat row's fields are the seats table's columns (besides its table's id)
        conn.execute(insert(seats).values(table_id=row.id, **asdict(s)))


def load_table(engine: Engine, table_id: str) -> TableRow | None:
    with engine.connect() as conn:
        t = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
        if t is None:
            return None
        seat_rows = conn.execute(select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)).mappings()
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


def mark_joined(engine: Engine, table_id: str, seat: int, name: str | None) -> None:
    values: dict[str, Any] = {"joined": True}
    if name:
        values["name"] = name
    with engine.begin() as conn:
        conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(**values))
        notify(conn, table_id)


def list_tables(engine: Engine, limit: int = 50) -> list[TableRow]:
    with engine.connect() as conn:
        recent = select(tables.c.id).where(tables.c.status == "playing")  # only tables still in play are listed
        ids = [r.id for r in conn.execute(recent.order_by(tables.c.created.desc()).limit(limit))]
    found = [load_table(engine, i) for i in ids]
    return [t for t in found if t is not None]


def private_among(engine: Engine, table_ids: list[str]) -> set[str]:
    """Which of these tables are private (left out of the public list)."""
    if not table_ids:
        return set()
    with engine.connect() as conn:
        return _private(conn, table_ids)


def _private(conn: Connection, table_ids: list[str]) -> set[str]:
    rows = conn.execute(select(private_tables.c.table_id).where(private_tables.c.table_id.in_(table_ids)))
    return {r.table_id for r in rows}


def hints_for_everyone(engine: Engine, table_id: str) -> bool:
    """Whether the creator turned hints on for everyone at this table."""
    with engine.connect() as conn:
        return bool(conn.execute(select(exists().where(hint_tables.c.table_id == table_id))).scalar())


def expire_idle(engine: Engine, cutoff: datetime) -> list[str]:
    """Mark unfinished tables without a stored change since ``cutoff`` as expired; their ids."""
    idle = (tables.c.status == "playing") & (func.coalesce(tables.c.updated, tables.c.created) < cutoff)
    # Rows locked in id order, as every batch of several tables is (see .order): a scan in the order
    # the rows lie could hold one table's row while a batch holds another's, each wanting the other's.
    # A move stored meanwhile keeps its table: the update asks again whether it is idle.
    locked = select(tables.c.id).where(idle).order_by(tables.c.id).with_for_update()
    with engine.begin() as conn:
        done = conn.execute(
            update(tables)
            .where(tables.c.id.in_(locked.scalar_subquery()) & idle)
            .values(status="expired")
            .returning(tables.c.id)
        )
        return [r.id for r in done]


def abandon(engine: Engine, table_id: str) -> bool:
    """End a table nobody has been at for long as abandoned (its auto seats go); False if it was
    not playing any more."""
    with engine.begin() as conn:
        done = conn.execute(
            update(tables).where((tables.c.id == table_id) & (tables.c.status == "playing")).values(status="abandoned")
        )
        if done.rowcount == 1:
            conn.execute(delete(auto_seats).where(auto_seats.c.table_id == table_id))
            notify(conn, table_id)
        return done.rowcount == 1


def cancel_waiting(engine: Engine, table_id: str) -> bool:
    """End a table that still waits for an invited person, before anything was played (status
    ``cancelled``); False if it no longer waits (everyone came meanwhile) or was closed already."""
    waiting = exists().where((seats.c.table_id == table_id) & (seats.c.kind == "invite"))
    with engine.begin() as conn:
        done = conn.execute(
            update(tables)
            .where((tables.c.id == table_id) & (tables.c.status == "playing") & waiting)
            .values(status="cancelled")
        )
        if done.rowcount == 1:
            notify(conn, table_id)
        return done.rowcount == 1


def all_playing_ids(engine: Engine) -> list[str]:
    with engine.connect() as conn:
        return [r.id for r in conn.execute(select(tables.c.id).where(tables.c.status == "playing"))]
