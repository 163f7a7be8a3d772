"""The people's part of the store on both databases (SQLite and PostgreSQL): accounts and the
one-answer login, seats claimed once, a rated table stored once (a second try changes nothing), the
leaderboard best first, a player's history oldest first, reports and the host's seat."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardroom.server.room.tokens import hash_token
from cardroom.server.store import NewTable, SeatRow, Store, TableRow
from tests.server.postgres import throwaway


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    if request.param == "sqlite":
        opened = Store.open(f"sqlite:///{tmp_path_factory.mktemp('both') / 'p.sqlite3'}")
        yield opened
        opened.close()
        return
    with throwaway() as server:
        opened = Store.open(server.url)
        yield opened
        opened.close()


def _table(store: Store, table_id: str, tokens: list[str], host: int | None = None) -> None:
    seats = tuple(SeatRow(i, "human", None, hash_token(t), f"Seat {i + 1}", True) for i, t in enumerate(tokens))
    row = TableRow(table_id, "toy", "standard", {}, 1, datetime.now(UTC), "playing", 4.0, None, None, None, seats)
    store.create_hosted_table(NewTable(row, private=True), host)


def test_accounts_seats_and_ratings(store: Store, tmp_path: Path) -> None:
    assert store.create_account("p1", "Ann", "ann", "long enough password")
    assert not store.create_account("p9", "ANN", "ann", "long enough password")  # the key is unique
    assert store.create_account("p2", "Bo", "bo", "long enough password")
    account = store.check_login("ann", "long enough password")
    assert account is not None and account.name == "Ann" and not hasattr(account, "password_hash")
    assert store.check_login("ann", "wrong password") is None and store.check_login("nobody", "wrong password") is None

    _table(store, "ta", ["tok-a0", "tok-a1"])
    assert store.claim_seats("p1", [("ta", hash_token("tok-a0")), ("ta", hash_token("wrong"))]) == [("ta", 0)]
    assert store.claim_seats("p2", [("ta", hash_token("tok-a0")), ("ta", hash_token("tok-a1"))]) == [("ta", 1)]
    assert store.seat_holders("ta") == {0: "p1", 1: "p2"}
    assert [h.table_id for h in store.held_seats("p1", 10)] == ["ta"]

    assert store.save_rated("ta", "toy", [("p1", 1, 27.6, 8.0), ("p2", 2, 22.4, 8.0)])
    assert not store.save_rated("ta", "toy", [("p1", 1, 99.0, 1.0), ("p2", 2, 1.0, 1.0)])  # once per table
    _table(store, "tb", ["tok-b0", "tok-b1"], host=0)
    assert store.save_rated("tb", "toy", [("p1", 2, 26.0, 7.0), ("p2", 1, 24.0, 7.0)])
    board = store.leaderboard("toy", 10)
    assert [(s.name, s.games) for s in board] == [("Ann", 2), ("Bo", 2)]
    assert board[0].shown == pytest.approx(26.0 - 21.0)
    assert [(g.table_id, g.place) for g in store.history_of("p1", "toy", 10)] == [("ta", 1), ("tb", 2)]
    assert store.ratings_of("toy", ["p1", "p2", "nobody"]) == {"p1": (26.0, 7.0), "p2": (24.0, 7.0)}
    assert set(store.standings_of("p2")) == {"toy"}

    assert store.host_of("tb") == 0 and store.host_of("ta") is None
    assert store.private_among(["ta", "tb"]) == {"ta", "tb"}  # the table stored whole, with its host
    report = store.add_report("tb", 0, 1, None, "rude")
    assert [(r.id, r.about_seat, r.reason) for r in store.list_reports("tb", 5)] == [(report, 1, "rude")]
    assert store.set_suspended("bo", True) is not None and store.suspended_seat("ta", 1)
    assert [s.name for s in store.leaderboard("toy", 10)] == ["Ann"]  # a suspended account is listed nowhere
    soon = datetime.now(UTC) + timedelta(hours=1)
    store.new_session("s" * 64, "p1", soon)
    assert store.session_account("s" * 64, datetime.now(UTC)) is not None
    assert store.session_account("s" * 64, soon + timedelta(seconds=1)) is None  # expired
