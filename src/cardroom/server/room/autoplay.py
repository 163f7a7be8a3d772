"""What happens without anyone clicking: bots playing their seats, reaction windows closing on time,
a bot standing in for a player whose move clock ran out, and the same bot playing the seat of a
person who is away (an *auto* seat, see :mod:`cardroom.server.room.absent`).

Every such move goes through the room's ``submit`` (:class:`.ports.Tables`) like a person's, so it is stored as an action and
replays exactly. Timing never depends on cards: every bot decision at a table comes one table pace
(:mod:`cardroom.bots.pace`) after the state it decides on, and a reaction window always lasts the table's ``reaction_seconds`` unless every
seat has decided (ten times that when a seat asked has more time, a public fact: see :mod:`.more_time`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from cardroom.bots.pace import table_pace
from cardroom.bots.specs import follows_clock, make_bot
from cardroom.core.bot import Bot, shown
from cardroom.core.game import Game, State
from cardroom.server.errors import Refused, StaleStep, UnknownTable
from cardroom.server.ops import metrics
from cardroom.server.room.clock_lengths import turn_seconds, window_seconds
from cardroom.server.room.clocks import clocked, move_began, save_if_changed, window_open
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live
from cardroom.server.room.ports import Tables
from cardroom.server.room.turn_queue import Entry, TurnQueue
from cardroom.server.store import ClockSaver, is_database_error

log = logging.getLogger("cardroom.server")

STAND_IN_SPEC = "heuristic"  # who plays for a player whose turn timer ran out
# Two per core of the two-core machine the room is sized for. Searches stop on their own clock, so two
# sharing a core each search less but still answer within the pace; a search waiting for a free thread
# does not, and plays at random. With one per core, two tables of search bots deciding at once (a Nope
# window asks both seats) had three or four searches wanting a thread, and about one decision in twenty
# fell back to a random move; with four, none in the same runs.
BOT_THREADS = 4


def replayable(spec: str) -> bool:
    """Whether a bot of this spec decides the same way every time it is asked in the same state: it
    counts its effort (``ismcts:iterations=N``) or does not search, so no clock changes its answer.
    Such a bot is waited for however long it takes and draws from :func:`replay_rng`, so that tables
    dealt again from one seed (the deal of the day, a friend's challenge) answer the same choices with
    the same game, after a restart too (see docs/challenges.md)."""
    return not follows_clock(spec)


def replay_rng(table_seed: int, step: int, seat: int) -> random.Random:
    """The generator of a replayable bot's decision at ``step``: from the table's secret seed, apart
    from the game's own draws (:func:`cardroom.core.rng.derive`), so it tells the bot nothing hidden."""
    digest = hashlib.blake2b(f"bot decision:{table_seed}:{step}:{seat}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


class ClockedTables(Tables, Protocol):
    def held(self, table_id: str) -> Live | None:
        """The table if it is in memory here (a table dropped from memory runs no clock here)."""
        ...


class Autoplay:
    def __init__(
        self, tables: ClockedTables, hub: Hub, clock_saver: ClockSaver, *, bot_delay: float, bot_budget: float
    ) -> None:
        self.tables = tables
        self.hub = hub  # whether anyone follows a table of bots alone
        self.clock_saver = clock_saver
        # Told when a move clock ran out and the stand-in's move is stored (see :mod:`.absent`).
        self.run_out: Callable[[Live, int], Awaitable[None]] | None = None
        self.bot_delay = bot_delay
        self.bot_budget = bot_budget
        # Every bot and clock task running here, to end them all at shutdown (each table holds its
        # own in ``Live.tasks``, by what it is: ("bot", seat), ("window", step), ("turn<deadline>", seat)).
        self._every: set[asyncio.Task[None]] = set()
        # The move clocks of every table, as one queue, and one timer set for the earliest. A move used
        # to cancel one task sleeping out a clock and make another; now it queues the next deadline
        # once, and an entry whose deadline has changed since (the seat moved, the table was dropped)
        # is skipped when it comes due.
        self._turns = TurnQueue(lambda entry: self._current(entry) is not None)
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at: float | None = None  # the deadline the timer is set for
        # Bots think on their own threads: a slow search can only delay other bots, never the
        # database writes and reads that run on the default executor.
        self._pool = ThreadPoolExecutor(max_workers=BOT_THREADS, thread_name_prefix="cardroom-bot")

    def after_change(self, live: Live, previous: State | None) -> None:
        """Called after every stored action (and when a table is created or resumed)."""
        state = live.state
        table_id = live.row.id
        if live.is_over or live.waiting_for:  # over, or not begun: nothing runs (see :mod:`.waiting`)
            live.window_step = live.window_deadline = None
            live.turn_deadlines.clear()
            live.turn_queued.clear()
            save_if_changed(live, self.clock_saver)
            return
        # Reaction window: keep the running clock while seats are only passing one by one (and a
        # clock restored from the database after a restart ends when it would have).
        if live.window_step is not None and window_open(live):
            self._start(live, ("window", live.window_step), self._close_window(table_id, live.window_step))
        elif state.reaction_window:
            live.window_step = live.step
            live.window_deadline = time.time() + window_seconds(live, state.to_act)
            self._start(live, ("window", live.step), self._close_window(table_id, live.step))
        else:
            live.window_step = live.window_deadline = None
        for seat in state.to_act:
            if not clocked(live, seat):
                self._start(live, ("bot", seat), self._play_bot(table_id, seat))
        # Turn timers, for people only, and not inside a reaction window (that has its own clock).
        if live.row.turn_seconds:
            acted = live.actors[-1] if live.actors and previous is not None else None
            for seat in list(live.turn_deadlines):
                if seat not in state.to_act or seat == acted or live.window_deadline is not None:
                    del live.turn_deadlines[seat]  # its entry in the queue is stale from now on
                    live.turn_queued.pop(seat, None)
            if live.window_deadline is None:
                began = move_began(live)  # the move's stored time, so the deadline need not be stored
                for seat in state.to_act:
                    if not clocked(live, seat):
                        continue
                    if seat not in live.turn_deadlines:
                        live.turn_deadlines[seat] = began + turn_seconds(live, seat)
                    deadline = live.turn_deadlines[seat]  # new, running, or restored after a restart
                    if live.turn_queued.get(seat) != deadline:
                        live.turn_queued[seat] = deadline
                        self._queue_turn(deadline, table_id, seat)
        live.clock_step = live.step
        save_if_changed(live, self.clock_saver)

    def _start(self, live: Live, key: tuple[str, int], coro: Coroutine[Any, Any, None]) -> None:
        tasks = live.tasks
        running = tasks.get(key)
        if running is not None and not running.done():
            coro.close()
            return
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        tasks[key] = task
        self._every.add(task)
        task.add_done_callback(lambda t, k=key: self._done(tasks, k, t))  # type: ignore[misc]

    def busy(self, live: Live) -> bool:
        """Whether a bot or a clock of this table is running in this process."""
        return bool(live.tasks or live.turn_queued)

    def stop(self, live: Live) -> None:
        """Cancel this table's bots and clocks here (another process runs them)."""
        live.turn_queued.clear()  # its move clocks' entries in the queue are stale
        for task in list(live.tasks.values()):
            task.cancel()

    def _done(
        self, tasks: dict[tuple[str, int], asyncio.Task[None]], key: tuple[str, int], task: asyncio.Task[None]
    ) -> None:
        self._every.discard(task)
        if tasks.get(key) is task:
            del tasks[key]
        failure = None if task.cancelled() else task.exception()
        # An outage is logged where it begins, and the bots and clocks restarted when it ends.
        if failure is not None and not is_database_error(failure):
            log.error("autoplay task %s failed", key, exc_info=failure)

    async def shutdown(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._timer_at = None
        self._turns.clear()
        tasks = list(self._every)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._pool.shutdown(wait=False, cancel_futures=True)

    # -- bots ----------------------------------------------------------------------------------------

    def _bot(self, live: Live, seat: int, spec: str) -> Bot:
        bot = live.bots.get((seat, spec))
        if bot is None:
            bot = live.bots[(seat, spec)] = make_bot(spec, live.game)
        return bot

    def pace(self, live: Live) -> float:
        """Seconds from a state to any bot's answer at this table (see :mod:`cardroom.bots.pace`)."""
        specs = [s.bot_spec or "random" for s in live.row.seats if s.kind == "bot"]
        specs += [STAND_IN_SPEC for _ in live.auto]
        return table_pace(specs, self.bot_delay, self.bot_budget)

    async def _choose(
        self, live: Live, seat: int, spec: str, state: State, careful: bool, limit: float | None = None
    ) -> str:
        """The bot's choice in ``state``, off the event loop and within ``limit`` seconds (the bot budget
        if not given), from what the bot is :func:`shown`; a random legal action if the bot fails or runs
        out of time (the game must go on)."""
        rng = random.Random(secrets.randbits(64))
        legal: list[str] = [str(a) for a in state.legal_actions(seat)]
        if careful:  # after a refusal (never seen for a legal action): a fresh draw, not the refused one again
            return rng.choice(legal)
        # A replayable bot is never cut short for a random move: the same choices must give the same game.
        replays = replayable(spec)
        if replays:
            rng = replay_rng(live.row.seed, live.step, seat)
        game: Game = live.game
        try:

            def think() -> str:  # the bot is made on its thread too: making one may load compiled code
                bot = self._bot(live, seat, spec)
                return str(bot.choose(game, shown(bot, state, seat), rng))

            began = metrics.clock()
            thinking = asyncio.get_running_loop().run_in_executor(self._pool, think)
            text = await (thinking if replays else asyncio.wait_for(thinking, limit or self.bot_budget))
            metrics.BOT_THINK_SECONDS.observe(metrics.clock() - began)
            return str(text)
        except Exception as exc:  # the kind of failure only: a message could quote the bot's hidden view
            why = "ran out of time" if isinstance(exc, TimeoutError) else f"raised {type(exc).__name__}"
            log.warning("bot %s at table %s seat %d %s; playing a random legal action", spec, live.row.id, seat, why)
            return rng.choice(legal)

    async def _play_bot(self, table_id: str, seat: int) -> None:
        careful = False
        while True:
            try:
                live = await self.tables.live_soon(table_id)
            except UnknownTable:
                return
            if all(s.kind == "bot" for s in live.row.seats) and not self.hub.attended(live):
                await self.hub.until_watched(live)  # bots alone, nobody following: no CPU
                continue
            state = live.state
            if (
                live.is_over
                or live.row.status != "playing"
                or live.waiting_for
                or seat not in state.to_act
                or seat in self.tables.answered(live)
            ):
                return  # nothing to decide (or a closed table), or its answer waits, hidden, for the window to close
            row = next(s for s in live.row.seats if s.seat == seat)
            auto = row.kind != "bot"  # a person's seat the room plays while they are away
            if auto and seat not in live.auto:
                return  # handed back
            step = live.step
            spec = STAND_IN_SPEC if auto else row.bot_spec or "random"
            # Every answer comes exactly one table pace after the state it answers, whatever the bot
            # held or how many choices it had: its timing must say nothing hidden.
            started = time.monotonic()
            pace = self.pace(live)
            text = await self._choose(live, seat, spec, state, careful, limit=pace or None)
            await asyncio.sleep(max(0.0, pace - (time.monotonic() - started)))
            try:
                if auto:
                    # Marked as the room's move, except a window's answer, which stays hidden.
                    live = await self.tables.live_soon(table_id)
                    if seat not in live.auto:
                        return
                    hidden = live.window_deadline is not None and window_open(live)
                    await self.tables.submit(table_id, seat, step, text, timed_out=not hidden, by_room=True)
                else:
                    await self.tables.submit(table_id, seat, step, text)
                careful = False
            except StaleStep:
                continue
            except Refused as exc:
                # Neither the action nor the engine's reason: both may tell the bot's hidden cards.
                log.warning(
                    "bot at table %s seat %d chose a refused action (%s); choosing again at random",
                    table_id, seat, type(exc).__name__,
                )  # fmt: skip
                careful = True

    # -- clocks ----------------------------------------------------------------------------------------

    async def _close_window(self, table_id: str, window_step: int) -> None:
        while True:  # the deadline moves later if a seat asked turns on more time meanwhile
            live = await self.tables.live_soon(table_id)
            if live.window_step != window_step:
                return
            left = (live.window_deadline or time.time()) - time.time()
            if left <= 0:
                break
            await asyncio.sleep(left)
        await self.tables.close_window(table_id, window_step)

    @property
    def queued_clocks(self) -> int:
        """Entries in the move clocks' queue, stale ones included."""
        return len(self._turns)

    def _queue_turn(self, deadline: float, table_id: str, seat: int) -> None:
        self._turns.push(deadline, table_id, seat)
        if self._timer_at is None or deadline < self._timer_at:
            self._set_timer(deadline)

    def _current(self, entry: Entry) -> Live | None:
        """The table whose move clock this queued entry still is, if it is (else the entry is stale)."""
        deadline, _, table_id, seat = entry
        live = self.tables.held(table_id)
        if live is None or live.turn_queued.get(seat) != deadline or live.turn_deadlines.get(seat) != deadline:
            return None
        return live

    def _set_timer(self, earliest: float | None) -> None:
        """Have the timer ring at ``earliest``, the earliest deadline queued (it is only moved when that
        one changes)."""
        if earliest == self._timer_at:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timer_at = None, earliest
        if earliest is not None:
            self._timer = asyncio.get_running_loop().call_later(max(0.0, earliest - time.time()), self._ring)

    def _ring(self) -> None:
        """The earliest deadline came: a stand-in plays for every seat whose deadline has passed."""
        self._timer = self._timer_at = None
        now = time.time()
        try:
            for entry in self._turns.due(now):
                live = self._current(entry)
                if live is not None:
                    deadline, _, table_id, seat = entry
                    del live.turn_queued[seat]
                    self._start(live, (f"turn{deadline}", seat), self._turn_timeout(table_id, seat, deadline))
        finally:  # one table's failure must not stop every other table's clock
            self._set_timer(self._turns.earliest())

    async def _turn_timeout(self, table_id: str, seat: int, deadline: float) -> None:
        live = await self.tables.live_soon(table_id)
        if live.turn_deadlines.get(seat) != deadline or seat not in live.state.to_act:
            return
        step = live.step
        # The stand-in's move lands one stand-in pace after the deadline (a public moment), however
        # long it took to choose: how long it thought depends on the seat's cards.
        pace = table_pace([STAND_IN_SPEC], self.bot_delay, self.bot_budget)
        text = await self._choose(live, seat, STAND_IN_SPEC, live.state, careful=False, limit=pace)
        await asyncio.sleep(max(0.0, deadline + pace - time.time()))
        try:
            await self.tables.submit(table_id, seat, step, text, timed_out=True)
        except (StaleStep, Refused):
            return
        if self.run_out is not None:
            await self.run_out(await self.tables.live_soon(table_id), seat)
