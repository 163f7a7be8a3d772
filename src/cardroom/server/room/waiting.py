"""A table that waits for the people it invited (docs/server.md, "Waiting seats").

An invited seat is *waiting* until its person opens the link (:meth:`.seating.Seating.join` turns it
into that person's seat) or uses the invitation's token in any request (a client of the API). While
any seat waits the game has not begun: no clock runs, no bot plays, no action is taken, nobody is
asked anything and the page draws no board, only the seats the table waits for. A seated person may instead give a waiting seat
to a bot, or cancel the table; the clocks start the moment the last seat is taken.

A waiting table nobody seated follows any more ends like any table its people left (see
:mod:`.absent`), after the room's away limit rather than a day: nothing was played there yet.
"""

from __future__ import annotations

from cardroom.server.errors import Refused
from cardroom.server.room.autoplay import Autoplay
from cardroom.server.room.held import HeldTables
from cardroom.server.room.live import Live
from cardroom.server.room.tablerequest import checked_bot
from cardroom.server.room.tokens import seat_of
from cardroom.server.store import GroupWriter, Store


class Waiting:
    """What a seated person may do about the seats a table still waits for."""

    def __init__(self, tables: HeldTables, store: Store, writer: GroupWriter, autoplay: Autoplay) -> None:
        self.tables = tables
        self.store = store
        self.writer = writer  # every write of this process, on one thread
        self.autoplay = autoplay  # the clocks and bots, set going when the last seat is taken

    async def _seated(self, table_id: str, token: str | None) -> Live:
        """The table, if this token opens a person's seat there and the table still waits."""
        live = await self.tables.live_soon(table_id)
        seat = seat_of(live, token)
        if next(s for s in live.row.seats if s.seat == seat).kind != "human":
            raise Refused("only a person who has sat down may change the seats the table waits for")
        if not live.waiting_for:
            raise Refused("this table waits for nobody: its game has begun or it was closed")
        return live

    async def fill(self, table_id: str, token: str | None, seat: int, bot: str | None) -> Live:
        """Give the waiting ``seat`` to a bot (a difficulty word or spec; ``normal`` if none)."""
        live = await self._seated(table_id, token)
        if seat not in live.waiting_for:
            raise Refused(
                "seat {seat} is not waiting for anyone: waiting seats are {waiting}",
                seat=seat + 1,
                waiting=", ".join(str(s + 1) for s in live.waiting_for),
            )
        spec = checked_bot(bot or "normal", live.game)
        name = f"Bot {seat + 1} ({bot or 'normal'})"
        if not await self.writer.call(self.store.fill_seat, table_id, seat, spec, name):
            raise Refused("that seat was taken by its person meanwhile")
        await self.began_if_whole(live)
        return live

    async def cancel(self, table_id: str, token: str | None) -> Live:
        """End the table before its game began (status ``cancelled``); it leaves the lobby."""
        live = await self._seated(table_id, token)
        if not await self.writer.call(self.store.cancel_waiting, table_id):
            raise Refused("this table waits for nobody any more: its game has begun")
        await self.tables.reload_row_soon(live)
        self.tables.wake(table_id)
        return live

    async def arrived(self, live: Live, seat: int) -> None:
        """A request came with the token of ``seat``: if it is an invitation still waiting, its person
        has sat down (a client that plays over HTTP with the invitation's token, never opening the link)."""
        if seat in live.waiting_for:
            await self.writer.call(self.store.take_invited_seat, live.row.id, seat)
            await self.began_if_whole(live)

    async def began_if_whole(self, live: Live) -> None:
        """The table's row read again after a seat was taken; its clocks and bots set going if that
        was the last seat it waited for."""
        await self.tables.reload_row_soon(live)
        if not live.waiting_for:
            self.autoplay.after_change(live, previous=None)
        self.tables.wake(live.row.id)
