"""Absent players, handled as Board Game Arena does (docs/server.md, "Absent players").

- Every table with people has a move clock: :data:`DEFAULT_TURN_SECONDS` unless its creator chose a
  length; "none" only at a private table (:func:`move_clock`). When it runs out, the room's stand-in
  bot plays that one move for the seat.
- A person is *present* while a socket for their seat is open, and for ``present_for`` seconds after
  any request made with the seat's token (a view, a poll, a move, a chat message...): a client that
  plays over HTTP and waits politely for the others is as present as a page with a socket.
- When the move clock of a person who is not present runs out, the stand-in bot plays that seat from
  then on: nobody waits more than one move clock for someone who left. A present person who does not
  act keeps the three-strikes rule: ``timeouts`` run-outs in a row. A seat not present for
  ``away_after`` seconds, its turn or not, is handed to the bot too. Such an *auto* seat is played
  for every decision, one table pace after the state like any bot (so its timing says nothing
  hidden), and everyone sees it marked "(auto)". This is not a concession: the seat keeps its place
  and its cards.
- The person takes the seat back by acting or by opening a socket for it (reconnecting); any other
  request with the seat's token hands back a seat taken for absence (not one taken for run-outs: that
  person was connected all along).
- A table with people at which no seat has been present for ``abandon_after`` seconds ends as
  *abandoned*: nothing more is played there and it leaves the public list. A table still waiting for
  an invited person (:mod:`.waiting`) ends so after ``away_after``: nothing was played there yet.

Auto seats and presence are stored (``auto_seats``, ``seat_presence``), so every server process sees
the same: a process that holds a seat's socket refreshes its ``seen`` time at every sweep, and any
process may judge a seat away or a table abandoned from the stored times. Timeouts in a row are
counted where the turn clock runs (one process per table), in memory.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass

from cardroom.server.errors import Refused
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.held import HeldTables
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live
from cardroom.server.store import DATABASE_ERRORS, GroupWriter, Store

log = logging.getLogger("cardroom.server")

DEFAULT_TURN_SECONDS = 120.0  # a table's move clock when its creator chose none
TIMEOUTS_IN_A_ROW = 3  # clock run-outs in a row that hand a seat to the room's bot
AWAY_AFTER = 300.0  # seconds without a socket that hand a seat to the room's bot
ABANDON_AFTER = 86_400.0  # seconds without any seat's socket that end a table as abandoned
SWEEP_EVERY = 30.0  # seconds between two looks at who is away
PRESENT_FOR = 30.0  # seconds a request with a seat's token counts as its person being there
# Seats whose presence one transaction stores. On SQLite every move waits behind it on the writer's
# thread: 250 a write held that thread 2.3-6.6 ms under load (up to 15 ms), where a batch of moves
# takes 0.6-0.9 ms; 50 hold it about as long as a batch, for one more sync to disk per 50 seats.
STAMPS_A_WRITE = 50
# Tables the sweep looks at between two turns of the event loop: at 1,100 tables its look at all of
# them at once held the loop several milliseconds, and every move arriving meanwhile waited.
TABLES_A_TURN = 100


@dataclass(frozen=True)
class AbsentLimits:
    """When the room steps in for absent people (the defaults above; tests shorten them)."""

    timeouts: int = TIMEOUTS_IN_A_ROW
    away_after: float = AWAY_AFTER
    abandon_after: float = ABANDON_AFTER
    sweep_every: float = SWEEP_EVERY
    present_for: float = PRESENT_FOR

    @classmethod
    def from_env(cls) -> AbsentLimits:
        """The defaults, each overridden by its environment variable when set: CARDROOM_TIMEOUTS_IN_A_ROW,
        CARDROOM_AWAY_AFTER, CARDROOM_ABANDON_AFTER, CARDROOM_ABSENT_SWEEP, CARDROOM_PRESENT_FOR (seconds)."""
        env = os.environ
        return cls(
            timeouts=int(env.get("CARDROOM_TIMEOUTS_IN_A_ROW", TIMEOUTS_IN_A_ROW)),
            away_after=float(env.get("CARDROOM_AWAY_AFTER", AWAY_AFTER)),
            abandon_after=float(env.get("CARDROOM_ABANDON_AFTER", ABANDON_AFTER)),
            sweep_every=float(env.get("CARDROOM_ABSENT_SWEEP", SWEEP_EVERY)),
            present_for=float(env.get("CARDROOM_PRESENT_FOR", PRESENT_FOR)),
        )


def move_clock(requested: float | str | None, private: bool, has_people: bool) -> float | None:
    """The table's move clock in seconds (``None``: none) for what its creator asked."""
    if requested is None:
        return DEFAULT_TURN_SECONDS if has_people else None
    if requested == "none":
        if has_people and not private:
            raise Refused(
                "a table without a move clock must be private (an absent player would stop it for "
                "everyone): give turn_seconds from 1 to 86400, or make the table private"
            )
        return None
    if isinstance(requested, str):
        raise Refused(
            "turn_seconds is a number of seconds from 1 to 86400, or 'none', not {value}", value=repr(requested)
        )
    return float(requested)


class Absence:
    """Who is connected here, and the room's moves for seats whose person is away."""

    def __init__(
        self,
        tables: HeldTables,
        autoplay: Autoplay,
        hub: Hub,
        store: Store,
        writer: GroupWriter,
        *,
        timeouts: int = TIMEOUTS_IN_A_ROW,
        away_after: float = AWAY_AFTER,
        abandon_after: float = ABANDON_AFTER,
        present_for: float = PRESENT_FOR,
        sweep_every: float = SWEEP_EVERY,
    ) -> None:
        self.tables = tables
        self.autoplay = autoplay
        self.hub = hub
        self.store = store
        self.writer = writer  # every write of this process, on one thread
        self.outage = writer.outage  # told of a sweep the database failed (it says so once an outage)
        self.timeouts = timeouts
        self.away_after = away_after
        self.abandon_after = abandon_after
        self.present_for = present_for
        # A socket in another process is stored as seen at its sweeps: seen within two of them, it is open.
        self.stored_present_for = max(present_for, 2 * sweep_every)
        # Nobody is judged away for longer than this process has been able to see them.
        self.started = time.time()
        # (table, seat) -> when it was last seen here (its last socket closed, or it acted over HTTP):
        # writes owed to the database at the next sweep, even if the table leaves memory first. Who
        # is connected now is read from the tables' own watchers (``Live.watchers``).
        self._left: dict[tuple[str, int], float] = {}

    # -- people coming and going -----------------------------------------------------------------

    async def connected(self, live: Live, seat: int) -> None:
        """A socket for ``seat`` opened here (it is among the table's watchers): the person is back
        (an auto seat is handed back)."""
        self._left.pop((live.row.id, seat), None)
        if seat in live.auto:
            await self.hand_back(live, seat)

    def disconnected(self, live: Live, seat: int) -> None:
        """A socket for ``seat`` closed here (it has left the table's watchers)."""
        if not live.watchers.has(seat):
            self._left[(live.row.id, seat)] = time.time()  # stored at the next sweep: the away clock starts here

    def acted(self, live: Live, seat: int) -> None:
        """The person chose a move themselves: present (if only over HTTP), and their run-outs in a row
        start again from none."""
        live.missed.pop(seat, None)
        if not live.watchers.has(seat):
            self._left[(live.row.id, seat)] = time.time()  # stored at the next sweep

    async def seen(self, live: Live, seat: int) -> None:
        """A request came with the seat's token (a view, a poll, chat...): its person is here. A seat
        the room took for their absence is theirs again."""
        at = time.time()
        live.heard[seat] = at
        if not live.watchers.has(seat):
            self._left[(live.row.id, seat)] = at  # stored at the next sweep
        if live.auto.get(seat) == "away":
            await self.hand_back(live, seat)

    async def present(self, live: Live, seat: int) -> bool:
        """Whether the seat's person is here now: a socket open here, a request with its token within
        ``present_for``, or a socket in another process (stored as seen at its sweeps)."""
        now = time.time()
        if live.watchers.has(seat) or now - live.heard.get(seat, 0.0) < self.present_for:
            return True
        seen = await asyncio.to_thread(self.store.read_seen, [live.row.id])
        return now - seen.get((live.row.id, seat), 0.0) < self.stored_present_for

    async def timed_out(self, live: Live, seat: int) -> None:
        """The seat's move clock ran out (the stand-in bot's move is stored). A person who is not
        here is played by the bot from now on; one who is gets ``timeouts`` run-outs in a row."""
        live.missed[seat] += 1
        if not await self.present(live, seat):
            await self.set_auto(live, seat, "away")
        elif live.missed[seat] >= self.timeouts:
            await self.set_auto(live, seat, "timeouts")

    # -- auto seats ---------------------------------------------------------------------------------

    async def set_auto(self, live: Live, seat: int, reason: str) -> None:
        if seat in live.auto or live.is_over:
            return
        await self.writer.call(self.store.set_auto, live.row.id, seat, reason)
        live.auto = {**live.auto, seat: reason}
        log.info("table %s: seat %d is played by the room (%s)", live.row.id, seat, reason)
        self.autoplay.after_change(live, previous=live.state)
        self.hub.changed(live)

    async def hand_back(self, live: Live, seat: int) -> None:
        if seat not in live.auto:
            return
        # Seen now, in the same transaction: no process may judge the seat away again before the
        # process the person came back through has stored its next sweep.
        await self.writer.call(self.store.hand_back, live.row.id, seat, time.time())
        live.auto = {s: r for s, r in live.auto.items() if s != seat}
        live.missed.pop(seat, None)
        live.turn_deadlines.pop(seat, None)  # a fresh clock for the person
        self.autoplay.after_change(live, previous=live.state)
        self.hub.changed(live)

    # -- the periodic look ------------------------------------------------------------------------

    async def sweep(self) -> None:
        """Refresh the presence of the seats connected here; hand away seats to the room's bot and
        end tables nobody has been at for ``abandon_after``."""
        now = time.time()
        connected: set[tuple[str, int]] = set()
        watched: list[Live] = []
        # A table with a socket open here is always held (see :mod:`.watchers`).
        async for live in _taking_turns(self.tables.all_held()):
            connected.update((live.row.id, seat) for seat in live.watchers.seats())
            if not live.is_over and live.row.status == "playing" and any(s.kind == "human" for s in live.row.seats):
                watched.append(live)
        # Written STAMPS_A_WRITE seats a transaction (not one a socket: reconnecting pages would each
        # cost a sync to disk), beside the moves where the database allows, then read off the
        # writer's thread. On SQLite the writer stores the moves that came meanwhile between two
        # parts: 2,200 seats in one transaction held it 12-45 ms under load, and every move waited.
        # A person handed back meanwhile is stamped by that write; an older stamp landing after it
        # changes nothing (the store keeps each seat's latest).
        stamps = [(t, s, now) for t, s in connected] + [(t, s, at) for (t, s), at in self._left.items()]
        self._left = {}
        for i in range(0, len(stamps), STAMPS_A_WRITE):
            await self.writer.call_beside(self.store.write_seen, stamps[i : i + STAMPS_A_WRITE])
        # A seat connected here was seen now, as just stored: only the tables with a person who is
        # not need the stamps (other processes' among them), and at a busy room that is few of them.
        elsewhere = [live.row.id for live in watched if _not_all_here(live, connected)]
        seen = await asyncio.to_thread(self.store.read_seen, elsewhere) if elsewhere else {}
        async for live in _taking_turns(watched):
            if live.is_over or live.row.status != "playing":  # it ended while the sweep wrote, read or waited
                continue
            since = max(live.row.created.timestamp(), self.started)
            people = [s.seat for s in live.row.seats if s.kind == "human"]  # not a seat still waiting
            last = {
                s: now
                if (live.row.id, s) in connected
                else max(since, seen.get((live.row.id, s), since), live.heard.get(s, since))
                for s in people
            }
            waiting = bool(live.waiting_for)
            if now - max(last.values()) >= (self.away_after if waiting else self.abandon_after):
                await self.abandon(live)
                continue
            if waiting:
                continue  # nothing is played before everyone sat down: nobody to stand in for
            for seat in people:
                # Asked now, not from the set above: a person may have reconnected while this sweep
                # wrote and read, and been handed the seat back.
                if live.watchers.has(seat):
                    if live.auto.get(seat) == "away":  # judged away elsewhere, yet connected here
                        await self.hand_back(live, seat)
                    continue
                if seat not in live.auto and now - last[seat] >= self.away_after:
                    await self.set_auto(live, seat, "away")

    async def abandon(self, live: Live) -> None:
        if await self.writer.call(self.store.abandon, live.row.id):
            log.info("table %s: abandoned (nobody connected)", live.row.id)
            self.autoplay.stop(live)
            await self.tables.reload_row_soon(live)
            live.turn_deadlines.clear()
            live.window_step = live.window_deadline = None
            self.hub.changed(live)

    async def run(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except DATABASE_ERRORS as exc:  # an outage, said once where it begins: no traceback a cycle
                self.outage.failed(exc)
            except Exception:  # a failed look must not end the loop: the next one tries again
                log.exception("looking for absent players failed")


def _not_all_here(live: Live, connected: set[tuple[str, int]]) -> bool:
    """Whether a person's seat of the table has no socket open here."""
    return any((live.row.id, s.seat) not in connected for s in live.row.seats if s.kind == "human")


async def _taking_turns(held: Iterable[Live]) -> AsyncIterator[Live]:
    """The tables one by one, letting the event loop turn after every :data:`TABLES_A_TURN` of them."""
    for i, live in enumerate(held):
        if i and i % TABLES_A_TURN == 0:
            await asyncio.sleep(0)
        yield live
