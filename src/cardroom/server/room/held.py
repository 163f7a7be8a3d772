"""The tables this process holds in memory, by table id, and the recent states of those it dropped.

The database is the source of truth; a held table (:class:`.live.Live`) is a replayed cache with
everything this process keeps for it. Whoever loads a table (a GET, a socket, a resume) sets its bots
and clocks going: a table is never in memory without them. Dropping a table forgets all of it at
once; a table with a socket open here is never dropped (its sockets follow its object, see
:mod:`.watchers`)."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime

from cardroom.core.game import State
from cardroom.server.errors import UnknownTable
from cardroom.server.ops.limits import well_formed_table_id
from cardroom.server.room import clocks
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live, rebuild, row_read
from cardroom.server.store import Store, TableRow

log = logging.getLogger("cardroom.server")

MAX_CACHED = 2000  # replayed tables kept in memory
DROPPED_KEPT = 2000  # tables dropped from the cache whose last state is kept among the recent ones
CLOSED = ("expired", "abandoned")  # statuses of unfinished tables where nothing more is played


@dataclass
class _Loading:
    """A table being read on threads here: how many reads, and the end of the last."""

    reads: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)


class HeldTables:
    def __init__(self, store: Store, autoplay: Autoplay, hub: Hub) -> None:
        self.store = store
        self.autoplay = autoplay
        self.hub = hub
        # table id -> the table, with everything this process keeps for it (see :class:`Live`)
        self._live: dict[str, Live] = {}
        # table id -> recent states of a table dropped for another process (:meth:`forget`), until read again
        self._dropped: OrderedDict[str, dict[int, State]] = OrderedDict()
        # table id -> its reads on threads right now (see :meth:`loaded`)
        self._loading: dict[str, _Loading] = {}

    def live(self, table_id: str) -> Live:
        found = self._live.get(table_id)
        if found is not None:
            return found
        return self._keep(self._load(table_id))

    def held(self, table_id: str) -> Live | None:
        """The table if it is in memory here (never read from the database)."""
        return self._live.get(table_id)

    def __len__(self) -> int:
        return len(self._live)

    def all_held(self) -> list[Live]:
        return list(self._live.values())

    async def live_soon(self, table_id: str) -> Live:
        """:meth:`live`, with a table not in memory read on a thread (the event loop goes on)."""
        found = self._live.get(table_id)
        if found is not None:
            return found
        loading = self._loading.setdefault(table_id, _Loading())
        loading.reads += 1
        try:
            loaded = await asyncio.to_thread(self._load, table_id)
        finally:
            loading.reads -= 1
            if not loading.reads:
                del self._loading[table_id]
                loading.done.set()  # its waiters run after the table is kept below (no await between)
        return self._live.get(table_id) or self._keep(loaded)  # another request may have been first

    def loading(self, table_id: str) -> bool:
        """Whether the table is being read on a thread here right now."""
        return table_id in self._loading

    async def loaded(self, table_id: str) -> Live | None:
        """The table once the reads of it under way here have ended (``None`` if none was kept)."""
        loading = self._loading.get(table_id)
        if loading is not None:
            await loading.done.wait()
        return self._live.get(table_id)

    def _keep(self, found: Live) -> Live:
        found.recent = self._dropped.pop(found.row.id, found.recent)
        self._live[found.row.id] = found
        self._evict()
        # Clocks that were running go on from their stored deadlines.
        clocks.restore(found)
        if found.row.status not in CLOSED:
            self.autoplay.after_change(found, previous=None)
        return found

    def _load(self, table_id: str) -> Live:
        ticket = row_read()
        row = self.store.load_table(table_id) if well_formed_table_id(table_id) else None
        if row is None:
            raise UnknownTable(table_id)
        live = rebuild(row, self.store.load_actions(table_id))
        live.row_ticket = ticket
        found = self.store.find_concession(table_id)
        live.conceded = None if found is None else found[0]
        live.hints_for_everyone = self.store.hints_for_everyone(table_id)
        live.auto = self.store.auto_seats(table_id)
        live.more_time = self.store.more_time_seats(table_id)
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

    async def read_row(self, table_id: str) -> tuple[TableRow | None, int]:
        """The table's row, read on a thread (the event loop goes on), and the read's ticket for
        :meth:`Live.take_row`."""
        ticket = row_read()
        return await asyncio.to_thread(self.store.load_table, table_id), ticket

    async def reload_row_soon(self, live: Live) -> None:
        """The table's row read again, on a thread (the event loop goes on): seats, status, names."""
        live.take_row(*await self.read_row(live.row.id))

    def wake(self, table_id: str, only_seat: int | None = None) -> None:
        """Wake the sockets following the table here (see :meth:`Hub.changed`), if it is held."""
        live = self._live.get(table_id)
        if live is not None:
            self.hub.changed(live, only_seat)

    def _evict(self) -> None:
        # The cache only saves replays; finished games nobody follows here are the ones safe to
        # forget (nothing will change them), oldest first.
        excess = len(self._live) - MAX_CACHED
        if excess <= 0:
            return
        over = [t for t, live in self._live.items() if live.is_over and not self.hub.watched(live)]
        for table_id in over[:excess]:
            self.drop(table_id)

    async def expire_idle(self, cutoff: datetime) -> None:
        """Unfinished tables without a move since ``cutoff`` are closed for good (status expired) and
        dropped; one a socket here follows is read again instead, so the socket is shown it closed."""
        for table_id in await asyncio.to_thread(self.store.expire_idle, cutoff):
            live = self._live.get(table_id)
            if live is None or not self.hub.watched(live):
                self.drop(table_id)
                continue
            self.autoplay.stop(live)
            fresh = self.reload(table_id)
            fresh.turn_deadlines.clear()
            fresh.window_step = fresh.window_deadline = None
            self.hub.changed(fresh)

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

    def drop(self, table_id: str) -> Live | None:
        """Forget the table here: all kept for it (see :class:`Live`: its bots, clocks, chat, looks
        and watchers). Returns it, if it was here. Never called for a table a socket follows here."""
        live = self._live.pop(table_id, None)
        if live is not None:
            self.autoplay.stop(live)
        return live

    def forget(self, table_id: str) -> None:
        """:meth:`drop`, for a table another process serves now (see ``CatchUp.wanted``)."""
        live = self.drop(table_id)
        if live is None or live.is_over:
            self._dropped.pop(table_id, None)
            return
        # A choice made on the state shown here may still arrive (made before the other process's
        # change landed): keep that state among the recent ones, so it is judged as it would be had
        # the table stayed (see ``Play.still_current``). Kept for the last DROPPED_KEPT tables
        # dropped; the table takes them back when it is read again.
        live.remember()
        self._dropped[table_id] = live.recent
        self._dropped.move_to_end(table_id)
        while len(self._dropped) > DROPPED_KEPT:
            self._dropped.popitem(last=False)
