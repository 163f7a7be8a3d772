"""A table's row read from the database on a thread never replaces one read after it.

Reads of a table's row (its seats' token hashes, status, names) run on threads and may finish in any
order. Under load a rematch once lost a seat this way: the second person's new token was stored and
the row read again, then an older read (begun by the sweep for absent people, before the token was
stored) finished last and put the row without that token back, so the person's moves were refused
with 403 until the next read. Here the older read is held back on its thread after reading, the token
is stored and the row read again, then the older read is let go."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.room.tokens import hash_token, new_token, seat_of
from cardroom.server.store import Store, TableRow, database


def _held_back_first_read(store: Store) -> tuple[threading.Event, threading.Event]:
    """Make the store's next row read read the database, then wait (on its thread) until released."""
    read, release = threading.Event(), threading.Event()
    real: Callable[[str], TableRow | None] = store.load_table

    def load_table(table_id: str) -> TableRow | None:
        row = real(table_id)
        if not read.is_set():
            read.set()
            release.wait(30)
        return row

    store.load_table = load_table  # type: ignore[method-assign]
    return read, release


def _room(tmp_path: Path) -> tuple[Room, Store]:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'rows.sqlite3'}")
    database.upgrade(engine)
    store = Store(engine)
    return Room(store, bot_delay=60.0), store


def test_an_older_row_read_finishing_last_keeps_the_newer_row(tmp_path: Path) -> None:
    room, store = _room(tmp_path)
    fresh = new_token()

    async def scenario() -> int:
        created = await room.create("toy", None, {}, [SeatRequest("me"), SeatRequest("invite")], reaction_seconds=60, turn_seconds=600)
        live = room.live(created.table_id)
        read, release = _held_back_first_read(store)
        older = asyncio.create_task(room.reload_row_soon(live))
        await asyncio.to_thread(read.wait, 30)  # it has read the row, without the new token
        await asyncio.to_thread(store.set_seat_token, created.table_id, 1, hash_token(fresh))
        await room.reload_row_soon(live)  # begun after the token was stored
        release.set()
        await older
        seat = seat_of(room.live(created.table_id), fresh)
        await room.shutdown()
        return seat

    assert asyncio.run(scenario()) == 1


def test_a_catch_up_that_read_before_a_new_token_does_not_hide_it(tmp_path: Path) -> None:
    """The same race with the catch-up another process's notification starts (it reads the row,
    actions and concession together, holding the table's lock)."""
    room, store = _room(tmp_path)
    fresh = new_token()

    async def scenario() -> int:
        created = await room.create("toy", None, {}, [SeatRequest("me"), SeatRequest("invite")], reaction_seconds=60, turn_seconds=600)
        live = room.live(created.table_id)
        read, release = _held_back_first_read(store)
        older = asyncio.create_task(room.catchup.catch_up(created.table_id))
        await asyncio.to_thread(read.wait, 30)
        await asyncio.to_thread(store.set_seat_token, created.table_id, 1, hash_token(fresh))
        await room.reload_row_soon(live)
        release.set()
        await older
        seat = seat_of(room.live(created.table_id), fresh)
        await room.shutdown()
        return seat

    assert asyncio.run(scenario()) == 1
