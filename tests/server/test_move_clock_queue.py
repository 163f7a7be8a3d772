"""The move clocks of all tables run as one queue with one timer (room/autoplay.py), not as a task
per table made again at every move: a move queues the next seat's deadline and makes no task, and a
deadline that passes still has the room's stand-in play, one stand-in pace after it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from cardroom.bots.pace import table_pace
from cardroom.server.room import autoplay
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live
from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from tests.server.seated import create_seated

TWO_PEOPLE = [SeatRequest("me"), SeatRequest("invite")]


class StampingHub(Hub):
    """Notes, on the wall clock the deadlines are set on, when each step of each table was announced."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[tuple[str, int], float] = {}

    def changed(self, live: Live, only_seat: int | None = None) -> None:
        if only_seat is None:
            self.seen.setdefault((live.row.id, live.step), time.time())
        super().changed(live, only_seat)


def _room(tmp_path: Path) -> Room:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'clocks.sqlite3'}")
    database.upgrade(engine)
    # No seat becomes an auto seat here: a run-out is only ever the clock's.
    return Room(Store(engine), hub=StampingHub(), bot_delay=0.0, timeouts=10_000)


def test_moves_make_no_task_for_the_move_clock(tmp_path: Path) -> None:
    room = _room(tmp_path)
    made: list[str] = []
    start = room.autoplay._start

    def counting(live: Live, key: tuple[str, int], coro: Coroutine[Any, Any, None]) -> None:
        made.append(key[0])  # every bot and clock task the room sets going, by what it is
        start(live, key, coro)

    room.autoplay._start = counting  # type: ignore[method-assign]

    async def scenario() -> tuple[int, int, int, list[float]]:
        created = await create_seated(room, "toy", None, {}, TWO_PEOPLE, reaction_seconds=600, turn_seconds=600)
        table_id = created.table_id
        moves, deadlines = 0, []
        made.clear()
        while not room.live(table_id).is_over:
            live = room.live(table_id)
            waiting = [s for s in live.state.to_act if s not in room.answered(live)]
            if not waiting:  # every seat answered the window: it closes on its own
                await asyncio.sleep(0.01)
                continue
            seat = waiting[0]
            deadlines.append(live.turn_deadlines.get(seat, 0.0))
            legal = sorted(map(str, live.state.legal_actions(seat)))
            await room.submit(table_id, seat, live.step, "pass" if "pass" in legal else legal[0])
            moves += 1
        clock_tasks = sum(what.startswith("turn") for what in made)
        queued = room.autoplay.queued_clocks
        await room.shutdown()
        return moves, clock_tasks, queued, deadlines

    moves, clock_tasks, queued, deadlines = asyncio.run(scenario())
    # Outside reaction windows every seat to act had its move clock running (so there was a clock to
    # keep), yet no move made a task for one: each queued a deadline, nothing more.
    assert sum(d > time.time() + 500 for d in deadlines) >= 3, deadlines
    assert clock_tasks == 0, clock_tasks
    assert moves >= 9 and 0 < queued <= moves, (moves, queued)


def test_passed_deadlines_are_played_by_the_stand_in_one_pace_after_each(tmp_path: Path) -> None:
    room = _room(tmp_path)
    hub = room.hub
    assert isinstance(hub, StampingHub)

    async def scenario() -> tuple[dict[str, float], set[str], float | None]:
        deadlines: dict[str, float] = {}
        for seconds in (0.6, 0.4, 0.2):  # each table's deadline earlier than the one the timer waits for
            created = await create_seated(room, "toy", None, {}, TWO_PEOPLE, reaction_seconds=60, turn_seconds=seconds)
            live = room.live(created.table_id)
            deadlines[created.table_id] = live.turn_deadlines[live.state.to_act[0]]
        timer_at = room.autoplay._timer_at
        for _ in range(500):
            if all(room.live(t).step >= 1 for t in deadlines):
                break
            await asyncio.sleep(0.01)
        timed_out = {t for t in deadlines if room.live(t).timed_out_moves}
        await room.shutdown()
        return deadlines, timed_out, timer_at

    deadlines, timed_out, timer_at = asyncio.run(scenario())
    assert timer_at == min(deadlines.values())  # the timer moved to the earliest deadline queued
    assert timed_out == set(deadlines)  # every table's seat was played for, as a run-out
    pace = table_pace([autoplay.STAND_IN_SPEC], 0.0, room.autoplay.bot_budget)
    for table_id, deadline in deadlines.items():
        assert hub.seen[(table_id, 1)] >= deadline + pace - 0.01, (hub.seen[(table_id, 1)] - deadline, pace)
