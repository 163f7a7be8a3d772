"""The seats an account holds: claimed with the seat's own token (proof that the browser holds the
seat), one account per seat, and listed as "my games"."""

from __future__ import annotations

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from cardroom.people.records import HeldSeat
from cardroom.server.store.rows import now
from cardroom.server.store.schema import account_seats, private_tables, seats, tables


def claim_seats(engine: Engine, account_id: str, claims: list[tuple[str, str]]) -> list[tuple[str, int]]:
    """Give the account each seat whose token hash is given ((table id, token hash) pairs), unless
    another account holds it already: the (table, seat) pairs the account holds among them now."""
    held: list[tuple[str, int]] = []
    with engine.begin() as conn:
        for table_id, token_hash in claims:
            found = conn.execute(
                select(seats.c.seat).where(seats.c.table_id == table_id, seats.c.token_hash == token_hash)
            ).first()
            if found is None:
                continue
            seat = int(found.seat)
            holder = conn.execute(
                select(account_seats.c.account_id).where(
                    account_seats.c.table_id == table_id, account_seats.c.seat == seat
                )
            ).first()
            if holder is None:
                try:
                    with conn.begin_nested():
                        conn.execute(
                            insert(account_seats).values(
                                table_id=table_id, seat=seat, account_id=account_id, created=now()
                            )
                        )
                except IntegrityError:
                    continue  # another account claimed it at this instant
            elif holder.account_id != account_id:
                continue
            held.append((table_id, seat))
    return held


def held_seats(engine: Engine, account_id: str, limit: int) -> list[HeldSeat]:
    """The account's seats, newest claim first, with their tables' public facts."""
    query = (
        select(
            account_seats.c.table_id,
            account_seats.c.seat,
            seats.c.name,
            tables.c.game,
            tables.c.status,
            tables.c.created,
            private_tables.c.table_id.label("private_id"),
        )
        .join(tables, tables.c.id == account_seats.c.table_id)
        .join(seats, (seats.c.table_id == account_seats.c.table_id) & (seats.c.seat == account_seats.c.seat))
        .outerjoin(private_tables, private_tables.c.table_id == account_seats.c.table_id)
        .where(account_seats.c.account_id == account_id)
        .order_by(account_seats.c.created.desc())
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        HeldSeat(
            str(r.table_id), int(r.seat), str(r.name), str(r.game), str(r.status), r.created, r.private_id is not None
        )
        for r in rows
    ]


def holders(engine: Engine, table_id: str) -> dict[int, str]:
    """The table's seats held by an account: seat -> account id."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(account_seats.c.seat, account_seats.c.account_id).where(account_seats.c.table_id == table_id)
        ).all()
    return {int(r.seat): str(r.account_id) for r in rows}
