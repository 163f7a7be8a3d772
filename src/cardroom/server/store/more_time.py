"""Seats with more time: a row per seat whose person turned the setting on (none: the usual clocks)."""

from __future__ import annotations

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError

from cardroom.server.store.notify import notify
from cardroom.server.store.rows import now
from cardroom.server.store.schema import more_time_seats


def set_more_time(engine: Engine, table_id: str, seat: int, on: bool) -> None:
    """Turn the seat's setting on or off (either twice is the same as once)."""
    with engine.begin() as conn:
        if on:
            try:
                with conn.begin_nested():
                    conn.execute(insert(more_time_seats).values(table_id=table_id, seat=seat, created=now()))
            except IntegrityError:
                return  # already on: nothing changed, nothing to tell
        else:
            gone = conn.execute(
                delete(more_time_seats).where(
                    (more_time_seats.c.table_id == table_id) & (more_time_seats.c.seat == seat)
                )
            )
            if gone.rowcount == 0:
                return
        notify(conn, table_id)


def more_time_of(engine: Engine, table_id: str) -> frozenset[int]:
    """The table's seats that have more time."""
    with engine.connect() as conn:
        rows = conn.execute(select(more_time_seats.c.seat).where(more_time_seats.c.table_id == table_id))
        return frozenset(int(row.seat) for row in rows)
