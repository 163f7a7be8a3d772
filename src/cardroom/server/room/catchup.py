"""Catching up with what other server processes stored (PostgreSQL: see docs/server.md, "Several
processes on one PostgreSQL"): a notification names a table, the new actions are read and applied,
then the table's bots, clocks and sockets are woken."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from cardroom.server.room import more_time
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.chat import Chat
from cardroom.server.room.held import HeldTables
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live, row_read
from cardroom.server.store import ActionRow, Store, TableRow


class CatchUp:
    def __init__(self, tables: HeldTables, store: Store, autoplay: Autoplay, chat: Chat, hub: Hub) -> None:
        self.tables = tables
        self.store = store
        self.origin = store.origin  # names this process in its notifications
        self.autoplay = autoplay
        self.chat = chat
        self.hub = hub

    def heard(self, payload: str) -> Coroutine[Any, Any, None] | None:
        """A PostgreSQL notification: ``table_id`` or ``table_id origin``; the catch-up to run, if any.

        Every process hears every table's notifications, so this is called on the listener's loop
        for each, and a table this process does not hold costs one dictionary lookup: it will be read
        from the database when first asked for. An action this process stored itself is already in
        its cache."""
        table_id, _, origin = payload.partition(" ")
        if origin == self.origin:
            return None
        # Only stored actions name their process: then the new actions are all there is to read.
        actions_only = bool(origin)
        live = self.tables.held(table_id)
        if live is None:
            if self.tables.loading(table_id):
                # Being read here right now, perhaps from before this change was stored: read on.
                return self._after_load(table_id)
            return None  # read from the database, its chat included, when first asked for
        if not self.wanted(live, actions_only):
            self.tables.forget(table_id)
            return None
        if live.queued is not None:
            # A catch-up for this table is waiting for its turn and has read nothing yet: it will read
            # this change too (and everything else if either asked for everything).
            live.queued = live.queued and actions_only
            return None
        live.queued = actions_only
        return self.catch_up(table_id, actions_only)

    async def _after_load(self, table_id: str) -> None:
        """A change heard while the table was read on a thread: once the read is kept, catch up on
        everything since (whatever the read missed; nothing if it saw the change)."""
        if await self.tables.loaded(table_id) is not None:
            await self.catch_up(table_id)

    def wanted(self, live: Live, stored_elsewhere: bool) -> bool:
        """Whether this process must keep the table current: a socket is open on it here, or a
        request here is using it, or a bot or clock of it runs here and the change was not an action
        stored by another process. A table held only because someone once looked at it here (a GET,
        a creation, a rematch made here for a table another process serves) is dropped instead of
        read: whoever asks for it next reloads it from the database. Its bots and clocks here stop:
        the process that stored the action runs the table's bots and clocks from there on (it sets
        them going after every action it stores), so with routing on the table id they run in the
        table's own process only."""
        if self.hub.watched(live) or live.lock.locked():
            return True
        return self.autoplay.busy(live) and not stored_elsewhere

    async def catch_up_all(self) -> None:
        """After the notification channel was down: whatever happened meanwhile, catch up on it."""
        for live in self.tables.all_held():
            if not live.is_over:
                await self.catch_up(live.row.id)

    async def catch_up(self, table_id: str, actions_only: bool = False) -> None:
        """Another process changed this table: apply what it stored, then wake bots, clocks, sockets.

        ``actions_only``: the change was stored actions (one query reads them); anything else (a
        join, a chat message, a rematch, a concession) reloads the table's row and concession too."""
        live = self.tables.held(table_id)
        if live is None:
            return  # not cached here: it will be read from the database when first asked for
        async with live.lock:
            # The flag is read and cleared on the table as it is now (a rebuild while this waited
            # carried it over to the new object) and on the one this catch-up was called for.
            current = self.tables.held(table_id) or live
            queued = current.queued if current.queued is not None else live.queued
            current.queued = live.queued = None
            actions_only = (actions_only if queued is None else queued) and actions_only
            if not actions_only:
                self.chat.forget(current)  # perhaps a chat message: the kept messages are old
            previous = live.state
            was_conceded, was_auto = live.conceded, live.auto
            lengthened = False
            if actions_only:
                rows = await asyncio.to_thread(self.store.load_actions, table_id, live.step)
            else:
                ticket = row_read()
                row, rows, found = await asyncio.to_thread(self._read_table, table_id, live.step)
                if row is None:
                    return
                live.take_row(row, ticket)
                live.conceded = None if found is None else found[0]
                auto = await asyncio.to_thread(self.store.auto_seats, table_id)
                if auto != live.auto:
                    live.auto = auto  # another process handed a seat to the room's bot, or back
                # A seat's person turned more time on or off through another process.
                lengthened = more_time.take(live, await asyncio.to_thread(self.store.more_time_seats, table_id))
            for action in rows:
                if action.step != live.step:
                    continue  # stored while this process was reading; the next notification brings it
                live.remember()
                live.record(action.seat, live.state.apply(action.seat, action.text), action.timed_out, action.created)
            changed = (
                live.state is not previous or live.conceded != was_conceded or live.auto is not was_auto or lengthened
            )
        if live.row.status in ("expired", "abandoned", "cancelled"):
            self.autoplay.stop(live)  # closed by another process: nothing more is played here
        elif changed:
            self.autoplay.after_change(live, previous=previous)
        self.tables.wake(table_id)

    def _read_table(self, table_id: str, since: int) -> tuple[TableRow | None, list[ActionRow], Any]:
        return (
            self.store.load_table(table_id),
            self.store.load_actions(table_id, since),
            self.store.find_concession(table_id),
        )
