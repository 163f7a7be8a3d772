"""Who is connected here is read from the tables' own watchers (``Live.watchers``): a socket opened
while a sweep for absent people is under way keeps its seat from being judged away."""

from __future__ import annotations

import asyncio
from pathlib import Path

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
