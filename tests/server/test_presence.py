"""Who is connected here is read from the tables' own watchers (``Live.watchers``): a socket opened
while a sweep for absent people is under way keeps its seat from being judged away."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from cardroom.server.room import absent
from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from tests.server.seated import create_seated


def test_a_person_who_connects_during_a_sweep_is_not_judged_away(tmp_path: Path) -> None:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'presence.sqlite3'}")
    database.upgrade(engine)
    # Away at once: a seat nobody is connected to is handed to the room's bot at the first sweep.
    room = Room(Store(engine), bot_delay=60.0, away_after=0.0)

    async def scenario() -> tuple[dict[int, str], dict[int, str]]:
        created = await create_seated(
            room, "toy", None, {}, [SeatRequest("me"), SeatRequest("invite")], reaction_seconds=60, turn_seconds=600
        )
        table_id = created.table_id
        sweep = asyncio.create_task(room.absent.sweep())
        await asyncio.sleep(0)  # the sweep has begun: it waits for its reads and writes
        live, changed = await room.follow(table_id, 0)  # seat 0's person connects meanwhile
        await sweep
        auto = dict(live.auto)
        room.unfollow(live, changed, 0)
        await room.absent.sweep()  # gone now: judged away
        after = dict(room.live(table_id).auto)
        await room.shutdown()
        return auto, after

    auto, after = asyncio.run(scenario())
    engine.dispose()
    assert auto == {1: "away"}  # the seat nobody came to; never the one connected during the sweep
    assert after == {0: "away", 1: "away"}


def test_a_sweep_stores_every_connected_seat_a_few_hundred_a_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep's stamps go in parts, so the writer can store the moves that came meanwhile between
    two of them; every connected seat is stamped all the same, and none of them is judged away."""
    monkeypatch.setattr(absent, "STAMPS_A_WRITE", 2)
    engine = database.make_engine(f"sqlite:///{tmp_path / 'parts.sqlite3'}")
    database.upgrade(engine)
    room = Room(Store(engine), bot_delay=60.0, away_after=0.0)
    writes: list[int] = []
    write_seen = room.store.write_seen
    monkeypatch.setattr(room.store, "write_seen", lambda stamps: (writes.append(len(stamps)), write_seen(stamps))[1])

    async def scenario() -> tuple[list[str], dict[tuple[str, int], float], list[dict[int, str]]]:
        ids = []
        for _ in range(5):
            created = await create_seated(
                room,
                "toy",
                None,
                {},
                [SeatRequest("me"), SeatRequest("bot", "random")],
                reaction_seconds=60,
                turn_seconds=600,
            )
            ids.append(created.table_id)
            await room.follow(created.table_id, 0)  # its person connected here
        swept = time.time()
        await room.absent.sweep()
        seen = room.store.read_seen(ids)
        auto = [dict(room.live(table_id).auto) for table_id in ids]
        await room.shutdown()
        return ids, {key: at - swept for key, at in seen.items()}, auto

    ids, seen, auto = asyncio.run(scenario())
    engine.dispose()
    assert writes == [2, 2, 1]
    assert set(seen) == {(table_id, 0) for table_id in ids}
    assert all(-1.0 < late < 5.0 for late in seen.values())  # stamped by this sweep
    assert auto == [{}] * 5  # connected here, so never away, whatever the stored stamps said before
