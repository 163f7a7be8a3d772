"""A table's host (the seat of the person who created it) and what the host may do before the game
begins: take a seated person's seat back, so that it waits for someone else. Also whether a seat's
account is suspended (such a seat cannot be sat at)."""

from __future__ import annotations

from sqlalchemy import Engine, delete, insert, select, update

from cardroom.server.store import tables
from cardroom.server.store.notify import notify
from cardroom.server.store.rows import NewTable, now
from cardroom.server.store.schema import account_seats, accounts, links, seats, table_hosts


def create_hosted(engine: Engine, new: NewTable, host: int | None) -> None:
    """Store a new table whole (see :func:`tables.create_table`) and, in the same transaction, the
    seat of the person who created it (none: the creator took no seat)."""
    with engine.begin() as conn:
        tables.insert_new(conn, new)
        if host is not None:
            conn.execute(insert(table_hosts).values(table_id=new.row.id, seat=host))


def set_host(engine: Engine, table_id: str, seat: int) -> None:
    """The table's host is ``seat`` (a rematch's: whoever asked for it first), unless it has one."""
    with engine.begin() as conn:
        if conn.execute(select(table_hosts.c.seat).where(table_hosts.c.table_id == table_id)).first() is None:
            conn.execute(insert(table_hosts).values(table_id=table_id, seat=seat))


def host_of(engine: Engine, table_id: str) -> int | None:
    with engine.connect() as conn:
        row = conn.execute(select(table_hosts.c.seat).where(table_hosts.c.table_id == table_id)).first()
    return None if row is None else int(row.seat)


def unseat(engine: Engine, table_id: str, seat: int, invitation_hash: str, name: str) -> bool:
    """The seated person's seat made an invitation again (a new link, ``invitation_hash``; their token
    and their account's hold on it gone), in one transaction; False unless a person sat there."""
    with engine.begin() as conn:
        changed = conn.execute(
            update(seats)
            .where(
                seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "human", seats.c.joined.is_(True)
            )
            .values(kind="invite", token_hash=invitation_hash, joined=False, name=name)
        )
        if changed.rowcount != 1:
            return False
        conn.execute(update(links).where(links.c.table_id == table_id, links.c.seat == seat).values(spent=True))
        conn.execute(
            insert(links).values(token_hash=invitation_hash, table_id=table_id, seat=seat, spent=False, created=now())
        )
        conn.execute(delete(account_seats).where(account_seats.c.table_id == table_id, account_seats.c.seat == seat))
        notify(conn, table_id)
    return True


def suspended_seat(engine: Engine, table_id: str, seat: int) -> bool:
    """Whether the seat is held by a suspended account."""
    with engine.connect() as conn:
        row = conn.execute(
            select(accounts.c.suspended)
            .join(account_seats, account_seats.c.account_id == accounts.c.id)
            .where(account_seats.c.table_id == table_id, account_seats.c.seat == seat)
        ).first()
    return row is not None and bool(row.suspended)
