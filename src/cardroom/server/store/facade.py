"""The store: the one way the server reaches its database. Everything else in the server calls these
named methods and gets plain rows back (:mod:`.rows`); no other module writes SQL or imports a
database driver (a test holds that).

Each method is one short transaction or one read. Writes are meant for the writer's thread
(``await store.writer.call(store.mark_joined, ...)``) so SQLite's single writer never waits for a
lock held by another thread of ours; reads run on any thread. SQLite and PostgreSQL differ only
inside the modules behind this class: the group commit's batch (:mod:`.pgbatch` on PostgreSQL),
the notifications to other processes (:mod:`.notify`, PostgreSQL only) and the presence upsert.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import Engine

from cardroom.server.store import actions, chat, concessions, database, probe, seats, tables, windows
from cardroom.server.store.clocks import ClockSaver
from cardroom.server.store.rows import ActionRow, Link, Message, NewTable, TableRow
from cardroom.server.store.writer import GroupWriter


class Store:
    """One database: its group writer (every write of this process, on one thread), the saver of
    tables' running clocks, and the statements the room needs, each named for what it does."""

    def __init__(self, engine: Engine, origin: str | None = None) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name  # "sqlite" or "postgresql"
        # Names this process in its PostgreSQL notifications, so it skips the ones it sent itself.
        self.origin = origin if origin is not None else secrets.token_hex(6)
        self.writer = GroupWriter(engine, self.origin)
        self.clock_saver = ClockSaver(engine, self.writer)

    @classmethod
    def open(cls, url: str) -> Store:
        """The store on the database at ``url``, its schema brought up to date (Alembic)."""
        engine = database.make_engine(url)
        database.upgrade(engine)
        return cls(engine)

    def close(self) -> None:
        """Finish the queued writes, then close every connection (closing twice is harmless)."""
        self.writer.close()
        self.engine.dispose()

    # -- tables ------------------------------------------------------------------------------------

    def create_table(self, new: NewTable) -> None:
        """A new table with everything it is created with, in one transaction."""
        tables.create_table(self.engine, new)

    def create_rematch(self, row: TableRow, hints_for_everyone: bool) -> str:
        """The id of the one rematch table of ``row.rematch_of`` (``row``, unless another came first)."""
        return tables.create_rematch(self.engine, row, hints_for_everyone)

    def load_table(self, table_id: str) -> TableRow | None:
        return tables.load_table(self.engine, table_id)

    def list_tables(self, limit: int) -> list[TableRow]:
        """The newest tables not abandoned, private ones included."""
        return tables.list_tables(self.engine, limit)

    def private_among(self, table_ids: list[str]) -> set[str]:
        return tables.private_among(self.engine, table_ids)

    def hints_for_everyone(self, table_id: str) -> bool:
        return tables.hints_for_everyone(self.engine, table_id)

    def mark_joined(self, table_id: str, seat: int, name: str | None) -> None:
        tables.mark_joined(self.engine, table_id, seat, name)

    def expire_idle(self, cutoff: datetime) -> list[str]:
        return tables.expire_idle(self.engine, cutoff)

    def abandon(self, table_id: str) -> bool:
        return tables.abandon(self.engine, table_id)

    def cancel_waiting(self, table_id: str) -> bool:
        return tables.cancel_waiting(self.engine, table_id)

    def all_playing_ids(self) -> list[str]:
        return tables.all_playing_ids(self.engine)

    # -- actions (stored through :attr:`writer`, the group commit) ---------------------------------

    def load_actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        return actions.load_actions(self.engine, table_id, since)

    # -- seats -------------------------------------------------------------------------------------

    def add_link(self, table_id: str, seat: int, token_hash: str) -> None:
        seats.add_link(self.engine, table_id, seat, token_hash)

    def find_link(self, token_hash: str) -> Link | None:
        return seats.find_link(self.engine, token_hash)

    def exchange_link(self, table_id: str, seat: int, old_hash: str, new_hash: str, name: str | None) -> bool:
        return seats.exchange_link(self.engine, table_id, seat, old_hash, new_hash, name)

    def fill_seat(self, table_id: str, seat: int, spec: str, name: str) -> bool:
        return seats.fill_seat(self.engine, table_id, seat, spec, name)

    def take_invited_seat(self, table_id: str, seat: int) -> bool:
        return seats.take_invited_seat(self.engine, table_id, seat)

    def set_seat_token(self, table_id: str, seat: int, token_hash: str) -> None:
        seats.set_seat_token(self.engine, table_id, seat, token_hash)

    def auto_seats(self, table_id: str) -> dict[int, str]:
        return seats.auto_seats_of(self.engine, table_id)

    def set_auto(self, table_id: str, seat: int, reason: str) -> None:
        seats.set_auto(self.engine, table_id, seat, reason)

    def hand_back(self, table_id: str, seat: int, seen: float) -> None:
        seats.hand_back(self.engine, table_id, seat, seen)

    def write_seen(self, stamps: list[tuple[str, int, float]]) -> None:
        seats.write_seen(self.engine, stamps)

    def read_seen(self, table_ids: list[str]) -> dict[tuple[str, int], float]:
        return seats.read_seen(self.engine, table_ids)

    # -- chat, concessions, reaction windows -------------------------------------------------------

    def add_message(self, table_id: str, seat: int | None, name: str, text: str) -> None:
        chat.add_message(self.engine, table_id, seat, name, text)

    def latest_messages(self, table_id: str, limit: int) -> list[Message]:
        return chat.latest_messages(self.engine, table_id, limit)

    def record_concession(self, table_id: str, seat: int, step: int) -> bool:
        return concessions.record_concession(self.engine, table_id, seat, step)

    def find_concession(self, table_id: str) -> tuple[int, int] | None:
        return concessions.find_concession(self.engine, table_id)

    def note_answer(self, table_id: str, step: int, seat: int, action: str) -> dict[int, str]:
        return windows.note_answer(self.engine, table_id, step, seat, action)

    def move_answers(self, table_id: str, old_step: int, new_step: int, kept: dict[int, str]) -> None:
        windows.move_answers(self.engine, table_id, old_step, new_step, kept)

    def window_answers(self, table_id: str, step: int) -> dict[int, str]:
        return windows.window_answers_at(self.engine, table_id, step)

    # -- health ------------------------------------------------------------------------------------

    def probe_read(self) -> None:
        probe.probe_read(self.engine)

    def probe_write(self) -> None:
        probe.probe_write(self.engine)
