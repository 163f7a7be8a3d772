"""Everything the room keeps for one live table hangs off that table's object (``Live``): its recent
states, a waiting catch-up, the open window's hidden answers, run-outs in a row, its bots. So dropping
the table from memory leaves no trace of it in any of the room's parts."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database

THREE = [SeatRequest("me"), SeatRequest("invite"), SeatRequest("invite")]


def holding(room: Room, table_id: str) -> list[str]:
    """Every dictionary, counter or set of the room and its parts with a key naming the table."""
    found = []
    parts = {"room": room, "autoplay": room.autoplay, "absent": room.absent, "hub": room.hub, "chat": room.chat,
             "window_answers": room.window_answers}
    for part_name, part in parts.items():
        for name, value in vars(part).items():
            if isinstance(value, (dict, set)):
                for key in value:
                    if key == table_id or (isinstance(key, tuple) and key and key[0] == table_id):
                        found.append(f"{part_name}.{name}")
                        break
    return found


async def _a_table_in_play(room: Room) -> str:
    """A table with a window open and answered by one seat, a run-out counted, a bot made, a catch-up
    queued: every kind of thing the room keeps for a table."""
    created = await room.create("toy", None, {}, THREE, reaction_seconds=60, turn_seconds=600)
    table_id = created.table_id
    live = await room.live_soon(table_id)
    hand = live.state.view(0)["hand"]
    await room.submit(table_id, 0, 0, f"play {hand[0]}")
    await room.submit(table_id, 1, 1, "pass")  # noted, hidden: the window stays open
    live = await room.live_soon(table_id)
    assert live.answers is not None and live.recent
    await room.absent.timed_out(live, 2)
    room.autoplay._bot(live, 2, "random")
    room.chat.latest(table_id)
    room.hub.looked_at(table_id)
    await room.absent.sweep()  # presence noted by the moves is written, as every sweep does
    assert live.missed and live.bots
    return table_id


def _room(tmp_path: Path, **kwargs: object) -> Room:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'memory.sqlite3'}")
    database.upgrade(engine)
    return Room(Store(engine), bot_delay=60.0, **kwargs)  # type: ignore[arg-type]


def test_a_table_dropped_from_memory_leaves_nothing_behind(tmp_path: Path) -> None:
    room = _room(tmp_path, expire_after=timedelta(0))

    async def scenario() -> list[str]:
        table_id = await _a_table_in_play(room)
        held = await room.live_soon(table_id)
        assert "room._live" in holding(room, table_id) and held.tasks  # its move clocks run
        await asyncio.sleep(0.01)
        await room.expire_idle()  # closed for good and dropped
        for _ in range(3):
            await asyncio.sleep(0)  # its cancelled bots and clocks finish
        left = holding(room, table_id)
        await room.autoplay.shutdown()
        return left

    assert asyncio.run(scenario()) == []


def test_a_table_dropped_for_another_process_keeps_only_its_recent_states(tmp_path: Path) -> None:
    room = _room(tmp_path)

    async def scenario() -> tuple[list[str], list[str]]:
        table_id = await _a_table_in_play(room)
        live = await room.live_soon(table_id)
        assert room.heard(f"{table_id} elsewhere") is None  # nobody follows it here: dropped
        for _ in range(3):
            await asyncio.sleep(0)
        left = holding(room, table_id)
        back = await room.live_soon(table_id)  # read again: it takes its recent states back
        assert back is not live and back.recent and set(back.recent) == set(live.recent)
        again = holding(room, table_id)
        await room.autoplay.shutdown()
        return left, again

    left, again = asyncio.run(scenario())
    # The states a late choice may have been made on, kept so it is judged as if the table stayed.
    assert left == ["room._dropped"]
    assert "room._dropped" not in again
