"""Storing a table's moves (the table's lock held) and moving its cached state on: one action, or a
closing reaction window's answers together. When another server process stored the step first, what
it stored is read and applied here, as its notification would (see :mod:`.catchup`)."""

from __future__ import annotations

import asyncio

from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.core.game import State
from cardroom.server.errors import Refused, StaleStep
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.held import HeldTables
from cardroom.server.room.live import Live
from cardroom.server.store import GroupWriter, NewAction, StepTaken, Store, now


class Recorder:
    def __init__(self, tables: HeldTables, store: Store, writer: GroupWriter, autoplay: Autoplay) -> None:
        self.tables = tables
        self.store = store
        self.writer = writer  # every write of this process, on one thread
        self.autoplay = autoplay

    async def one(self, live: Live, seat: int, action_text: str, timed_out: bool, new_state: State) -> bool:
        """Store one action (the table's lock held) and move the cached state on; False if another
        server process stored this step first (its actions are then read and applied here)."""
        table_id = live.row.id
        at = now()  # stored with the action, so this process knows the time a restart reads back
        try:
            await self.writer.append(
                NewAction(table_id, live.step, seat, action_text, timed_out, new_state.is_over, created=at)
            )
        except StepTaken:
            await self._lost_race(live)
            return False
        # The finished table's row (status "over"), read on a thread before the state moves on, so
        # nobody sees a finished game on a table still marked as playing.
        row = await self.tables.read_row(table_id) if new_state.is_over else None
        live.remember()  # so a choice made on the state before can be judged (see Play.still_current)
        live.record(seat, new_state, timed_out, at)
        if row is not None:
            live.take_row(*row)
            live.recent.clear()
        return True

    async def window(self, live: Live, answers: list[tuple[int, str, bool]]) -> None:
        """Store a closing window's answers (seat, action, timed out) in one transaction, all or none,
        and move the cached state on. One commit whatever the number of answers: how long a window's
        result takes to appear must not say how many seats passed rather than played a card."""
        states: list[State] = []
        state = live.state
        for seat, text, _ in answers:
            try:
                state = state.apply(seat, text)
            except (InvalidAction, IllegalAction) as exc:
                raise Refused(str(exc)) from None
            states.append(state)
        table_id = live.row.id
        at = now()
        batch = [
            NewAction(table_id, live.step + i, seat, text, timed_out, states[i].is_over, created=at)
            for i, (seat, text, timed_out) in enumerate(answers)
        ]
        try:
            await self.writer.append_together(batch)
        except StepTaken:
            live = self.tables.reload(table_id)
            raise StaleStep(live.step) from None
        row = await self.tables.read_row(table_id) if states[-1].is_over else None  # as in one()
        for (seat, _, timed_out), new_state in zip(answers, states, strict=True):
            live.remember()
            live.record(seat, new_state, timed_out, at)
        if row is not None:
            live.take_row(*row)
            live.recent.clear()

    async def answer_stored(self, table_id: str, window_step: int, answers: int, seat: int, text: str) -> bool:
        """Whether the window opened at ``window_step`` (``answers`` seats asked) was closed with
        ``seat``'s answer ``text`` as given, not as a timed-out pass."""
        rows = await asyncio.to_thread(self.store.load_actions, table_id, window_step)
        return any(r.seat == seat and r.text == text and not r.timed_out for r in rows[:answers])

    async def _lost_race(self, live: Live) -> None:
        """Another process stored this table's current step (the lock held): apply the actions it
        stored, as its notification would, and set bots, clocks and sockets going. Only what is new is
        read; if nothing is (the cache went astray), the table is rebuilt from the database."""
        table_id = live.row.id
        previous = live.state
        rows = await asyncio.to_thread(self.store.load_actions, table_id, live.step)
        if not rows or rows[0].step != live.step:
            raise StaleStep(self.tables.reload(table_id).step)
        for action in rows:
            if action.step != live.step:
                break
            live.remember()
            live.record(action.seat, live.state.apply(action.seat, action.text), action.timed_out, action.created)
        self.autoplay.after_change(live, previous=previous)
        self.tables.wake(table_id)
