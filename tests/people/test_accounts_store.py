"""The accounts' part of the store: the migration keeps what a database at 0009 held (tables, seats,
their tokens), a password hash never leaves the store, suspension ends sessions and refuses logins."""

from __future__ import annotations

import dataclasses
import typing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cardroom.people import records
from cardroom.server.room.tokens import hash_token
from cardroom.server.store import Store
from tests.support.migrations import database_at


def _at_0009(url: str) -> None:
    database_at(
        url,
        "0009_more_time",
        [
            (
                "INSERT INTO tables (id, game, preset, options, seed, created, status, reaction_seconds) "
                "VALUES ('old1', 'toy', 'standard', '{}', 7, :at, 'playing', 4.0)",
                {"at": datetime.now(UTC)},
            ),
            (
                "INSERT INTO seats (table_id, seat, kind, token_hash, name, joined) "
                "VALUES ('old1', 0, 'human', :h, 'Ada', 1)",
                {"h": hash_token("old-token")},
            ),
        ],
    )


def test_the_migration_keeps_tables_and_their_tokens(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    _at_0009(url)
    store = Store.open(url)  # upgrades to the newest revision
    try:
        row = store.load_table("old1")
        assert row is not None and row.seats[0].token_hash == hash_token("old-token") and row.seats[0].name == "Ada"
        assert store.create_account("a1", "Ada", "ada", "long enough password")
        assert store.claim_seats("a1", [("old1", hash_token("old-token"))]) == [("old1", 0)]
        assert [h.table_id for h in store.held_seats("a1", 10)] == ["old1"]
    finally:
        store.close()


def test_no_row_the_store_hands_out_carries_a_password_hash() -> None:
    for _, kind in vars(records).items():
        if dataclasses.is_dataclass(kind):
            assert not any("hash" in f.name or "password" in f.name for f in dataclasses.fields(kind)), kind
    for name in ("create_account", "check_login", "find_account", "set_suspended", "session_account"):
        returned = typing.get_type_hints(getattr(Store, name))["return"]
        assert returned in (bool, records.Account | None), (name, returned)


def test_a_suspended_account_cannot_log_in_and_loses_its_sessions(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 's.sqlite3'}")
    try:
        assert store.create_account("b1", "Bea", "bea", "long enough password")
        soon = datetime.now(UTC) + timedelta(days=1)
        store.new_session("h" * 64, "b1", soon)
        assert store.session_account("h" * 64, datetime.now(UTC)) is not None
        assert store.check_login("bea", "wrong password!") is None
        suspended = store.set_suspended("bea", True)
        assert suspended is not None and suspended.suspended
        assert store.session_account("h" * 64, datetime.now(UTC)) is None
        found = store.check_login("bea", "long enough password")
        assert found is not None and found.suspended  # the edge refuses it (403) after the right password only
        assert store.set_suspended("nobody", True) is None
    finally:
        store.close()
