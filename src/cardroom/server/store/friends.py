"""A friend's challenge's rows (docs/challenges.md): the challenge (a random id standing for one seat of
a finished table against bots) and its entries (who played it, at which table). The challenger's own
table is an entry too, so the challenger cannot be dealt their own game again."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from cardroom.server.store import tables
from cardroom.server.store.rows import NewTable, now
from cardroom.server.store.schema import daily_entries, friend_challenges, friend_entries


@dataclass(frozen=True)
class Challenge:
    id: str
    table_id: str  # the challenger's table: never shown to the friend before they have finished
    seat: int


@dataclass(frozen=True)
class FriendEntry:
    challenge_id: str
    entrant: str  # "account:<id>" or "guest:<browser hash>": never shown
    name: str
    table_id: str
    seat: int
    created: datetime


def new_id() -> str:
    """A challenge's id: 128 random bits (22 characters), unrelated to the table and its seed."""
    return secrets.token_urlsafe(16)


def challenge_of_table(engine: Engine, table_id: str, seat: int) -> Challenge | None:
    with engine.connect() as conn:
        row = conn.execute(
            select(friend_challenges).where(friend_challenges.c.table_id == table_id, friend_challenges.c.seat == seat)
        ).first()
    return None if row is None else Challenge(row.id, row.table_id, row.seat)


def make_challenge(engine: Engine, table_id: str, seat: int, entrant: str, name: str) -> Challenge:
    """The challenge of this seat, made on first asking with the challenger's own entry (one per seat:
    two asking at once get the same one)."""
    found = challenge_of_table(engine, table_id, seat)
    if found is not None:
        return found
    made = Challenge(new_id(), table_id, seat)
    try:
        with engine.begin() as conn:
            conn.execute(insert(friend_challenges).values(**made.__dict__, created=now()))
            conn.execute(
                insert(friend_entries).values(
                    challenge_id=made.id, entrant=entrant, name=name, table_id=table_id, seat=seat, created=now()
                )
            )
    except IntegrityError:
        pass  # made by another request at this instant: that one is the challenge
    found = challenge_of_table(engine, table_id, seat)
    assert found is not None
    return found


def is_daily_deal(engine: Engine, table_id: str) -> bool:
    """Whether the table is someone's deal of the day (never passed on: see ``room/friend.py``)."""
    with engine.connect() as conn:
        return (
            conn.execute(select(daily_entries.c.table_id).where(daily_entries.c.table_id == table_id)).first()
            is not None
        )


def challenge(engine: Engine, challenge_id: str) -> Challenge | None:
    with engine.connect() as conn:
        row = conn.execute(select(friend_challenges).where(friend_challenges.c.id == challenge_id)).first()
    return None if row is None else Challenge(row.id, row.table_id, row.seat)


def add_entry(engine: Engine, new: NewTable, entry: FriendEntry) -> bool:
    """The friend's table and their entry in one transaction; False (nothing stored) if this entrant
    has played this challenge already."""
    return tables.create_with_entry(engine, new, friend_entries, entry)


def entries(engine: Engine, challenge_id: str) -> list[FriendEntry]:
    """Everyone who played a challenge, the challenger first (first entered first)."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(friend_entries)
            .where(friend_entries.c.challenge_id == challenge_id)
            .order_by(friend_entries.c.created, friend_entries.c.table_id)
        ).all()
    return [FriendEntry(**{c.name: getattr(r, c.name) for c in friend_entries.columns}) for r in rows]
