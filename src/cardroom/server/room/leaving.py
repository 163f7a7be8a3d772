"""A seat leaving a game under way: the room's side of conceding (the texts are in :mod:`.concede`,
the stored concession in the store's ``concessions``; what leaving does to the game is the game's
own ``State.concede``)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from cardroom.server.errors import Refused, StaleStep
from cardroom.server.room import concede, window_answers
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.begun import not_begun
from cardroom.server.room.clocks import window_open
from cardroom.server.room.held import HeldTables
from cardroom.server.room.live import RECENT_STATES, Live
from cardroom.server.room.record import Recorder
from cardroom.server.room.tokens import seat_of
from cardroom.server.room.window_answers import WindowAnswers
from cardroom.server.store import Store


@dataclass(eq=False)
class Leaving:
    tables: HeldTables
    record: Recorder
    store: Store
    window_answers: WindowAnswers
    autoplay: Autoplay

    async def concede(self, table_id: str, token: str | None) -> Live:
        """The seat this token opens gives up (see :mod:`.concede`): at two seats the table ends and
        that seat loses; with more it leaves the game and the others play on."""
        live = await self.tables.live_soon(table_id)
        seat = seat_of(live, token)
        async with live.lock:
            live = await self.tables.live_soon(table_id)
            if live.is_over or live.row.status != "playing":
                raise Refused("the game is already over")
            if live.waiting_for:
                raise Refused("{waiting}; to leave before it begins, cancel the table", waiting=not_begun(live.row))
            previous = live.state
            if live.game.players > 2:  # the others play on: an action record (see :mod:`.concede`)
                await self._leave(live, seat)
            elif not await asyncio.to_thread(self.store.record_concession, table_id, seat, live.step):
                raise Refused("the game is already over")
            else:
                live.conceded = seat
                window_answers.forget(live)
            live.recent.clear()
            await self.tables.reload_row_soon(live)  # read on a thread, as every read of the room
        self.autoplay.after_change(live, previous=previous)
        self.tables.wake(table_id)
        return live

    async def _leave(self, live: Live, seat: int) -> None:
        """Store ``seat``'s concession at a table of three or more (the table's lock held). In an open
        reaction window its answer is a pass: the window goes on at the new step with the answers the
        others gave (moved along with it), and closes at once if they were all that was missing."""
        for _ in range(RECENT_STATES + 1):
            in_window = live.window_deadline is not None and window_open(live)
            asked, window_step = live.state.to_act, live.step
            answers = await self.window_answers.collect(live, window_step) if in_window else {}
            if await self.record.one(live, seat, concede.CONCEDE, False, concede.leave(live.state, seat)):
                break
        else:
            raise StaleStep(live.step)
        state = live.state
        goes_on = in_window and bool(state.to_act) and set(state.to_act) <= set(asked) and state.reaction_window
        if not goes_on:
            window_answers.forget(live)
            return
        kept = {s: a for s, a in answers.items() if s in state.to_act}
        await self.window_answers.move(live, window_step, live.step, kept)
        live.window_step = live.step  # the same window and deadline, now waiting from this step
        if set(state.to_act) <= set(kept):
            await self.record.window(live, [(s, kept[s], False) for s in state.to_act])
