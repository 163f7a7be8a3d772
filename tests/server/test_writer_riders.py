"""Clocks ride in the actions' transaction on SQLite: stored together, or not at all.

A busy room stored every change of its tables' move clocks in a transaction of its own, a second sync
to disk for nearly every action. Now what is pending rides in the next batch of actions. These tests
hold the two halves of that promise on a real SQLite file: a ride lands with its actions, and a
batch that fails gives its clocks back to be written later (nothing newer is overwritten by them).
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import Engine, select

from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import NewAction, Store, database
from cardroom.server.store.actions import load_actions
from cardroom.server.store.schema import tables
from tests.server.seated import create_seated


def _engine(tmp_path: Path) -> Engine:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'riders.sqlite3'}")
    database.upgrade(engine)
    return engine


def _stored_clocks(engine: Engine, table_id: str) -> object:
    with engine.connect() as conn:
        return conn.execute(select(tables.c.clocks).where(tables.c.id == table_id)).scalar_one()


async def _room_with_table(engine: Engine) -> tuple[Room, str]:
    """A room and a new two-person toy table, with whatever its creation queued already written."""
    room = Room(Store(engine), bot_delay=60.0)
    created = await create_seated(room, "toy", None, {}, [SeatRequest("me"), SeatRequest("invite")], 30, 600)
    await room.writer.call(lambda: None)
    return room, created.table_id


def test_pending_clocks_are_committed_with_the_next_actions(tmp_path: Path) -> None:
    engine = _engine(tmp_path)

    async def scenario() -> None:
        room, table_id = await _room_with_table(engine)
        # Pending clocks no write of their own has been asked for (save() would also ask for one).
        room.store.clock_saver.give_back({table_id: {"turn": {"0": 12345.0}}})
        live = room.live(table_id)
        seat = live.state.to_act[0]
        await room.writer.append(
            NewAction(table_id, live.step, seat, str(live.state.legal_actions(seat)[0]), False, False)
        )
        assert _stored_clocks(engine, table_id) == {"turn": {"0": 12345.0}}
        assert room.store.clock_saver.take() == {}
        await room.autoplay.shutdown()
        room.writer.close()

    asyncio.run(scenario())
    engine.dispose()


def test_a_failed_batch_gives_its_clocks_back_and_stores_nothing(tmp_path: Path) -> None:
    engine = _engine(tmp_path)

    async def scenario() -> None:
        room, table_id = await _room_with_table(engine)
        before = _stored_clocks(engine, table_id)
        # A clock change and an action that cannot be stored (its table does not exist): the whole
        # transaction fails, so neither lands, and the clocks wait for the next write.
        room.store.clock_saver.give_back({table_id: {"turn": {"0": 999.0}}})
        # The driver's own error: the group writer stores actions through its cursor.
        with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
            await room.writer.append(NewAction("no-such-table", 0, 0, "play 1", False, False))
        assert load_actions(engine, table_id) == []
        assert _stored_clocks(engine, table_id) == before
        assert room.store.clock_saver.take() == {table_id: {"turn": {"0": 999.0}}}
        await room.autoplay.shutdown()
        room.writer.close()

    asyncio.run(scenario())
    engine.dispose()
