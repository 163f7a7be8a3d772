"""When a reaction window closes says nothing about who answered it.

A pass in an open window is noted, hidden, until the window closes (see ``Room.submit``): the other
seats' sockets are not woken, their snapshots do not change, and a window that closes at its
deadline closes at the same moment (one read and one commit, whatever was answered) whether a seat
passed early or said nothing. Timed from outside over 160 windows, closing times with and without an
early pass from the same seat must look the same.
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

from cardroom.server.errors import StaleStep
from cardroom.server.room.clocks import window_open
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live
from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from tests.server.seated import create_seated
from tests.server.timing import assert_indistinguishable

WINDOWS = 160
TABLES = 8
REACTION = 0.4


class StampingHub(Hub):
    """Notes (wall clock, like a window's deadline) when each step of a table was first announced."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[str, dict[int, float]] = {}

    def changed(self, live: Live, only_seat: int | None = None) -> None:
        if only_seat is None:
            step = live.step
            self.seen.setdefault(live.row.id, {}).setdefault(step, time.time())
        super().changed(live, only_seat)


def _shown(room: Room, table_id: str, seat: int | None) -> dict[str, Any]:
    """What a seat is shown, without the seconds left on the window's clock (they tick anyway)."""
    snapshot = room.snapshot(room.live(table_id), seat)
    if snapshot["window"] is not None:
        snapshot["window"] = {k: v for k, v in snapshot["window"].items() if k != "remaining"}
    return snapshot


async def _close_times(room: Room) -> dict[bool, list[float]]:
    """Seconds from each window's deadline to its result reaching the sockets, keyed by whether seat
    1 passed early (seat 0 always passes, seat 2 never answers: every window runs to its deadline)."""
    hub = room.hub
    assert isinstance(hub, StampingHub)
    times: dict[bool, list[float]] = {True: [], False: []}
    rng = random.Random(7)

    async def one_table() -> None:
        while len(times[True]) + len(times[False]) < WINDOWS:
            created = await create_seated(
                room,
                "toy",
                None,
                {},
                [SeatRequest("me"), SeatRequest("invite"), SeatRequest("invite")],
                reaction_seconds=REACTION,
                turn_seconds="none",
                private=True,
            )
            tid = created.table_id
            spectator = hub.subscribe(room.live(tid))
            while not room.live(tid).is_over:
                live = room.live(tid)
                if not (live.window_deadline is not None and window_open(live)):
                    seat = live.state.to_act[0]  # a turn: whoever's it is plays a card at once
                    await room.submit(tid, seat, live.step, str(live.state.legal_actions(seat)[0]))
                    continue
                step, deadline, early = live.step, live.window_deadline, rng.random() < 0.5
                spectator.clear()
                before = [_shown(room, tid, s) for s in (2, None)]
                try:
                    await room.submit(tid, 0, step, "pass")
                    if early:
                        await asyncio.sleep(0.01)
                        await room.submit(tid, 1, step, "pass")
                    answered_in_time = room.live(tid).step == step
                except StaleStep:  # the loop was too busy to answer before the deadline: no sample
                    answered_in_time = False
                if answered_in_time:
                    # Nobody else heard of it: no push, the same snapshots for seat 2 and spectators.
                    assert not spectator.is_set()
                    assert [_shown(room, tid, s) for s in (2, None)] == before
                while room.live(tid).step == step:
                    spectator.clear()
                    await spectator.wait()
                if answered_in_time:
                    times[early].append(hub.seen[tid][room.live(tid).step] - deadline)
            hub.unsubscribe(room.live(tid), spectator)

    await asyncio.gather(*(one_table() for _ in range(TABLES)))
    await room.autoplay.shutdown()
    return times


def test_closing_times_do_not_depend_on_who_answered(tmp_path: Path) -> None:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'windows.sqlite3'}")
    database.upgrade(engine)
    room = Room(Store(engine), hub=StampingHub(), bot_delay=0.0)
    times = asyncio.run(_close_times(room))
    engine.dispose()
    answered, silent = times[True], times[False]
    assert len(answered) >= 50 and len(silent) >= 50, (len(answered), len(silent))
    # Never before the deadline, whatever was answered.
    assert min(answered + silent) >= 0.0, min(answered + silent)
    # Indistinguishable, by the same measures as the bot-timing test (tests/server/timing.py).
    p = assert_indistinguishable(answered, silent)
    print(
        f"\nclose after deadline over {len(answered) + len(silent)} windows: with an early pass n={len(answered)}"
        f" median {sorted(answered)[len(answered) // 2] * 1000:.1f} ms; without n={len(silent)}"
        f" median {sorted(silent)[len(silent) // 2] * 1000:.1f} ms; Mann-Whitney p = {p:.3f}"
    )
