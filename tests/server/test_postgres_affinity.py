"""Two server processes on one PostgreSQL, each table served by one of them (table-affinity
routing): a process that holds a table only because someone once looked at it there drops it when
another process changes it, instead of reading every change; one with a socket, bot or clock on the
table keeps it current; a table it never loaded costs nothing. Two rooms in one test process stand for
the two server processes: each has its own cache and its own origin in the notifications."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardroom.server import database
from cardroom.server.rooms import Room
from cardroom.server.tablerequest import SeatRequest
from tests.server.postgres import Postgres


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    # Not under pytest's tmp dir: that is private to root, and PostgreSQL runs as `postgres`.
    root = Path(tempfile.mkdtemp(prefix="cardroom-pg-"))
    server = Postgres(root).start()
    yield server
    server.stop()
    shutil.rmtree(root, ignore_errors=True)


async def _move(room: Room, table_id: str) -> None:
    live = room.live(table_id)
    seat = live.state.to_act[0]
    await room.submit(table_id, seat, live.step, str(live.state.legal_actions(seat)[0]))


def test_a_table_only_looked_at_here_is_dropped_not_read(postgres: Postgres) -> None:
    engine = database.make_engine(postgres.url)
    database.upgrade(engine)

    async def scenario() -> None:
        serving, other = Room(engine, bot_delay=0.0), Room(engine, bot_delay=0.0)
        try:
            seats = [SeatRequest(kind="me"), SeatRequest(kind="invite")]
            table_id = serving.create("tacocat", None, {}, seats, 60.0, None).table_id
            other.live(table_id)  # a GET through the other process
            await _move(serving, table_id)
            note = f"{table_id} {serving.origin}"  # what serving's group commit NOTIFYs
            # Nobody at the other process watches the table: it is dropped, nothing is read...
            assert other.heard(note) is None
            assert table_id not in other._live
            # ... and whoever asks there next gets it as stored, from the database.
            assert other.live(table_id).step == 1
            # With a socket open there, the next change is read and the socket woken.
            woken = other.hub.subscribe(table_id, 0)
            await _move(serving, table_id)
            work = other.heard(note)
            assert work is not None
            await work
            assert other._live[table_id].step == 2 and woken.is_set()
            # A table the other process never loaded: nothing is loaded, no work is handed back.
            fresh = serving.create("tacocat", None, {}, seats, 60.0, None).table_id
            await _move(serving, fresh)
            assert other.heard(f"{fresh} {serving.origin}") is None and fresh not in other._live
            assert other.heard(fresh) is None and fresh not in other._live  # a join or chat there
            # Its own notifications are skipped even for a table it watches.
            assert other.heard(f"{table_id} {other.origin}") is None
        finally:
            for room in (serving, other):
                await room.autoplay.shutdown()
                room.writer.close()

    try:
        asyncio.run(scenario())
    finally:
        engine.dispose()


def test_a_table_whose_bot_runs_here_is_kept_current(postgres: Postgres) -> None:
    """A bot's or clock's task keeps the table: dropping it under a running bot would have the bot
    reload it on every step (or play on a stale one)."""
    engine = database.make_engine(postgres.url)
    database.upgrade(engine)

    async def scenario() -> None:
        serving, other = Room(engine, bot_delay=60.0), Room(engine, bot_delay=60.0)
        try:
            seats = [SeatRequest(kind="me"), SeatRequest(kind="invite")]
            table_id = serving.create("tacocat", None, {}, seats, 60.0, None).table_id
            live = other.live(table_id)
            # Stand in for a running bot of this table at the other process (one that never ends here).
            other.autoplay._start((table_id, "bot", 1), asyncio.sleep(3600))
            assert other.autoplay.busy(table_id)
            await _move(serving, table_id)
            work = other.heard(f"{table_id} {serving.origin}")
            assert work is not None
            await work
            assert other._live[table_id] is live and live.step == 1
        finally:
            for room in (serving, other):
                await room.autoplay.shutdown()
                room.writer.close()
            assert not other.autoplay.busy(table_id)

    try:
        asyncio.run(scenario())
    finally:
        engine.dispose()
