"""A table's host: the person who created it (their seat is stored with the table). Before the game
begins the host may take a seated person's seat back (it waits for someone else, with a new link);
at any time the host may close the table (before it begins: cancelled; after: abandoned, unrated)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from cardroom.locale import Plural
from cardroom.server.errors import Refused, WrongToken
from cardroom.server.room import tokens
from cardroom.server.room.held import HeldTables
from cardroom.server.room.live import Live
from cardroom.server.room.tokens import seat_of
from cardroom.server.store import GroupWriter, Store


class Hosting:
    def __init__(
        self, tables: HeldTables, store: Store, writer: GroupWriter, abandon: Callable[[Live], Awaitable[None]]
    ) -> None:
        self.tables = tables
        self.store = store
        self.writer = writer  # every write of this process, on one thread
        self.abandon = abandon  # ends a table whose game has begun (clocks and bots stopped)

    async def _host(self, table_id: str, token: str | None) -> tuple[Live, int]:
        """The table and the host's seat, if ``token`` opens the host's seat (else :class:`WrongToken`)."""
        live = await self.tables.live_soon(table_id)
        seat = seat_of(live, token)
        if await asyncio.to_thread(self.store.host_of, table_id) != seat:
            raise WrongToken()
        return live, seat

    async def remove(self, table_id: str, token: str | None, seat: int) -> str:
        """Take ``seat`` back from the person sitting there, before the game begins: the seat's new
        invitation token (its old token opens nothing any more)."""
        live, host = await self._host(table_id, token)
        if not live.waiting_for:
            raise Refused("a seated person can be removed only before the game begins")
        if seat == host:
            raise Refused("you cannot remove yourself: close the table instead")
        names = {s.seat: s.name for s in live.row.seats}
        if seat not in names:
            raise Refused(
                Plural(
                    "no such seat: this table has {count} seat",
                    "no such seat: this table has {count} seats",
                    len(names),
                )
            )
        invitation = tokens.new_token()
        if not await self.writer.call(
            self.store.unseat, table_id, seat, tokens.hash_token(invitation), f"Guest {seat + 1}"
        ):
            raise Refused("nobody sits at {name}'s seat: only a seated person can be removed", name=names[seat])
        await self.tables.reload_row_soon(live)
        self.tables.wake(table_id)
        return invitation

    async def close(self, table_id: str, token: str | None) -> Live:
        """End the table: cancelled if its game has not begun, else abandoned."""
        live, _ = await self._host(table_id, token)
        if live.is_over or live.row.status != "playing":
            raise Refused("this table has ended already")
        cancelled = False
        if live.waiting_for:
            cancelled = await self.writer.call(self.store.cancel_waiting, table_id)
        if cancelled:
            await self.tables.reload_row_soon(live)
            self.tables.wake(table_id)
        else:
            await self.abandon(live)
        return live

    async def report(
        self, table_id: str, token: str | None, about_seat: int | None, message: str | None, reason: str
    ) -> int:
        """Keep a report of a message or a player with the table (by the seat ``token`` opens, or by a
        spectator when there is none): the report's id."""
        live = await self.tables.live_soon(table_id)
        by_seat = seat_of(live, token) if token else None
        return await self.writer.call(self.store.add_report, table_id, by_seat, about_seat, message, reason)
