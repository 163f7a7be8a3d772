"""What the room reads on threads is never older than what it already holds.

Reads of a table run on threads and may finish in any order. Under load a rematch once lost a seat
this way: the second person's new token was stored and the row read again, then an older read (begun
before the token was stored) finished last and put the row without that token back, so the person's
moves were refused with 403 until the next read. And with several processes, a move stored by one
while another was reading the table was missed there until the next change. In each test the older
read is held back on its thread after reading, the change is stored, then the read is let go."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.room.tokens import hash_token, new_token, seat_of
from cardroom.server.store import Store, database
from tests.server.seated import create_seated


def _held_back_first_read(store: Store, method: str = "load_table") -> tuple[threading.Event, threading.Event]:
    """Make the store's next call of ``method`` (a read) read the database, then wait (on its thread)
    until released."""
    read, release = threading.Event(), threading.Event()
    real: Callable[..., Any] = getattr(store, method)

    def held_back(*args: Any) -> Any:
        found = real(*args)
        if not read.is_set():
            read.set()
            release.wait(30)
        return found

    setattr(store, method, held_back)
    return read, release


def _room(tmp_path: Path) -> tuple[Room, Store]:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'rows.sqlite3'}")
    database.upgrade(engine)
    store = Store(engine)
    return Room(store, bot_delay=60.0), store


@pytest.mark.parametrize("older", ["row read again", "catch-up"])
def test_an_older_row_read_finishing_last_keeps_the_newer_row(tmp_path: Path, older: str) -> None:
    """The older read is the row read again (as the sweep for absent people does), or the catch-up
    another process's notification starts (it reads the row, actions and concession together, holding
    the table's lock)."""
    room, store = _room(tmp_path)
    fresh = new_token()

    async def scenario() -> int:
        created = await create_seated(
            room, "toy", None, {}, [SeatRequest("me"), SeatRequest("invite")], reaction_seconds=60, turn_seconds=600
        )
        live = room.live(created.table_id)
        read, release = _held_back_first_read(store)
        reading = room.reload_row_soon(live) if older == "row read again" else room.catchup.catch_up(live.row.id)
        task = asyncio.create_task(reading)
        await asyncio.to_thread(read.wait, 30)  # it has read the row, without the new token
        await asyncio.to_thread(store.set_seat_token, created.table_id, 1, hash_token(fresh))
        await room.reload_row_soon(live)  # begun after the token was stored
        release.set()
        await task
        seat = seat_of(room.live(created.table_id), fresh)
        await room.shutdown()
        return seat

    assert asyncio.run(scenario()) == 1


def test_a_move_stored_elsewhere_while_the_table_loads_here_is_read(tmp_path: Path) -> None:
    """Two rooms on one database, as two server processes: the second is reading the table on a
    thread (it read before the move) when the first stores a move and its notification arrives. The
    second still shows the move once its read is kept, not a step behind until the next change."""
    engine = database.make_engine(f"sqlite:///{tmp_path / 'two.sqlite3'}")
    database.upgrade(engine)
    first, second_store = Room(Store(engine), bot_delay=60.0), Store(engine)
    second = Room(second_store, bot_delay=60.0)

    async def scenario() -> tuple[int, int]:
        created = await create_seated(
            first, "toy", None, {}, [SeatRequest("me"), SeatRequest("invite")], reaction_seconds=60, turn_seconds=600
        )
        table_id = created.table_id
        read, release = _held_back_first_read(second_store, "load_actions")
        loading = asyncio.create_task(second.live_soon(table_id))
        await asyncio.to_thread(read.wait, 30)  # the second has read the table as it was
        state = first.live(table_id).state
        seat = state.to_act[0]
        moved = await first.submit(table_id, seat, 0, str(state.legal_actions(seat)[0]))
        catching_up = second.heard(f"{table_id} {first.origin}")  # as its listener would call it
        release.set()
        await loading
        if catching_up is not None:
            await catching_up
        shown = second.live(table_id).step
        await first.shutdown()
        await second.shutdown()
        return moved.step, shown

    stored, shown = asyncio.run(scenario())
    engine.dispose()
    assert stored == 1 and shown == stored
