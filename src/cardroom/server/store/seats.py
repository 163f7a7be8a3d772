"""Who holds a seat: links that hand it over (invitations and hand-overs, each exchanged once for a
fresh secret), seats the room plays for while their person is away, and when each seat was last
seen connected."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.server.store.driver import converter, driver_cursor
from cardroom.server.store.notify import notify
from cardroom.server.store.rows import Link, now
from cardroom.server.store.schema import auto_seats, links, seat_presence, seats

# -- links ----------------------------------------------------------------------------------------


def add_link(engine: Engine, table_id: str, seat: int, token_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(
            insert(links).values(token_hash=token_hash, table_id=table_id, seat=seat, spent=False, created=now())
        )


def find_link(engine: Engine, token_hash: str) -> Link | None:
    with engine.connect() as conn:
        row = conn.execute(select(links).where(links.c.token_hash == token_hash)).first()
    return None if row is None else Link(row.table_id, row.seat, bool(row.spent))


def exchange_link(engine: Engine, table_id: str, seat: int, old_hash: str, new_hash: str, name: str | None) -> bool:
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
        notify(conn, table_id)
    return True


def fill_seat(engine: Engine, table_id: str, seat: int, spec: str, name: str) -> bool:
    """A seat still waiting for its invited person is given to the bot ``spec`` instead, and its
    invitation is spent (opened later, it says the seat is taken); False if the person took it first."""
    with engine.begin() as conn:
        filled = conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "invite")
            .values(kind="bot", bot_spec=spec, token_hash=None, joined=True, name=name)
        )
        if filled.rowcount != 1:
            return False
        conn.execute(update(links).where(links.c.table_id == table_id, links.c.seat == seat).values(spent=True))
        notify(conn, table_id)
    return True


def take_invited_seat(engine: Engine, table_id: str, seat: int) -> bool:
    """The invited person used their invitation's token (a view, a socket, a move...) without opening
    the link in a browser: they have sat down. The invitation stays theirs to exchange; False if the
    seat was no longer waiting."""
    with engine.begin() as conn:
        taken = conn.execute(
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.kind == "invite")
            .values(kind="human", joined=True)
        )
        if taken.rowcount == 1:
            notify(conn, table_id)
    return taken.rowcount == 1


def set_seat_token(engine: Engine, table_id: str, seat: int, token_hash: str) -> None:
    """Give a seat a new token (a rematch seat, claimed by its player from their old seat)."""
    with engine.begin() as conn:
        conn.execute(
            update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(token_hash=token_hash)
        )
        notify(conn, table_id)


# -- seats the room plays for, and presence -------------------------------------------------------


def auto_seats_of(engine: Engine, table_id: str) -> dict[int, str]:
    """The table's seats played by the room: seat -> reason ("timeouts" or "away")."""
    rows = auto_seats.c
    with engine.connect() as conn:
        found = conn.execute(select(rows.seat, rows.reason).where(rows.table_id == table_id)).all()
    return {int(r.seat): str(r.reason) for r in found}


def set_auto(engine: Engine, table_id: str, seat: int, reason: str) -> None:
    try:
        with engine.begin() as conn:
            conn.execute(insert(auto_seats).values(table_id=table_id, seat=seat, reason=reason, since=now()))
            notify(conn, table_id)
    except IntegrityError:
        pass  # another process made it an auto seat first


def hand_back(engine: Engine, table_id: str, seat: int, seen: float) -> None:
    """The seat is its person's again, seen at ``seen`` (epoch seconds), in one transaction."""
    rows = auto_seats.c
    with engine.begin() as conn:
        conn.execute(delete(auto_seats).where((rows.table_id == table_id) & (rows.seat == seat)))
        _store_seen(conn, [(table_id, seat, seen)])
        notify(conn, table_id)


def write_seen(engine: Engine, stamps: list[tuple[str, int, float]]) -> None:
    """Store when each (table, seat) was last seen connected (epoch seconds), in one transaction."""
    with engine.begin() as conn:
        _store_seen(conn, stamps)


def _store_seen(conn: Connection, stamps: list[tuple[str, int, float]]) -> None:
    """One statement for all the stamps, each seat's latest, in the order of the seats (two processes'
    sweeps lock shared rows in one order), through the driver's cursor. On SQLite the sweep holds the
    thread that stores moves, and every move queued behind it waits as long (on PostgreSQL it runs
    beside). Through SQLAlchemy, 2,200 stamps cost 28 ms of CPU on PostgreSQL (sent a row at a time)
    and 11 ms on SQLite; now 6 and 8.6 ms (``bench/server/presence_write.py``, a quiet machine)."""
    latest: dict[tuple[str, int], float] = {}
    for table_id, seat, at in stamps:
        latest[(table_id, seat)] = max(at, latest.get((table_id, seat), at))
    keys = sorted(latest)
    if not keys:
        return
    with driver_cursor(conn) as cursor:
        if conn.dialect.name == "postgresql":
            cursor.execute(SEEN_FROM_ARRAYS, ([t for t, _ in keys], [s for _, s in keys], [latest[k] for k in keys]))
        else:
            stored = converter(seat_presence.c.seen, conn.dialect)  # the column's own text for a time
            cursor.executemany(
                SEEN_ROWS, [(t, s, stored(datetime.fromtimestamp(latest[(t, s)], UTC))) for t, s in keys]
            )


# Each seat at most once: one statement may not update a row twice. A stamp older than the one stored
# changes nothing: a sweep's write may land after a newer one (a person handed back, another process's
# sweep), and a seat seen later must not look absent longer. On PostgreSQL the stamps go as three arrays
# and epoch seconds become timestamps there, which spares the driver converting thousands of datetimes;
# SQLite's driver runs one statement for many rows in C.
SEEN_FROM_ARRAYS = """
INSERT INTO seat_presence (table_id, seat, seen)
SELECT table_id, seat, to_timestamp(seen)
FROM unnest(%s::varchar[], %s::integer[], %s::float8[]) AS stamp(table_id, seat, seen)
ON CONFLICT (table_id, seat) DO UPDATE SET seen = GREATEST(seat_presence.seen, excluded.seen)
"""
SEEN_ROWS = """
INSERT INTO seat_presence (table_id, seat, seen) VALUES (?, ?, ?)
ON CONFLICT (table_id, seat) DO UPDATE SET seen = max(seat_presence.seen, excluded.seen)
"""


def read_seen(engine: Engine, table_ids: list[str]) -> dict[tuple[str, int], float]:
    """When each seat of these tables was last seen connected (epoch seconds), where it was."""
    rows = seat_presence.c
    seen: dict[tuple[str, int], float] = {}
    with engine.connect() as conn:
        for i in range(0, len(table_ids), 500):
            chunk = table_ids[i : i + 500]
            for r in conn.execute(select(rows.table_id, rows.seat, rows.seen).where(rows.table_id.in_(chunk))):
                stamp = r.seen if r.seen.tzinfo else r.seen.replace(tzinfo=UTC)  # SQLite drops the zone
                seen[(str(r.table_id), int(r.seat))] = stamp.timestamp()
    return seen
