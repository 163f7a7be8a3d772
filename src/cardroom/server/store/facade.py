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
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Engine

from cardroom.people.records import Account, HeldSeat, RatedGame, Report, Standing
from cardroom.server.store import (
    account_seats,
    accounts,
    actions,
    chat,
    concessions,
    database,
    hosts,
    more_time,
    person_ratings,
    probe,
    reports,
    seats,
    tables,
    windows,
)
from cardroom.server.store.challenge_statements import ChallengeStatements
from cardroom.server.store.clocks import ClockSaver
from cardroom.server.store.outage import Unavailable
from cardroom.server.store.readiness import Readiness
from cardroom.server.store.reconnect import Reconnect
from cardroom.server.store.rows import ActionRow, Link, Message, NewTable, TableRow
from cardroom.server.store.writer import GroupWriter

T = TypeVar("T")


class Store(ChallengeStatements):
    """One database: its group writer (every write of this process, on one thread), the saver of
    tables' running clocks, and the statements the room needs, each named for what it does."""

    def __init__(self, engine: Engine, origin: str | None = None, readiness: Readiness | None = None) -> None:
        """``readiness``: the gate ``engine`` was made with (see :meth:`open`); without one, the
        schema is taken as checked."""
        self.engine = engine
        self.dialect = engine.dialect.name  # "sqlite" or "postgresql"
        # Names this process in its PostgreSQL notifications, so it skips the ones it sent itself.
        self.origin = origin if origin is not None else secrets.token_hex(6)
        self.readiness = readiness or Readiness(checked=True)
        self._preparing = threading.Lock()
        self._reconnect = Reconnect(engine)  # one retry on a fresh connection (PostgreSQL)
        self.writer = GroupWriter(engine, self.origin, self._reconnect)
        self.clock_saver = ClockSaver(engine, self.writer)

    @classmethod
    def open(cls, url: str) -> Store:
        """The store on the database at ``url``, its schema checked and brought up to date (a database
        error if that cannot be done now)."""
        store = cls.unchecked(url)
        store.prepare()
        return store

    @classmethod
    def unchecked(cls, url: str) -> Store:
        """The store on the database at ``url``, whatever state that database is in: nothing is used
        until :meth:`prepare` has checked its schema (the server calls it at start, and again with
        every probe while it fails: see :mod:`.readiness`)."""
        readiness = Readiness()
        return cls(database.make_engine(url, readiness), readiness=readiness)

    @property
    def ready(self) -> bool:
        """Whether the schema has been checked, so the database may be used."""
        return self.readiness.checked

    def prepare(self) -> None:
        """Check the schema and bring it up to date (Alembic), unless done already; a database error
        (:data:`DATABASE_ERRORS`) if the database cannot be reached, written or made yet."""
        with self._preparing:
            if self.readiness.checked:
                return
            try:
                database.private_file(self.engine)
            except OSError as exc:
                raise Unavailable(f"the database file cannot be made: {exc.strerror or exc}") from exc
            # A connection of its own: the room's engines refuse theirs until this has passed.
            checker = database.make_engine(self.engine.url.render_as_string(hide_password=False))
            try:
                database.upgrade(checker)
            finally:
                checker.dispose()
            self.readiness.checked = True

    def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return self._reconnect.run(fn, *args)

    def close(self) -> None:
        """Finish the queued writes, then close every connection (closing twice is harmless)."""
        self.writer.close()
        self.engine.dispose()

    # -- tables ------------------------------------------------------------------------------------

    def create_table(self, new: NewTable) -> None:
        """A new table with everything it is created with, in one transaction."""
        self._run(tables.create_table, self.engine, new)

    def create_rematch(self, row: TableRow, hints_for_everyone: bool) -> str:
        """The id of the one rematch table of ``row.rematch_of`` (``row``, unless another came first)."""
        return self._run(tables.create_rematch, self.engine, row, hints_for_everyone)

    def load_table(self, table_id: str) -> TableRow | None:
        return self._run(tables.load_table, self.engine, table_id)

    def list_tables(self, limit: int) -> list[TableRow]:
        """The newest tables not abandoned, private ones included."""
        return self._run(tables.list_tables, self.engine, limit)

    def private_among(self, table_ids: list[str]) -> set[str]:
        return self._run(tables.private_among, self.engine, table_ids)

    def hints_for_everyone(self, table_id: str) -> bool:
        return self._run(tables.hints_for_everyone, self.engine, table_id)

    def mark_joined(self, table_id: str, seat: int, name: str | None) -> None:
        self._run(tables.mark_joined, self.engine, table_id, seat, name)

    def expire_idle(self, cutoff: datetime) -> list[str]:
        return self._run(tables.expire_idle, self.engine, cutoff)

    def abandon(self, table_id: str) -> bool:
        return self._run(tables.abandon, self.engine, table_id)

    def cancel_waiting(self, table_id: str) -> bool:
        return self._run(tables.cancel_waiting, self.engine, table_id)

    def all_playing_ids(self) -> list[str]:
        return self._run(tables.all_playing_ids, self.engine)

    # -- actions (stored through :attr:`writer`, the group commit) ---------------------------------

    def load_actions(self, table_id: str, since: int = 0) -> list[ActionRow]:
        return self._run(actions.load_actions, self.engine, table_id, since)

    # -- seats -------------------------------------------------------------------------------------

    def add_link(self, table_id: str, seat: int, token_hash: str) -> None:
        self._run(seats.add_link, self.engine, table_id, seat, token_hash)

    def find_link(self, token_hash: str) -> Link | None:
        return self._run(seats.find_link, self.engine, token_hash)

    def exchange_link(self, table_id: str, seat: int, old_hash: str, new_hash: str, name: str | None) -> bool:
        return self._run(seats.exchange_link, self.engine, table_id, seat, old_hash, new_hash, name)

    def fill_seat(self, table_id: str, seat: int, spec: str, name: str) -> bool:
        return self._run(seats.fill_seat, self.engine, table_id, seat, spec, name)

    def take_invited_seat(self, table_id: str, seat: int) -> bool:
        return self._run(seats.take_invited_seat, self.engine, table_id, seat)

    def set_seat_token(self, table_id: str, seat: int, token_hash: str) -> None:
        self._run(seats.set_seat_token, self.engine, table_id, seat, token_hash)

    def auto_seats(self, table_id: str) -> dict[int, str]:
        return self._run(seats.auto_seats_of, self.engine, table_id)

    def set_auto(self, table_id: str, seat: int, reason: str) -> None:
        self._run(seats.set_auto, self.engine, table_id, seat, reason)

    def hand_back(self, table_id: str, seat: int, seen: float) -> None:
        self._run(seats.hand_back, self.engine, table_id, seat, seen)

    def write_seen(self, stamps: list[tuple[str, int, float]]) -> None:
        self._run(seats.write_seen, self.engine, stamps)

    def read_seen(self, table_ids: list[str]) -> dict[tuple[str, int], float]:
        return self._run(seats.read_seen, self.engine, table_ids)

    def set_more_time(self, table_id: str, seat: int, on: bool) -> None:
        self._run(more_time.set_more_time, self.engine, table_id, seat, on)

    def more_time_seats(self, table_id: str) -> frozenset[int]:
        return self._run(more_time.more_time_of, self.engine, table_id)

    # -- chat, concessions, reaction windows -------------------------------------------------------

    def add_message(self, table_id: str, seat: int | None, name: str, text: str) -> None:
        self._run(chat.add_message, self.engine, table_id, seat, name, text)

    def latest_messages(self, table_id: str, limit: int) -> list[Message]:
        return self._run(chat.latest_messages, self.engine, table_id, limit)

    def record_concession(self, table_id: str, seat: int, step: int) -> bool:
        return self._run(concessions.record_concession, self.engine, table_id, seat, step)

    def find_concession(self, table_id: str) -> tuple[int, int] | None:
        return self._run(concessions.find_concession, self.engine, table_id)

    def note_answer(self, table_id: str, step: int, seat: int, action: str) -> dict[int, str]:
        return self._run(windows.note_answer, self.engine, table_id, step, seat, action)

    def move_answers(self, table_id: str, old_step: int, new_step: int, kept: dict[int, str]) -> None:
        self._run(windows.move_answers, self.engine, table_id, old_step, new_step, kept)

    def window_answers(self, table_id: str, step: int) -> dict[int, str]:
        return self._run(windows.window_answers_at, self.engine, table_id, step)

    # -- accounts (see docs/accounts.md): a password and its hash go in, never out -------------------

    def create_account(self, account_id: str, name: str, key: str, password: str) -> bool:
        """A new account, its password hashed with argon2id (a third of a second: call it on a thread
        of its own, not the writer's); False if the name is taken. ``PasswordRefused`` says why a
        password may not be set."""
        return self._run(accounts.create_account, self.engine, account_id, name, key, password)

    def check_login(self, key: str, password: str) -> Account | None:
        """The account if the password is right; None for a wrong password and an unknown name alike
        (which take as long). On a thread of its own: the check is a hash."""
        return self._run(accounts.check_login, self.engine, key, password)

    def find_account(self, key: str) -> Account | None:
        return self._run(accounts.find_account, self.engine, key)

    def set_suspended(self, key: str, suspended: bool) -> Account | None:
        return self._run(accounts.set_suspended, self.engine, key, suspended)

    def new_session(self, id_hash: str, account_id: str, expires: datetime) -> None:
        self._run(accounts.new_session, self.engine, id_hash, account_id, expires)

    def session_account(self, id_hash: str, at: datetime) -> Account | None:
        return self._run(accounts.session_account, self.engine, id_hash, at)

    def end_session(self, id_hash: str) -> None:
        self._run(accounts.end_session, self.engine, id_hash)

    def claim_seats(self, account_id: str, claims: list[tuple[str, str]]) -> list[tuple[str, int]]:
        return self._run(account_seats.claim_seats, self.engine, account_id, claims)

    def held_seats(self, account_id: str, limit: int) -> list[HeldSeat]:
        return self._run(account_seats.held_seats, self.engine, account_id, limit)

    def seat_holders(self, table_id: str) -> dict[int, str]:
        return self._run(account_seats.holders, self.engine, table_id)

    # -- a table's host, reports ---------------------------------------------------------------------

    def create_hosted_table(self, new: NewTable, host: int | None) -> None:
        """:meth:`create_table`, with the seat of the person who created it, in one transaction."""
        self._run(hosts.create_hosted, self.engine, new, host)

    def host_of(self, table_id: str) -> int | None:
        return self._run(hosts.host_of, self.engine, table_id)

    def unseat(self, table_id: str, seat: int, invitation_hash: str, name: str) -> bool:
        return self._run(hosts.unseat, self.engine, table_id, seat, invitation_hash, name)

    def suspended_seat(self, table_id: str, seat: int) -> bool:
        return self._run(hosts.suspended_seat, self.engine, table_id, seat)

    def add_report(
        self, table_id: str, by_seat: int | None, about_seat: int | None, message: str | None, reason: str
    ) -> int:
        return self._run(reports.add_report, self.engine, table_id, by_seat, about_seat, message, reason)

    def list_reports(self, table_id: str | None, limit: int) -> list[Report]:
        return self._run(reports.list_reports, self.engine, table_id, limit)

    def message_text(self, message_id: int) -> str | None:
        return self._run(reports.message_text, self.engine, message_id)

    # -- people's ratings --------------------------------------------------------------------------

    def finished_unrated(self, since: datetime, limit: int) -> list[str]:
        return self._run(person_ratings.finished_unrated, self.engine, since, limit)

    def ratings_of(self, game: str, account_ids: list[str]) -> dict[str, tuple[float, float]]:
        return self._run(person_ratings.ratings_of, self.engine, game, account_ids)

    def save_rated(self, table_id: str, game: str, results: list[tuple[str, int, float, float]]) -> bool:
        return self._run(person_ratings.save_rated, self.engine, table_id, game, results)

    def leaderboard(self, game: str, limit: int, offset: int = 0) -> list[Standing]:
        return self._run(person_ratings.leaderboard, self.engine, game, limit, offset)

    def standings_of(self, account_id: str) -> dict[str, Standing]:
        return self._run(person_ratings.standings_of, self.engine, account_id)

    def history_of(self, account_id: str, game: str, limit: int) -> list[RatedGame]:
        return self._run(person_ratings.history_of, self.engine, account_id, game, limit)

    # -- health ------------------------------------------------------------------------------------

    def probe_read(self) -> None:
        self._run(probe.probe_read, self.engine)

    def probe_write(self) -> None:
        self._run(probe.probe_write, self.engine)
