"""Who sits where: creating a table, taking a seat with a link, handing a seat to another device, and
the rematch. (The seat a token opens is :func:`.tokens.seat_of`.)

Every write here runs on the writer's thread and every read on a thread of its own: on the event
loop, a sync to disk for each of them held every other table up. The writer's thread is the only one
that writes, so SQLite's single writer never waits for a lock held by another of our own threads.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from cardroom.core.rng import fresh_seed
from cardroom.server.errors import Refused, SeatTaken
from cardroom.server.ops.names import refuse_taken, seat_name
from cardroom.server.room import absent, chat, tokens
from cardroom.server.room.held import HeldTables
from cardroom.server.room.live import Live
from cardroom.server.room.new_rows import new_table_row
from cardroom.server.room.tablerequest import SeatRequest, checked_bot, checked_game
from cardroom.server.room.tokens import any_seat_of, seat_of
from cardroom.server.room.waiting import Waiting
from cardroom.server.store import GroupWriter, NewTable, SeatRow, Store


@dataclass(frozen=True)
class Created:
    table_id: str
    seat: int | None
    token: str | None
    invitations: dict[int, str]  # seat -> token


class Seating:
    def __init__(self, tables: HeldTables, store: Store, writer: GroupWriter, waiting: Waiting) -> None:
        self.tables = tables
        self.store = store
        self.writer = writer  # every write of this process, on one thread
        self.waiting = waiting  # the game begins when the last invited person sits down

    async def join(self, table_id: str, token: str | None, name: str | None) -> tuple[int, str | None]:
        """Take a seat. With an invitation or hand-over link the link is spent and exchanged for a
        new secret, returned here once, that only this browser will hold (a second visit to the link
        gets :class:`SeatTaken`); with the seat's own token, only the name is updated."""
        live = await self.tables.live_soon(table_id)
        clean = seat_name(name)
        if token:
            token_hash = tokens.hash_token(token)
            link = await asyncio.to_thread(self.store.find_link, token_hash)
            if link is not None and link.table_id == live.row.id:
                fresh = tokens.new_token()
                self._refuse_taken(live, link.seat, clean)
                if link.spent or not await self.writer.call(
                    self.store.exchange_link, table_id, link.seat, token_hash, tokens.hash_token(fresh), clean
                ):
                    raise SeatTaken()
                await self.waiting.began_if_whole(live)
                return link.seat, fresh
        # The database says whether the seat's account is suspended (the set in memory may be a look
        # behind, either way): sitting down is rare.
        seat = any_seat_of(live, token)
        if await asyncio.to_thread(self.store.suspended_seat, table_id, seat):
            raise Refused("this seat's account is suspended: it cannot sit at a table")
        self._refuse_taken(live, seat, clean)
        await self.writer.call(self.store.mark_joined, table_id, seat, clean)
        await self.tables.reload_row_soon(live)
        self.tables.wake(table_id)
        return seat, None

    @staticmethod
    def _refuse_taken(live: Live, seat: int, name: str | None) -> None:
        """:class:`Refused` if another seat at the table is already called ``name``."""
        if name is not None:
            refuse_taken(name, (s.name for s in live.row.seats if s.seat != seat))

    async def handoff(self, table_id: str, token: str | None) -> tuple[int, str]:
        """A link that moves the caller's seat to whoever opens it (another device of theirs)."""
        live = await self.tables.live_soon(table_id)
        seat = seat_of(live, token)
        link = tokens.new_token()
        await self.writer.call(self.store.add_link, table_id, seat, tokens.hash_token(link))
        return seat, link

    async def create(
        self,
        game_name: str,
        preset: str | None,
        options: dict[str, Any],
        seats: list[SeatRequest],
        reaction_seconds: float,
        turn_seconds: float | str | None,
        hints_for_everyone: bool = False,
        private: bool = False,
        creator: str | None = None,
    ) -> Created:
        """A new table. ``turn_seconds``: the move clock; ``None`` gives a table with people the
        default one, ``"none"`` (a private table only) none (see :mod:`.absent`). ``creator``: the
        hashed address the table counts against (see the creation limit)."""
        game = checked_game(game_name, preset, options, seats)
        clock = absent.move_clock(turn_seconds, private, any(req.kind != "bot" for req in seats))
        invitations: dict[int, str] = {}
        rows: list[SeatRow] = []
        my_seat, my_token = None, None
        for i, req in enumerate(seats):
            name = seat_name(req.name)
            if name is not None:
                refuse_taken(name, (r.name for r in rows))
            if req.kind == "bot":
                spec = checked_bot(req.bot, game)
                rows.append(SeatRow(i, "bot", spec, None, name or f"Bot {i + 1} ({req.bot or 'normal'})", True))
            elif req.kind == "me":
                my_seat, my_token = i, tokens.new_token()
                rows.append(SeatRow(i, "human", None, tokens.hash_token(my_token), name or f"Player {i + 1}", True))
            elif req.kind == "invite":
                invitations[i] = tokens.new_token()
                rows.append(
                    SeatRow(i, "invite", None, tokens.hash_token(invitations[i]), name or f"Guest {i + 1}", False)
                )
            else:
                raise Refused("a seat is 'me', 'bot' or 'invite', not {kind}", kind=repr(req.kind))
        row = new_table_row(game.name, game.preset, game.options, fresh_seed(), rows, reaction_seconds, clock)
        links_made = {seat: tokens.hash_token(token) for seat, token in invitations.items()}
        # Everything the table is created with, in one transaction: nobody sees it before it is whole.
        new = NewTable(row, hints_for_everyone, private, creator, links_made)
        # With its host (the creator's seat, if any: may remove a seated person before the game begins).
        await self.writer.call(self.store.create_hosted_table, new, my_seat)
        chat.none_yet(await self.tables.live_soon(row.id))  # loading it sets its bots and clocks going
        return Created(row.id, my_seat, my_token, invitations)

    async def rematch(self, table_id: str, token: str | None) -> tuple[str, str]:
        """The rematch table (made on the first call: same game, options and bots) and a fresh
        secret for the caller's seat there. Nobody's old token opens a rematch seat: each person
        claims theirs from their own browser, with the token of their seat in this game.

        Two requests at once still make one rematch table: the new table and the claim on the old
        one are one conditional transaction. The one whose request made it is its host."""
        live = await self.tables.live_soon(table_id)
        seat = seat_of(live, token)
        if not live.is_over:
            raise Refused("the game is not over yet")
        if not live.row.rematch_id:
            old = live.row
            row = new_table_row(
                old.game,
                old.preset,
                old.options,
                fresh_seed(),
                tuple(
                    s if s.kind == "bot" else SeatRow(s.seat, s.kind, None, None, s.name, s.joined) for s in old.seats
                ),
                old.reaction_seconds,
                old.turn_seconds,
                rematch_of=old.id,
            )
            # Another process (or request) may have made it first: then that one is the rematch.
            made = await self.writer.call(self.store.create_rematch, row, live.hints_for_everyone)
            await self.tables.reload_row_soon(live)
            rematch = await self.tables.live_soon(made)  # loading sets its bots and clocks going
            if made == row.id:  # made here, just now (not by another request first): no message yet
                chat.none_yet(rematch)
                # Its host is whoever asked for it first (as a table's is whoever created it): they are
                # here now, where the first table's host may never come back.
                await self.writer.run_in_order(self.store.set_host, made, seat)
            self.tables.wake(table_id)
        new_id = live.row.rematch_id
        assert new_id is not None
        fresh = tokens.new_token()
        await self.writer.call(self.store.set_seat_token, new_id, seat, tokens.hash_token(fresh))
        await self.tables.reload_row_soon(await self.tables.live_soon(new_id))
        self.tables.wake(new_id)
        return new_id, fresh
