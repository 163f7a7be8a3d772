"""The card room: the one object the HTTP edge talks to. It builds the room's parts, each with what it
needs handed to it, and answers the edge with thin methods that pass each call to the part it is for:

- :class:`.held.HeldTables`: the tables in memory (:class:`.live.Live`, one per table, holding all
  this process keeps for it), loading, rebuilding, dropping;
- :class:`.play.Play`: every move, under the table's lock, stored through :class:`.record.Recorder`;
- :class:`.seating.Seating` (tables, seats, links, rematches) and :class:`.leaving.Leaving` (conceding);
- :class:`.catchup.CatchUp`: what other server processes stored;
- :class:`.autoplay.Autoplay` (bots and clocks) and :class:`.absent.Absence` (absent people);
- :class:`.hub.Hub` (waking sockets), :class:`.chat.Chat`, :class:`.window_answers.WindowAnswers`.

The database is the source of truth; the held tables are a cache of replayed states.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine
from datetime import timedelta
from typing import Any, TypeVar

from cardroom.server.errors import Refused, StaleStep, WrongToken
from cardroom.server.room import absent, snapshots, spoken, tokens
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.catchup import CatchUp
from cardroom.server.room.chat import Chat
from cardroom.server.room.held import HeldTables
from cardroom.server.room.hosting import Hosting
from cardroom.server.room.hub import Hub
from cardroom.server.room.leaving import Leaving
from cardroom.server.room.live import Live
from cardroom.server.room.more_time import MoreTime
from cardroom.server.room.play import Play
from cardroom.server.room.record import Recorder
from cardroom.server.room.seating import Created, Seating
from cardroom.server.room.waiting import Waiting
from cardroom.server.room.window_answers import WindowAnswers
from cardroom.server.store import ActionRow, Message, Store, now

EXPIRE_AFTER = timedelta(days=14)  # an unfinished table without a move for this long is closed

T = TypeVar("T")


class Room:
    def __init__(
        self,
        store: Store,
        *,
        hub: Hub | None = None,
        bot_delay: float = 0.8,
        bot_budget: float = 5.0,
        expire_after: timedelta = EXPIRE_AFTER,
        timeouts: int = absent.TIMEOUTS_IN_A_ROW,
        away_after: float = absent.AWAY_AFTER,
        abandon_after: float = absent.ABANDON_AFTER,
        present_for: float = absent.PRESENT_FOR,
        sweep_every: float = absent.SWEEP_EVERY,
    ) -> None:
        self.store = store
        self.writer = store.writer  # every write of this process, on one thread
        self.origin = store.origin  # names this process in its notifications (see CatchUp.heard)
        self.expire_after = expire_after
        self.hub = hub or Hub()
        # The bots and clocks move through this room's submit (see ports.Tables): built first, as
        # loading a table sets them going.
        self.autoplay = Autoplay(self, self.hub, store.clock_saver, bot_delay=bot_delay, bot_budget=bot_budget)
        self.tables = HeldTables(store, self.autoplay, self.hub)
        self.window_answers = WindowAnswers(store, self.writer)  # an open window's hidden answers, stored
        self.chat = Chat(store, self.writer)
        self.absent = absent.Absence(
            self.tables,
            self.autoplay,
            self.hub,
            store,
            self.writer,
            timeouts=timeouts,
            away_after=away_after,
            abandon_after=abandon_after,
            present_for=present_for,
            sweep_every=sweep_every,
        )
        self.autoplay.run_out = self.absent.timed_out
        record = Recorder(self.tables, store, self.writer, self.autoplay)
        self.play = Play(self.tables, record, self.window_answers, self.autoplay, self.absent, expire_after)
        self.waiting = Waiting(self.tables, store, self.writer, self.autoplay)
        self.seating = Seating(self.tables, store, self.writer, self.waiting)
        self.leaving = Leaving(self.tables, record, store, self.window_answers, self.autoplay)
        self.catchup = CatchUp(self.tables, store, self.autoplay, self.chat, self.hub)
        self.more_time = MoreTime(store, self.autoplay)
        self.hosting = Hosting(self.tables, store, self.writer, self.absent.abandon)  # a host's and a player's tools

    # -- the tables in memory ------------------------------------------------------------------------

    def live(self, table_id: str) -> Live:
        return self.tables.live(table_id)

    def held(self, table_id: str) -> Live | None:
        return self.tables.held(table_id)

    def all_held(self) -> list[Live]:
        return self.tables.all_held()

    async def live_soon(self, table_id: str) -> Live:
        """The table, read on a thread if it is not in memory (the event loop goes on)."""
        return await self.tables.live_soon(table_id)

    def reload(self, table_id: str) -> Live:
        return self.tables.reload(table_id)

    async def reload_row_soon(self, live: Live) -> None:
        await self.tables.reload_row_soon(live)

    async def expire_idle(self) -> None:
        """Unfinished tables without a move for ``expire_after`` are closed for good (status expired)."""
        await self.tables.expire_idle(now() - self.expire_after)

    async def resume_all(self) -> None:
        await self.tables.resume_all()

    def actions(self, table_id: str) -> list[ActionRow]:
        """The table's stored actions, read from the database (call it on a thread)."""
        return self.store.load_actions(table_id)

    # -- moves -----------------------------------------------------------------------------------------

    async def submit(
        self, table_id: str, seat: int, step: int, text: str, timed_out: bool = False, by_room: bool = False
    ) -> Live:
        return await self.play.submit(table_id, seat, step, text, timed_out, by_room)

    async def act(self, table_id: str, token: str | None, step: int, text: str) -> tuple[Live, int]:
        async def act() -> tuple[Live, int]:
            live = self.tables.held(table_id) or await self.tables.live_soon(table_id)
            if live.waiting_for:  # an invited person's first request may be a move
                await self.waiting.arrived(live, tokens.seat_of(live, token))
            return await self.play.act(table_id, token, step, text)

        return await self._heard_first(table_id, act)

    async def close_window(self, table_id: str, window_step: int) -> None:
        await self.play.close_window(table_id, window_step)

    def answered(self, live: Live) -> dict[int, str]:
        return self.play.answered(live)

    async def concede(self, table_id: str, token: str | None) -> Live:
        return await self._heard_first(table_id, lambda: self.leaving.concede(table_id, token))

    def restart_autoplay(self) -> None:
        """Every held table's bots and clocks set going again (after a database outage, see :mod:`.recovery`)."""
        for live in self.tables.all_held():
            if not live.is_over and live.row.status == "playing":
                self.autoplay.after_change(live, previous=None)

    def held_count(self) -> int:
        """Tables held in this process's memory (for the metrics)."""
        return len(self.tables)

    def socket_count(self) -> int:
        """Table sockets open in this process (for the metrics)."""
        return self.hub.open_sockets

    async def watch_absence(self, every: float) -> None:
        """Forever: every ``every`` seconds, look for absent people (see :mod:`.absent`)."""
        await self.absent.run(every)

    async def shutdown(self) -> None:
        """End every bot and clock task of this process."""
        await self.autoplay.shutdown()

    # -- seats -----------------------------------------------------------------------------------------

    async def seat_soon(self, table_id: str, token: str | None) -> tuple[Live, int]:
        """The table and the seat this token opens (:class:`WrongToken` if none)."""

        async def look() -> tuple[Live, int]:
            live = await self.tables.live_soon(table_id)
            return live, tokens.seat_of(live, token)

        live, seat = await self._heard_first(table_id, look)
        await self.waiting.arrived(live, seat)  # an invited person using their invitation's token
        await self.absent.seen(live, seat)  # any request with the seat's token: its person is here
        return live, seat

    async def optional_seat_soon(self, table_id: str, token: str | None) -> tuple[Live, int | None]:
        """The table and the seat this token opens; ``None`` without a token (a spectator)."""
        if not token:
            return await self.tables.live_soon(table_id), None
        return await self.seat_soon(table_id, token)

    async def create(self, *args: Any, **kwargs: Any) -> Created:
        """A new table (its many words are said once, in :meth:`.seating.Seating.create`). Its creator,
        who has just asked for it, is there."""
        created = await self.seating.create(*args, **kwargs)
        if created.seat is not None:
            await self.absent.seen(await self.tables.live_soon(created.table_id), created.seat)
        return created

    async def join(self, table_id: str, token: str | None, name: str | None) -> tuple[int, str | None]:
        seat, fresh = await self._heard_first(table_id, lambda: self.seating.join(table_id, token, name))
        await self.absent.seen(await self.tables.live_soon(table_id), seat)
        return seat, fresh

    async def fill_with_bot(self, table_id: str, token: str | None, seat: int, bot: str | None) -> Live:
        """A seat the table waits for given to a bot by a seated person (see :mod:`.waiting`)."""
        return await self._heard_first(table_id, lambda: self.waiting.fill(table_id, token, seat, bot))

    async def cancel_waiting(self, table_id: str, token: str | None) -> Live:
        """A table that waits for someone ended by a seated person before its game began."""
        return await self._heard_first(table_id, lambda: self.waiting.cancel(table_id, token))

    async def handoff(self, table_id: str, token: str | None) -> tuple[int, str]:
        return await self._heard_first(table_id, lambda: self.seating.handoff(table_id, token))

    async def remove_seated(self, table_id: str, token: str | None, seat: int) -> str:
        """The host takes ``seat`` back before the game begins: the seat's new invitation token."""
        return await self.hosting.remove(table_id, token, seat)

    async def close_table(self, table_id: str, token: str | None) -> Live:
        """The host ends the table (cancelled before its game begins, abandoned after)."""
        return await self.hosting.close(table_id, token)

    async def report(
        self, table_id: str, token: str | None, about_seat: int | None, message: str | None, reason: str
    ) -> int:
        """A report kept with the table for whoever runs the room: its id."""
        return await self.hosting.report(table_id, token, about_seat, message, reason)

    async def set_more_time(self, table_id: str, token: str | None, on: bool) -> Live:
        """The seat this token opens turns more time on or off (see :mod:`.more_time`)."""
        live, seat = await self.seat_soon(table_id, token)
        if await self.more_time.turn(live, seat, on):
            self.tables.wake(table_id)
        return await self.tables.live_soon(table_id)

    async def rematch(self, table_id: str, token: str | None) -> tuple[str, str]:
        # Refused: "the game is not over yet", where its last move was stored elsewhere.
        return await self._heard_first(table_id, lambda: self.seating.rematch(table_id, token), (WrongToken, Refused))

    async def _heard_first(
        self,
        table_id: str,
        call: Callable[[], Awaitable[T]],
        refusals: tuple[type[Exception], ...] = (WrongToken,),
    ) -> T:
        """``call()``, and once more if it refuses where another process may have stored what it
        lacks: a seat's new token, or the game's last move, whose notification has not reached this
        process yet (a person's two requests can land on two processes, each answering as soon as it
        stored). Every token check goes through here, so no route refuses a seat another process has
        just handed out. On SQLite (one process) the refusal stands at once."""
        try:
            return await call()
        except refusals:
            if self.store.dialect != "postgresql":
                raise
            await self.catchup.catch_up(table_id)
            return await call()

    # -- who follows a table -------------------------------------------------------------------------

    def looked_at(self, live: Live) -> None:
        """Someone asked for the table's view or facts over HTTP (see :meth:`Hub.attended`)."""
        self.hub.looked_at(live)

    def socket_refusal(self, live: Live, seat: int | None) -> str | None:
        """Why one more socket for this seat (``None``: a spectator) is refused, or ``None``."""
        return self.hub.refusal(live, seat)

    async def follow(self, table_id: str, seat: int | None) -> tuple[Live, asyncio.Event]:
        """A socket opened on the table: the table and the event set when it changes. A seat's person
        is back (an auto seat is handed back to them)."""
        # Nothing between finding the table and joining its watchers yields to the event loop: a
        # table nobody follows may be dropped at any await, and a socket on a dropped object would
        # never be woken again.
        live = await self.tables.live_soon(table_id)
        changed = self.hub.subscribe(live, seat)
        if seat is not None:
            await self.waiting.arrived(live, seat)
            await self.absent.connected(live, seat)
        return live, changed

    def unfollow(self, live: Live, changed: asyncio.Event, seat: int | None) -> None:
        """The socket :meth:`follow` opened is closed."""
        self.hub.unsubscribe(live, changed)
        if seat is not None:
            self.absent.disconnected(live, seat)

    def heard(self, payload: str) -> Coroutine[Any, Any, None] | None:
        """A notification from another process (see :meth:`CatchUp.heard`)."""
        return self.catchup.heard(payload)

    async def catch_up_all(self) -> None:
        await self.catchup.catch_up_all()

    # -- chat ------------------------------------------------------------------------------------------

    async def say(self, table_id: str, token: str | None, text: str) -> None:
        """A chat message from the seat this token opens (spectators read the chat but do not write).
        It may also be an action of the game's that is spoken at the table (see :mod:`.spoken`)."""
        live, seat = await self.seat_soon(table_id, token)
        message = await self.chat.add(live, seat, text)
        self.tables.wake(table_id)
        said = spoken.from_chat(live, seat, message)
        if said is not None:
            with contextlib.suppress(StaleStep, Refused):  # the moment passed: it stays a chat message
                await self.play.submit(table_id, seat, live.step, said)

    async def messages_soon(self, live: Live) -> None:
        """Have the table's chat in memory, read on a thread if it is not (every snapshot shows it)."""
        await self.chat.ready(live)

    def messages(self, live: Live) -> list[Message]:
        return self.chat.latest(live)

    # -- what a viewer is shown ----------------------------------------------------------------------

    def snapshot(self, live: Live, seat: int | None) -> dict[str, Any]:
        """Everything one viewer is sent (see :mod:`.snapshots`)."""
        return snapshots.snapshot(self, live, seat)

    def encoded_snapshot(self, live: Live, seat: int | None) -> bytes:
        """The same as JSON, encoded once per seat and change."""
        return snapshots.encoded(self, live, seat)
