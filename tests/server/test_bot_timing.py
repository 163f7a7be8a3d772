"""A bot's answer time says nothing about what it holds.

The bot here behaves like a search with a time budget: with one legal move (it must pass) it answers
at once, with several (it holds a Nope) it thinks for most of its budget. Timed from outside, over
200 reaction windows, answers with and without a Nope in hand must look the same, and none may come
before the bot's whole budget has passed.

Only passes are compared. A Nope is public the moment it appears, and the room does more work for it
(it is stored at once and opens a new window, where a pass waits hidden for the window to close), so
its answer time may differ from a pass's without telling anyone more than the Nope itself does. What
must not differ is a pass given holding a Nope from a pass given without one.

The toy game deals the Nopes afresh, hidden, at every window (``nopes="dealt"``): a random draw with
nothing to do with how far the game has gone. With one public Nope each for the whole game, holding
one meant "early in the game", and a game's last window, whose closing pass also ends the game and so
takes the room a little longer to announce (4 ms on the median on a loaded machine), came three times
in four without one: the two kinds differed by a public fact, and on a loaded machine the test
sometimes told them apart (Mann-Whitney p = 0.00098 once, medians 190 and 195 ms).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from scipy.stats import ks_2samp, mannwhitneyu  # type: ignore[import-untyped]

from cardroom.bots.budget import Budget
from cardroom.bots.pace import table_pace
from cardroom.bots.specs import register_bot, search_budget
from cardroom.core.game import Game
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live
from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from cardroom.server.store.actions import load_actions
from tests.server.timing import assert_indistinguishable

BUDGET_MS = 60
SPEC = f"thinker:ms={BUDGET_MS}"
WINDOWS = 200
TABLES = 8


class ThinksWhenItMatters:
    """Passes at once when it must; thinks (sleeps most of its budget) when it could Nope."""

    name = "thinker"

    def __init__(self, ms: float) -> None:
        self.seconds = ms / 1000
        # Its budget where the room's bots keep theirs: the pace test checks every registered bot, this
        # one too when its module was imported first, against the budget the bot says it searches with.
        self.settings = SimpleNamespace(budget=Budget(ms=ms))

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal = [str(a) for a in view["legal_actions"]]
        if len(legal) == 1:
            return legal[0]
        time.sleep(self.seconds * 0.9)
        if "nope" in legal:
            return "nope" if rng.random() < 0.3 else "pass"
        return rng.choice(legal)


register_bot("thinker", lambda game, params: ThinksWhenItMatters(float(params.get("ms", "1000"))), search_budget)


class StampingHub(Hub):
    """The room's hub, noting when each step of each table was announced to the sockets: the moment
    a player's page could first see it."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: dict[str, dict[int, float]] = {}

    def changed(self, live: Live, only_seat: int | None = None) -> None:
        if only_seat is None:
            step = live.step
            self.seen.setdefault(live.row.id, {}).setdefault(step, time.monotonic())
        super().changed(live, only_seat)


async def _play_tables(room: Room) -> dict[tuple[bool, str], list[float]]:
    """Answer times of the bot (seat 1) in windows, keyed by whether it held a Nope and what it
    answered ("pass" or "nope")."""
    # Per table: (held a Nope, the bot's step, answer time). What the bot answered is read from the
    # database only after every table has finished: a read between games would stall the event loop
    # the other tables are being timed on, at moments that follow the games' phases (and so what the
    # bots hold), a difference made by the test, not the room.
    timed_by_table: dict[str, list[tuple[bool, int, float]]] = {}
    hub = room.hub
    assert isinstance(hub, StampingHub)

    def windows_timed() -> int:
        return sum(len(t) for t in timed_by_table.values())

    async def one_table() -> None:
        while windows_timed() < WINDOWS:
            created = await room.create(
                "toy",
                None,
                {"nopes": "dealt"},
                [SeatRequest("me"), SeatRequest("bot", bot=SPEC)],
                reaction_seconds=30,
                turn_seconds=None,
            )
            table_id = created.table_id
            changed = hub.subscribe(room.live(table_id))
            timed_step = -1
            opened, holds = 0.0, False
            timed = timed_by_table[table_id] = []
            while not room.live(table_id).state.is_over:
                live = room.live(table_id)
                state = live.state
                if 1 in state.to_act and state.view(None)["pending"] is not None and timed_step != live.step:
                    # A window the bot must answer: note when it was shown and what the bot holds.
                    timed_step, opened = live.step, hub.seen[table_id][live.step]
                    holds = "nope" in [str(a) for a in state.legal_actions(1)]
                if 0 in state.to_act and 0 not in room.answered(live):
                    legal = [str(a) for a in state.legal_actions(0)]
                    text = "pass" if "pass" in legal else legal[0]
                    await room.submit(table_id, 0, live.step, text)
                    continue
                changed.clear()
                before = live.step
                await changed.wait()
                live = room.live(table_id)
                if timed_step == before and 1 in live.actors[before:]:
                    answered = live.actors.index(1, before) + 1
                    timed.append((holds, answered - 1, hub.seen[table_id][answered] - opened))
                    timed_step = -2
            hub.unsubscribe(room.live(table_id), changed)

    await asyncio.gather(*(one_table() for _ in range(TABLES)))
    await room.autoplay.shutdown()
    times: dict[tuple[bool, str], list[float]] = {}
    for table_id, timed in timed_by_table.items():
        stored = {a.step: a.text for a in load_actions(room.store.engine, table_id)}
        for held, step, seconds in timed:
            times.setdefault((held, stored[step]), []).append(seconds)
    return times


def test_answer_times_do_not_depend_on_a_held_nope(tmp_path: Path) -> None:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'timing.sqlite3'}")
    database.upgrade(engine)
    room = Room(Store(engine), hub=StampingHub(), bot_delay=0.0)
    times = asyncio.run(_play_tables(room))
    engine.dispose()
    assert set(times) <= {(True, "pass"), (True, "nope"), (False, "pass")}, set(times)
    # The bot did Nope sometimes: the windows where it held one were real choices.
    assert len(times.get((True, "nope"), [])) >= 10, {k: len(v) for k, v in times.items()}
    holding, empty = times.get((True, "pass"), []), times.get((False, "pass"), [])
    nopes = times[(True, "nope")]
    assert len(holding) >= 40 and len(empty) >= 40, (len(holding), len(empty))
    everything = [t for answers in times.values() for t in answers]
    # Never sooner than the bot's whole budget, whatever it held.
    assert min(everything) >= BUDGET_MS / 1000, min(everything)
    # Indistinguishable (before pacing, a threshold told them apart every time): see tests/server/timing.py.
    assert_indistinguishable(holding, empty)
    print(
        f"\npass times over {len(holding) + len(empty)} of {len(everything)} windows, pace {table_pace([SPEC], 0.0, room.autoplay.bot_budget):.3f} s:"
        f" holding a Nope n={len(holding)} median {sorted(holding)[len(holding) // 2]:.3f} s"
        f" [{min(holding):.3f}, {max(holding):.3f}]; without n={len(empty)} median {sorted(empty)[len(empty) // 2]:.3f} s"
        f" [{min(empty):.3f}, {max(empty):.3f}]; Mann-Whitney p = {mannwhitneyu(holding, empty).pvalue:.3f},"
        f" KS p = {ks_2samp(holding, empty).pvalue:.3f}; Nopes n={len(nopes)} median {sorted(nopes)[len(nopes) // 2]:.3f} s"
    )
