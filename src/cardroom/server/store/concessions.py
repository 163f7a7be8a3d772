"""A seat that conceded a two-player game: one row beside the game, written with the table's status."""

from __future__ import annotations

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.server.store.notify import notify
from cardroom.server.store.rows import now
from cardroom.server.store.schema import concessions, tables


def record_concession(engine: Engine, table_id: str, seat: int, step: int) -> bool:
    """Store the concession (and end the table); False if the table has one already or is not playing."""
    try:
        with engine.begin() as conn:
            ended = conn.execute(
                update(tables).where((tables.c.id == table_id) & (tables.c.status == "playing")).values(status="over")
            )
            if ended.rowcount != 1:
                return False  # nothing was written: the transaction commits nothing
            conn.execute(insert(concessions).values(table_id=table_id, seat=seat, step=step, created=now()))
            notify(conn, table_id)
    except IntegrityError:
        return False
    return True


def find_concession(engine: Engine, table_id: str) -> tuple[int, int] | None:
    """(seat, step) of the table's concession, if any."""
    with engine.connect() as conn:
        row = conn.execute(
            select(concessions.c.seat, concessions.c.step).where(concessions.c.table_id == table_id)
        ).first()
    return None if row is None else (int(row.seat), int(row.step))
