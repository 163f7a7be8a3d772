"""What whoever runs the room changed from outside a running server (``cardroom admin suspend`` and
``close``, another process), read by the server's watcher every few seconds (:mod:`..room.suspensions`):
two small reads, so no marker table is needed."""

from __future__ import annotations

from sqlalchemy import Engine, select

from cardroom.server.store.schema import account_seats, accounts, tables

CHUNK = 500  # ids per query (SQLite allows a few thousand bound values)


def suspended_playing_seats(engine: Engine) -> frozenset[tuple[str, int]]:
    """The (table id, seat) pairs held by suspended accounts at tables still being played."""
    query = (
        select(account_seats.c.table_id, account_seats.c.seat)
        .join(accounts, accounts.c.id == account_seats.c.account_id)
        .join(tables, tables.c.id == account_seats.c.table_id)
        .where(accounts.c.suspended.is_(True), tables.c.status == "playing")
    )
    with engine.connect() as conn:
        return frozenset((str(r.table_id), int(r.seat)) for r in conn.execute(query))


def no_longer_playing(engine: Engine, table_ids: list[str]) -> list[str]:
    """Those of ``table_ids`` whose stored status is no longer "playing" (closed, ended or expired)."""
    ended: list[str] = []
    with engine.connect() as conn:
        for start in range(0, len(table_ids), CHUNK):
            chunk = table_ids[start : start + CHUNK]
            found = conn.execute(select(tables.c.id).where(tables.c.id.in_(chunk), tables.c.status != "playing"))
            ended.extend(str(r.id) for r in found)
    return ended
