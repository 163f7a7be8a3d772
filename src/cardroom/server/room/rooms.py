"""The card room: creates tables, applies actions through the engine, and keeps bots and clocks going.

The database is the source of truth; ``self._live`` only caches replayed states by table id. Every
change to a game goes through :meth:`Room.submit`, under the table's lock: check the step, apply
through the engine (which refuses illegal actions without changing anything), store, then tell the
sockets, the bots and the timers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from datetime import timedelta
from typing import Any

from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.core.game import State
from cardroom.server.errors import RateLimited, Refused, StaleStep, UnknownTable
from cardroom.server.ops.limits import well_formed_table_id
from cardroom.server.room import absent, clocks, concede, snapshots, spoken
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.catchup import CatchUp
from cardroom.server.room.chat import Chat
from cardroom.server.room.chat import clean as chat_clean
from cardroom.server.room.clocks import window_open
from cardroom.server.room.hub import Hub
from cardroom.server.room.leaving import Leaving
from cardroom.server.room.live import RECENT_STATES, Live, rebuild, silent_answer, still_current
from cardroom.server.room.seating import Seating
from cardroom.server.room.staleness import unaffected
from cardroom.server.room.window_answers import WindowAnswers
from cardroom.server.store import NewAction, StepTaken, Store, TableRow, now

log = logging.getLogger("cardroom.server")

MAX_CACHED = 2000  # replayed tables kept in memory
CLOSED = ("expired", "abandoned")  # statuses of unfinished tables where nothing more is played
EXPIRE_AFTER = timedelta(days=14)  # an unfinished table without a move for this long is closed


class Room(Seating, CatchUp, Leaving):
    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.8,
        bot_budget: float = 5.0,
        expire_after: timedelta = EXPIRE_AFTER,
        timeouts: int = absent.TIMEOUTS_IN_A_ROW,
        away_after: float = absent.AWAY_AFTER,
        abandon_after: float = absent.ABANDON_AFTER,
    ) -> None:
        self.store = store
        self.expire_after = expire_after
        self.hub = Hub()
        # table id -> the table, with everything this process keeps for it (see :class:`Live`)
        self._live: dict[str, Live] = {}
        # table id -> recent states of a table dropped for another process (CatchUp._forget), until read again
        self._dropped: OrderedDict[str, dict[int, State]] = OrderedDict()
        self.autoplay = Autoplay(self, store.clock_saver, bot_delay=bot_delay, bot_budget=bot_budget)
        self.origin = store.origin  # names this process in its notifications (see CatchUp.heard)
        self.writer = store.writer  # every write of this process, on one thread
        self.window_answers = WindowAnswers(store)  # an open window's hidden answers, stored
        self.chat = Chat(store)
        self.absent = absent.Absence(
            self, self.autoplay, store, timeouts=timeouts, away_after=away_after, abandon_after=abandon_after
        )
        self.autoplay.run_out = self.absent.timed_out

    # -- loading -----------------------------------------------------------------------------

    def live(self, table_id: str) -> Live:
        found = self._live.get(table_id)
        if found is not None:
            return found
        return self._keep(self._load(table_id))

    def held(self, table_id: str) -> Live | None:
        return self._live.get(table_id)

    def all_held(self) -> list[Live]:
        return list(self._live.values())

    async def live_soon(self, table_id: str) -> Live:
        """:meth:`live`, with a table not in memory read on a thread (the event loop goes on)."""
        found = self._live.get(table_id)
        if found is not None:
            return found
        loaded = await asyncio.to_thread(self._load, table_id)
        return self._live.get(table_id) or self._keep(loaded)  # another request may have been first

    def _keep(self, found: Live) -> Live:
        found.recent = self._dropped.pop(found.row.id, found.recent)
        self._live[found.row.id] = found
        self._evict()
        # Whoever loads a table (a GET, a socket, a resume) sets its bots and clocks going: a table
        # is never in memory without them. Clocks that were running go on from their stored deadlines.
        clocks.restore(found)
        if found.row.status not in CLOSED:
            self.autoplay.after_change(found, previous=None)
        return found

    def _load(self, table_id: str) -> Live:
        row = self.store.load_table(table_id) if well_formed_table_id(table_id) else None
        if row is None:
            raise UnknownTable(table_id)
        live = rebuild(row, self.store.load_actions(table_id))
        found = self.store.find_concession(table_id)
        live.conceded = None if found is None else found[0]
        live.hints_for_everyone = self.store.hints_for_everyone(table_id)
        live.auto = self.store.auto_seats(table_id)
        return live

    def reload(self, table_id: str) -> Live:
        """Rebuild from the database, keeping the table's lock so waiting submissions stay in line."""
        old = self._live.get(table_id)
        fresh = self._load(table_id)
        if old is not None:
            fresh.carry_over(old)
        else:
            fresh.recent = self._dropped.pop(table_id, fresh.recent)
        self._live[table_id] = fresh
        # Another process moved the game on: this process keeps its bots and clocks going too.
        if fresh.row.status not in CLOSED:
            self.autoplay.after_change(fresh, previous=None if old is None else old.state)
        return fresh

    def _evict(self) -> None:
        # The cache only saves replays; finished games are the ones safe to forget (nothing will
        # change them), oldest first.
        excess = len(self._live) - MAX_CACHED
        if excess <= 0:
            return
        for table_id in [t for t, live in self._live.items() if live.is_over][:excess]:
            self._drop(table_id)

    async def expire_idle(self) -> None:
        """Unfinished tables without a move for ``expire_after`` are closed for good (status expired)."""
        cutoff = now() - self.expire_after
        for table_id in await asyncio.to_thread(self.store.expire_idle, cutoff):
            self._drop(table_id)

    async def resume_all(self) -> None:
        """After a start: rebuild the unfinished games and set their bots and clocks going again.

        Run in the background after startup, yielding between tables, so the server answers at once;
        a table asked for before its turn here is loaded (bots and clocks included) on demand."""
        for table_id in await asyncio.to_thread(self.store.all_playing_ids):
            try:
                await self.live_soon(table_id)
            except UnknownTable:
                continue
            except Exception:  # a game whose rules changed under it must not stop the server
                log.exception("table %s could not be rebuilt", table_id)
            await asyncio.sleep(0)

    async def reload_row_soon(self, live: Live) -> None:
        """The table's row read again, on a thread (the event loop goes on): seats, status, names."""
        row = await self._read_row(live.row.id)
        if row is not None:
            live.row = row

    # -- playing -----------------------------------------------------------------------------------

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
        live = await self.live_soon(table_id)
        if not timed_out and not by_room:
            self.absent.acted(live, seat)
            if seat in live.auto:
                await self.absent.hand_back(live, seat)
        async with live.lock:
            live = await self.live_soon(table_id)  # the cache may have been rebuilt while we waited
            if live.row.status == "expired":
                raise Refused(f"this table expired after {self.expire_after.days} days without a move")
            if live.row.status == "abandoned":
                raise Refused("this table was abandoned: nobody was connected to it for a day")
            if live.conceded is not None:
                raise Refused("the game is over: a seat conceded")
            if not self._still_current(live, seat, step):
                raise StaleStep(live.step)
            if not isinstance(text, str) or len(text) > 200:
                raise Refused("an action is a short text")
            if text == concede.CONCEDE:
                raise Refused("conceding is not an action: use the table's concede request")
            previous = live.state
            try:
                new_state = previous.apply(seat, text)
            except (InvalidAction, IllegalAction) as exc:
                raise Refused(str(exc)) from None
            action_text = str(live.game.parse_action(text))
            if timed_out or action_text != previous.default_answer(seat) or live.window_deadline is None or not window_open(live):
                # Each lost race means another seat moved, and the choice is judged again: it stands
                # for at most RECENT_STATES steps, so that many tries are all it can ever need (three
                # were too few when the other seat's decisions went through another process faster).
                for _ in range(RECENT_STATES + 1):
                    if await self._store(live, seat, action_text, timed_out, new_state):
                        break
                    # Another process stored this step first and its actions are applied now. A
                    # choice made in the same simultaneous decision (the other seat's duel card,
                    # given through another process) still stands: judge it again, as one process would.
                    if not self._still_current(live, seat, step):
                        raise StaleStep(live.step)
                    previous = live.state
                    try:
                        new_state = previous.apply(seat, text)
                    except (InvalidAction, IllegalAction) as exc:
                        raise Refused(str(exc)) from None
                else:
                    raise StaleStep(live.step)
            else:
                window_step = live.step
                answers = await self.window_answers.note(live, window_step, seat, action_text)
                if not set(previous.to_act) <= set(answers):
                    self.hub.changed(table_id, only_seat=seat)
                    return live
                try:
                    await self._store_window(live, [(s, answers[s], False) for s in previous.to_act])
                except StaleStep:
                    # Another process took the window's other last answer at the same moment and
                    # closed it first. If it stored this answer as given, this request succeeded.
                    if not await self._answer_stored(table_id, window_step, len(previous.to_act), seat, action_text):
                        raise
                    live = await self.live_soon(table_id)  # rebuilt from the database, its bots and clocks going
                    self.hub.changed(table_id)
                    return live
        self.autoplay.after_change(live, previous=previous)
        self.hub.changed(table_id)
        return live

    async def act(self, table_id: str, token: str | None, step: int, text: str) -> tuple[Live, int]:
        """A seat's action by its token, as every action route takes it: the seat the token opens, an
        action the game has spoken at the table refused as a button (see :mod:`.spoken`), then
        :meth:`submit`. Returns the table after it and the seat."""
        live = await self.live_soon(table_id)
        seat = self.seat_of(live, token)
        spoken_only = spoken.refusal(live, seat, text)
        if spoken_only is not None:
            raise Refused(spoken_only)
        return await self.submit(table_id, seat, step, text), seat

    async def close_window(self, table_id: str, window_step: int) -> None:
        """The window opened at ``window_step`` reached its deadline: store every seat's answer, a
        timed-out pass for each seat that gave none, then tell everyone at once."""
        live = await self.live_soon(table_id)
        async with live.lock:
            live = await self.live_soon(table_id)
            if live.window_step != window_step or not window_open(live) or live.row.status != "playing":
                return
            previous = live.state
            answers = await self.window_answers.collect(live, live.step)
            try:
                await self._store_window(
                    live, [(s, answers[s] if s in answers else silent_answer(previous, s), s not in answers) for s in previous.to_act]
                )
            except (StaleStep, Refused):
                # Another server process closed it first; its notification brings the result here.
                log.info("table %s: the window at step %d was closed elsewhere", table_id, window_step)
                return
        self.autoplay.after_change(live, previous=previous)
        self.hub.changed(table_id)

    def _still_current(self, live: Live, seat: int, step: int) -> bool:
        """Whether a choice made on ``step`` may be applied now (see :mod:`.staleness`)."""
        if still_current(live, seat, step):
            return True
        old = live.recent.get(step)
        return old is not None and unaffected(old, live, seat, step)

    def answered(self, live: Live) -> dict[int, str]:
        """The hidden answers given so far in the open window (seat -> action); empty if none."""
        return self.window_answers.answered(live, live.step) if window_open(live) else {}

    async def _store(
        self, live: Live, seat: int, action_text: str, timed_out: bool, new_state: State
    ) -> bool:
        """Store one action (the table's lock held) and move the cached state on; False if another
        server process stored this step first (its actions are then read and applied here)."""
        table_id = live.row.id
        try:
            await self.writer.append(
                NewAction(table_id, live.step, seat, action_text, timed_out, new_state.is_over)
            )
        except StepTaken:
            await self._lost_race(live)
            return False
        # The finished table's row (status "over"), read on a thread before the state moves on, so
        # nobody sees a finished game on a table still marked as playing.
        row = await self._read_row(table_id) if new_state.is_over else None
        live.remember()  # so a choice made on the state before can be judged (see _still_current)
        live.record(seat, new_state, timed_out)
        if new_state.is_over:
            live.row = row or live.row
            live.recent.clear()
        return True

    async def _read_row(self, table_id: str) -> TableRow | None:
        return await asyncio.to_thread(self.store.load_table, table_id)

    async def _answer_stored(self, table_id: str, window_step: int, answers: int, seat: int, text: str) -> bool:
        """Whether the window opened at ``window_step`` (``answers`` seats asked) was closed with
        ``seat``'s answer ``text`` as given, not as a timed-out pass."""
        rows = await asyncio.to_thread(self.store.load_actions, table_id, window_step)
        return any(r.seat == seat and r.text == text and not r.timed_out for r in rows[:answers])

    async def _store_window(self, live: Live, answers: list[tuple[int, str, bool]]) -> None:
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
        batch = [
            NewAction(table_id, live.step + i, seat, text, timed_out, states[i].is_over)
            for i, (seat, text, timed_out) in enumerate(answers)
        ]
        try:
            await self.writer.append_together(batch)
        except StepTaken:
            live = self.reload(table_id)
            raise StaleStep(live.step) from None
        row = await self._read_row(table_id) if states[-1].is_over else None  # as in _store
        for (seat, _, timed_out), new_state in zip(answers, states, strict=True):
            live.remember()
            live.record(seat, new_state, timed_out)
        if states[-1].is_over:
            live.row = row or live.row
            live.recent.clear()

    async def say(self, table_id: str, token: str | None, text: str) -> None:
        """A chat message from the seat this token opens (spectators read the chat but do not write).
        It may also be an action of the game's that is spoken at the table (see :mod:`.spoken`)."""
        live = await self.live_soon(table_id)
        seat = self.seat_of(live, token)
        try:
            message = chat_clean(text)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        if not self.chat.allowed(table_id, seat):
            raise RateLimited()
        name = next(s.name for s in live.row.seats if s.seat == seat)
        await self.writer.call(self.chat.add, table_id, seat, name, message)  # not on the event loop
        self.hub.changed(table_id)
        said = spoken.from_chat(live, seat, message)
        if said is not None:
            with contextlib.suppress(StaleStep, Refused):  # the moment passed: it stays a chat message
                await self.submit(table_id, seat, live.step, said)

    # -- what a viewer is shown ----------------------------------------------------------------------

    def snapshot(self, live: Live, seat: int | None) -> dict[str, Any]:
        """Everything one viewer is sent (see :mod:`.snapshots`)."""
        return snapshots.snapshot(self, live, seat)

    def encoded_snapshot(self, live: Live, seat: int | None) -> bytes:
        """The same as JSON, encoded once per seat and change."""
        return snapshots.encoded(self, live, seat)

