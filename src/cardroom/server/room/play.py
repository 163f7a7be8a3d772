"""Every change to a game goes through here, under the table's lock: check the step, apply through the
engine (which refuses illegal actions without changing anything), store (:mod:`.record`), then tell
the sockets, the bots and the timers. A reaction window's answers are noted hidden and stored
together when it closes."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.locale import Plural
from cardroom.server.errors import Refused, StaleStep
from cardroom.server.room import concede, spoken, tokens
from cardroom.server.room.absent import Absence
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.begun import not_begun
from cardroom.server.room.clocks import window_open
from cardroom.server.room.held import HeldTables
from cardroom.server.room.live import RECENT_STATES, Live, silent_answer, still_current
from cardroom.server.room.record import Recorder
from cardroom.server.room.staleness import unaffected
from cardroom.server.room.window_answers import WindowAnswers
from cardroom.server.room.words import refusal

log = logging.getLogger("cardroom.server")


@dataclass(eq=False)
class Play:
    tables: HeldTables
    record: Recorder
    window_answers: WindowAnswers
    autoplay: Autoplay
    absent: Absence
    expire_after: timedelta  # named when an expired table refuses a move

    async def submit(
        self, table_id: str, seat: int, step: int, text: str, timed_out: bool = False, by_room: bool = False
    ) -> Live:
        """Apply one action chosen on ``step``; raises :class:`StaleStep`, :class:`Refused` (with the
        engine's reason) or :class:`UnknownTable`. A refused action changes nothing.

        A pass in an open reaction window is only noted, not applied: nobody may learn who has
        answered a window before it closes. The window closes (every noted pass is stored, in seat
        order) when every seat asked has answered, or at its deadline (:meth:`close_window`).

        ``by_room``: the move of the room's bot for an absent person's seat (see :mod:`.absent`);
        any other move of a seat's own hands the seat back to its person."""
        tables = self.tables
        # In memory nearly always: looked up at once, without a coroutine (a move passes here twice).
        live = tables.held(table_id) or await tables.live_soon(table_id)
        if not timed_out and not by_room:
            self.absent.acted(live, seat)
            if seat in live.auto:
                await self.absent.hand_back(live, seat)
        async with live.lock:
            # The cache may have been rebuilt while we waited.
            live = tables.held(table_id) or await tables.live_soon(table_id)
            if live.row.status == "expired":
                raise Refused(
                    Plural(
                        "this table expired after {count} day without a move",
                        "this table expired after {count} days without a move",
                        self.expire_after.days,
                    )
                )
            if live.row.status == "abandoned":
                raise Refused("this table was abandoned: nobody was connected to it any more")
            if live.row.status == "cancelled":
                raise Refused("this table was cancelled before its game began")
            if live.waiting_for:
                raise Refused(not_begun(live.row))
            if live.conceded is not None:
                raise Refused("the game is over: a seat conceded")
            if not self.still_current(live, seat, step):
                raise StaleStep(live.step)
            if not isinstance(text, str) or len(text) > 200:
                raise Refused("an action is a short text")
            if text == concede.CONCEDE:
                raise Refused("conceding is not an action: use the table's concede request")
            previous = live.state
            try:
                new_state = previous.apply(seat, text)
            except (InvalidAction, IllegalAction) as exc:
                raise refusal(exc, live.names) from None
            action_text = str(live.game.parse_action(text))
            if (
                timed_out
                or action_text != previous.default_answer(seat)
                or live.window_deadline is None
                or not window_open(live)
            ):
                # Each lost race means another seat moved, and the choice is judged again: it stands
                # for at most RECENT_STATES steps, so that many tries are all it can ever need (three
                # were too few when the other seat's decisions went through another process faster).
                for _ in range(RECENT_STATES + 1):
                    if await self.record.one(live, seat, action_text, timed_out, new_state):
                        break
                    # Another process stored this step first and its actions are applied now. A
                    # choice made in the same simultaneous decision (the other seat's duel card,
                    # given through another process) still stands: judge it again, as one process would.
                    if not self.still_current(live, seat, step):
                        raise StaleStep(live.step)
                    previous = live.state
                    try:
                        new_state = previous.apply(seat, text)
                    except (InvalidAction, IllegalAction) as exc:
                        raise refusal(exc, live.names) from None
                else:
                    raise StaleStep(live.step)
            else:
                window_step = live.step
                answers = await self.window_answers.note(live, window_step, seat, action_text)
                if not set(previous.to_act) <= set(answers):
                    tables.wake(table_id, only_seat=seat)
                    return live
                try:
                    await self.record.window(live, [(s, answers[s], False) for s in previous.to_act])
                except StaleStep:
                    # Another process took the window's other last answer at the same moment and
                    # closed it first. If it stored this answer as given, this request succeeded.
                    if not await self.record.answer_stored(
                        table_id, window_step, len(previous.to_act), seat, action_text
                    ):
                        raise
                    live = await tables.live_soon(table_id)  # rebuilt from the database, its bots and clocks going
                    tables.wake(table_id)
                    return live
        self.autoplay.after_change(live, previous=previous)
        tables.wake(table_id)
        return live

    async def act(self, table_id: str, token: str | None, step: int, text: str) -> tuple[Live, int]:
        """A seat's action by its token, as every action route takes it: the seat the token opens, an
        action the game has spoken at the table refused as a button (see :mod:`.spoken`), then
        :meth:`submit`. Returns the table after it and the seat."""
        live = self.tables.held(table_id) or await self.tables.live_soon(table_id)
        seat = tokens.seat_of(live, token)
        spoken_only = spoken.refusal(live, seat, text)
        if spoken_only is not None:
            raise Refused(spoken_only)
        return await self.submit(table_id, seat, step, text), seat

    async def close_window(self, table_id: str, window_step: int) -> None:
        """The window opened at ``window_step`` reached its deadline: store every seat's answer (the
        game's silent answer for each seat that gave none), then tell everyone at once."""
        live = await self.tables.live_soon(table_id)
        async with live.lock:
            live = await self.tables.live_soon(table_id)
            if live.window_step != window_step or not window_open(live) or live.row.status != "playing":
                return
            previous = live.state
            answers = await self.window_answers.collect(live, live.step)
            try:
                # A seat that let the window close without a word gave the game's silent answer: that is
                # ordinary play, not a move clock running out, so it is not marked timed out.
                await self.record.window(
                    live,
                    [(s, answers[s] if s in answers else silent_answer(previous, s), False) for s in previous.to_act],
                )
            except (StaleStep, Refused):
                # Another server process closed it first; its notification brings the result here.
                log.info("table %s: the window at step %d was closed elsewhere", table_id, window_step)
                return
        self.autoplay.after_change(live, previous=previous)
        self.tables.wake(table_id)

    def still_current(self, live: Live, seat: int, step: int) -> bool:
        """Whether a choice made on ``step`` may be applied now (see :mod:`.staleness`)."""
        if still_current(live, seat, step):
            return True
        old = live.recent.get(step)
        return old is not None and unaffected(old, live, seat, step)

    def answered(self, live: Live) -> dict[int, str]:
        """The hidden answers given so far in the open window (seat -> action); empty if none."""
        return self.window_answers.answered(live, live.step) if window_open(live) else {}
