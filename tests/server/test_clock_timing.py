"""A move clock's run-out says nothing about the absent seat's cards.

When a person's move clock runs out, the room's stand-in bot plays that one move for them. The bot
here thinks for most of its budget when the seat holds a high card and answers at once otherwise, so
if the room sent its move as soon as it was chosen, the time from the turn's start to the move would
tell everyone watching whether the absent seat held a high card. The room instead delivers it one
stand-in pace after the (public) deadline: the two kinds of hands must look the same from outside.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from cardroom.bots.pace import table_pace
from cardroom.bots.specs import register_bot, search_budget
from cardroom.core.game import Game
from cardroom.server.room import autoplay
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live
from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from tests.server.seated import create_seated
from tests.server.test_bot_timing import StampingHub
from tests.server.timing import assert_indistinguishable

BUDGET_MS = 60
SPEC = f"slowhand:ms={BUDGET_MS}"
TURN_SECONDS = 0.15
SAMPLES = 120
TABLES = 6


class ThinksOnHighCards:
    """Plays its lowest card; thinks (sleeps most of its budget) first when it holds a 6 or more."""

    def __init__(self, ms: float) -> None:
        self.seconds = ms / 1000

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal = sorted(str(a) for a in view["legal_actions"])
        if view.get("pending") is None and max(int(a.split()[-1]) for a in legal) >= 6:
            time.sleep(self.seconds * 0.9)
        return legal[0]


register_bot("slowhand", lambda game, params: ThinksOnHighCards(float(params.get("ms", "1000"))), search_budget)


class WallStampingHub(StampingHub):
    """:class:`StampingHub` on the wall clock, the clock the move clocks' deadlines are set on."""

    def changed(self, live: Live, only_seat: int | None = None) -> None:
        if only_seat is None:
            step = live.step
            self.seen.setdefault(live.row.id, {}).setdefault(step, time.time())
        Hub.changed(self, live, only_seat)


async def _time_run_outs(room: Room) -> dict[bool, list[float]]:
    """Seconds from a turn's deadline to the moment the stand-in's move is announced, keyed by whether
    the seat held a high card. Measured from the deadline itself, not from when the turn was
    announced: on a loaded machine the process may be paused between setting a turn's clock and
    announcing the turn, which would make the move look early by that pause."""
    hub = room.hub
    assert isinstance(hub, WallStampingHub)
    times: dict[bool, list[float]] = {True: [], False: []}

    async def one_table() -> None:
        while min(len(t) for t in times.values()) < SAMPLES // 2:
            created = await create_seated(
                room,
                "toy",
                None,
                {},
                [SeatRequest("me"), SeatRequest("invite")],
                reaction_seconds=0.05,
                turn_seconds=TURN_SECONDS,
            )
            table_id = created.table_id
            changed = hub.subscribe(room.live(table_id))
            while not room.live(table_id).state.is_over:
                live = room.live(table_id)
                state, before = live.state, live.step
                on_turn = state.view(None)["pending"] is None
                seat = state.to_act[0]
                high = on_turn and max(int(str(a).split()[-1]) for a in state.legal_actions(seat)) >= 6
                deadline = live.turn_deadlines.get(seat)
                changed.clear()
                await changed.wait()
                live = room.live(table_id)
                seen = hub.seen.get(table_id, {})
                # (A table's first state is not announced: its first turn is not timed.)
                if on_turn and deadline is not None and live.step == before + 1 and live.actors[before] == seat:
                    times[high].append(seen[before + 1] - deadline)
            hub.unsubscribe(room.live(table_id), changed)

    await asyncio.gather(*(one_table() for _ in range(TABLES)))
    await room.autoplay.shutdown()
    return times


def test_a_run_out_move_comes_one_pace_after_the_deadline_whatever_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(autoplay, "STAND_IN_SPEC", SPEC)
    engine = database.make_engine(f"sqlite:///{tmp_path / 'clock.sqlite3'}")
    database.upgrade(engine)
    # Seats never become auto seats here: every move is a clock's run-out.
    room = Room(Store(engine), hub=WallStampingHub(), bot_delay=0.0, timeouts=10_000)
    times = asyncio.run(_time_run_outs(room))
    engine.dispose()
    high, low = times[True], times[False]
    assert len(high) >= SAMPLES // 2 and len(low) >= SAMPLES // 2, (len(high), len(low))
    pace = table_pace([SPEC], 0.0, room.autoplay.bot_budget)
    # Never before the deadline plus the stand-in's pace, whatever the seat held.
    assert min(high + low) >= pace - 0.01, min(high + low)
    assert_indistinguishable(high, low)
