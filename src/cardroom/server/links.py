"""Seat links in the database: invitations and hand-overs, each exchanged once for a fresh secret.

A link's token is a secret like a seat token (only its SHA-256 is stored). Whoever opens a link first
gets a new seat token that only their browser holds; the link is spent, and the seat's previous token
(an invitation's, or the old device's) stops opening it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, insert, select, update

from cardroom.server.schema import links, seats
from cardroom.server.store import _notify, now


@dataclass(frozen=True)
class Link:
    table_id: str
    seat: int
    spent: bool


def add(engine: Engine, table_id: str, seat: int, token_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(
            insert(links).values(
                token_hash=token_hash, table_id=table_id, seat=seat, spent=False, created=now()
            )
        )


def find(engine: Engine, token_hash: str) -> Link | None:
    with engine.connect() as conn:
        row = conn.execute(select(links).where(links.c.token_hash == token_hash)).first()
    return None if row is None else Link(row.table_id, row.seat, bool(row.spent))


def exchange(
    engine: Engine, table_id: str, seat: int, old_hash: str, new_hash: str, name: str | None
) -> bool:
    """Spend the link (or invitation token) ``old_hash`` and give the seat ``new_hash``, in one
    transaction; False if someone else spent it first."""
    with engine.begin() as conn:
        spent = conn.execute(
            update(links)
            .where(links.c.token_hash == old_hash, links.c.table_id == table_id, links.c.spent.is_(False))
            .values(spent=True)
        )
        if spent.rowcount != 1:
            return False
        values: dict[str, object] = {"token_hash": new_hash, "kind": "human", "joined": True}
        if name:
            values["name"] = name
        conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(**values))
        _notify(conn, table_id)
    return True


def set_token(engine: Engine, table_id: str, seat: int, token_hash: str) -> None:
    """Give a seat a new token (a rematch seat, claimed by its player from their old seat)."""
    with engine.begin() as conn:
        conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(token_hash=token_hash)
        )
        _notify(conn, table_id)
