"""The deal of the day's rows: the server's secret the deals are derived from, the entries (who was
dealt which copy of a day's slot, at which table) and the expert's reference on each copy, kept once
played. See docs/challenges.md."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.server.store import tables
from cardroom.server.store.rows import NewTable, now
from cardroom.server.store.schema import daily_entries, daily_references, daily_secret
from cardroom.server.store.schema import tables as table_rows


@dataclass(frozen=True)
class DailyEntry:
    day: str
    slot: str
    entrant: str  # "account:<id>" or "guest:<browser hash>": never shown
    name: str
    guest: bool
    copy: int
    table_id: str
    seat: int
    created: datetime
    # The finished deal's analysis, once worked out and kept (:func:`set_figures`): ``adjusted`` None
    # means not worked out yet; ``play`` None beside a worked-out ``adjusted`` means no decision to make.
    play: float | None = None
    adjusted: float | None = None


@dataclass(frozen=True)
class Reference:
    """The expert's points (1 for first place .. 0 for last) in the entrant's seat of one copy, and its
    luck-adjusted result (None on a row kept before the room kept it)."""

    day: str
    slot: str
    copy: int
    bots: str  # the deal's bots, as their spec
    expert: str  # the expert's spec
    points: float
    adjusted: float | None = None


def secret(engine: Engine) -> str:
    """The server's deal secret, made on first use (two processes making it at once keep the first)."""
    with engine.connect() as conn:
        found = conn.execute(select(daily_secret.c.secret).where(daily_secret.c.id == 1)).scalar()
    if found is not None:
        return str(found)
    try:
        with engine.begin() as conn:
            conn.execute(insert(daily_secret).values(id=1, secret=secrets.token_hex(32)))
    except IntegrityError:
        pass  # another process made it first: that one is the secret
    return secret(engine)


def add_entry(engine: Engine, new: NewTable, entry: DailyEntry) -> bool:
    """Store the entrant's table and their entry in one transaction; False if this entrant already
    entered this window's slot (then neither is stored: a second attempt leaves nothing behind)."""
    return tables.create_with_entry(engine, new, daily_entries, entry)


def _entry(row: object) -> DailyEntry:
    return DailyEntry(**{c.name: getattr(row, c.name) for c in daily_entries.columns})


def entry_of(engine: Engine, day: str, slot: str, entrant: str) -> DailyEntry | None:
    with engine.connect() as conn:
        row = conn.execute(
            select(daily_entries).where(
                daily_entries.c.day == day, daily_entries.c.slot == slot, daily_entries.c.entrant == entrant
            )
        ).first()
    return None if row is None else _entry(row)


def entries_of(engine: Engine, entrant: str, days: list[str]) -> list[DailyEntry]:
    """An entrant's entries in the given windows."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(daily_entries).where(daily_entries.c.entrant == entrant, daily_entries.c.day.in_(days))
        ).all()
    return [_entry(r) for r in rows]


def entries_of_slot(engine: Engine, day: str, slot: str) -> list[DailyEntry]:
    """Everyone who entered a window's slot, first entered first."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(daily_entries)
            .where(daily_entries.c.day == day, daily_entries.c.slot == slot)
            .order_by(daily_entries.c.created, daily_entries.c.table_id)
        ).all()
    return [_entry(r) for r in rows]


def entries_of_days(engine: Engine, days: list[str]) -> list[DailyEntry]:
    """Everyone who entered any slot of the given windows (the running leaderboard's), by window and slot."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(daily_entries)
            .where(daily_entries.c.day.in_(days))
            .order_by(daily_entries.c.day, daily_entries.c.slot, daily_entries.c.created, daily_entries.c.table_id)
        ).all()
    return [_entry(r) for r in rows]


def unanalysed(engine: Engine, days: list[str], slots: list[str], limit: int) -> list[DailyEntry]:
    """Entries of the given windows and slots whose deal is over (its table's status) and whose analysis is not
    kept yet, newest window first: what the room works out ahead of the standings."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(daily_entries)
            .join(table_rows, table_rows.c.id == daily_entries.c.table_id)
            .where(
                daily_entries.c.day.in_(days),
                daily_entries.c.slot.in_(slots),
                daily_entries.c.adjusted.is_(None),
                table_rows.c.status == "over",
            )
            .order_by(daily_entries.c.day.desc(), daily_entries.c.created)
            .limit(limit)
        ).all()
    return [_entry(r) for r in rows]


def figures_of(engine: Engine, seats: list[tuple[str, int]]) -> dict[tuple[str, int], tuple[float | None, float]]:
    """The kept analyses of these entries (by table and seat): play figure and adjusted result; an
    entry whose analysis is not kept is not in the answer."""
    if not seats:
        return {}
    c = daily_entries.c
    with engine.connect() as conn:
        rows = conn.execute(
            select(c.table_id, c.seat, c.play, c.adjusted).where(
                c.table_id.in_({t for t, _ in seats}),
                c.adjusted.is_not(None),  # one entry a table
            )
        ).all()
    wanted = set(seats)
    return {(r.table_id, r.seat): (r.play, r.adjusted) for r in rows if (r.table_id, r.seat) in wanted}


def set_figures(engine: Engine, table_id: str, seat: int, play: float | None, adjusted: float) -> bool:
    """Keep an entry's analysis; False if one was kept already (another process worked out the same
    figures first: the same seed and budget give the same ones, so the first stays)."""
    c = daily_entries.c
    with engine.begin() as conn:
        done = conn.execute(
            update(daily_entries)
            .where(c.table_id == table_id, c.seat == seat, c.adjusted.is_(None))
            .values(play=play, adjusted=adjusted)
        )
    return bool(done.rowcount)


def add_reference(engine: Engine, reference: Reference) -> bool:
    """Keep a copy's reference; False if it was already kept (another process played it at the same
    time: the same deterministic points, so the first stays and nothing else changes). A row kept
    without its adjusted result gets this one's (the only change an existing row ever sees)."""
    try:
        with engine.begin() as conn:
            conn.execute(insert(daily_references).values(**vars(reference), created=now()))
    except IntegrityError:
        if reference.adjusted is not None:
            _set_adjusted(engine, reference)
        return False
    return True


def _set_adjusted(engine: Engine, reference: Reference) -> None:
    c = daily_references.c
    with engine.begin() as conn:
        conn.execute(
            update(daily_references)
            .where(
                c.day == reference.day,
                c.slot == reference.slot,
                c.copy == reference.copy,
                c.bots == reference.bots,
                c.expert == reference.expert,
                c.adjusted.is_(None),
            )
            .values(adjusted=reference.adjusted)
        )


def references_of(engine: Engine, days: list[str], slot: str | None = None) -> list[Reference]:
    """The references kept for the given windows (at one slot, or at every slot)."""
    query = select(*(c for c in daily_references.columns if c.name != "created")).where(
        daily_references.c.day.in_(days)
    )
    if slot is not None:
        query = query.where(daily_references.c.slot == slot)
    with engine.connect() as conn:
        return [Reference(**row._mapping) for row in conn.execute(query)]
