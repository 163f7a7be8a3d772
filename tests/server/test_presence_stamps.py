"""When each seat was last seen connected, as the sweep for absent people stores it: one statement a
sweep, each seat's latest stamp, on SQLite and on PostgreSQL (where the stamps travel as arrays)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from cardroom.server.store import database, seats
from tests.server.postgres import store_toy_table, throwaway_engine

T0 = 1_800_000_000.25  # epoch seconds with a fraction, which both databases must keep


@pytest.fixture(scope="module")
def postgres() -> Iterator[Engine]:
    with throwaway_engine() as made:
        yield made


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "postgresql":
        yield request.getfixturevalue("postgres")
        return
    made = database.make_engine(f"sqlite:///{tmp_path / 'seen.sqlite3'}")
    database.upgrade(made)
    yield made
    made.dispose()


def _tables(engine: Engine, prefix: str, n: int) -> list[str]:
    ids = [f"{prefix}{i:04d}" for i in range(n)]
    for table_id in ids:
        store_toy_table(engine, table_id)
    return ids


def test_each_seat_keeps_its_latest_stamp_of_a_sweep(engine: Engine, request: pytest.FixtureRequest) -> None:
    """A seat can come twice in one sweep (connected now, and a socket that left earlier): the later
    stamp is kept, whichever comes first in the list."""
    a, b = _tables(engine, f"dup{request.node.callspec.id[:2]}", 2)
    seats.write_seen(engine, [(a, 0, T0 + 5), (b, 1, T0), (a, 0, T0), (a, 1, T0 + 1), (b, 1, T0 + 9)])
    seen = seats.read_seen(engine, [a, b])
    assert seen == pytest.approx({(a, 0): T0 + 5, (a, 1): T0 + 1, (b, 1): T0 + 9}, abs=1e-5)


def test_a_later_stamp_replaces_an_older_one_never_the_other_way(
    engine: Engine, request: pytest.FixtureRequest
) -> None:
    """A sweep's write may land after a newer stamp of the same seat (the person handed back, or
    another process's sweep): the seat must not look absent for longer than it was."""
    (a,) = _tables(engine, f"next{request.node.callspec.id[:2]}", 1)
    seats.write_seen(engine, [(a, 0, T0), (a, 1, T0)])
    seats.write_seen(engine, [(a, 1, T0 + 30)])
    seats.hand_back(engine, a, 0, T0 + 60)
    seats.write_seen(engine, [(a, 0, T0 + 10), (a, 1, T0 - 100)])  # older than what is stored
    seats.write_seen(engine, [])
    assert seats.read_seen(engine, [a]) == pytest.approx({(a, 0): T0 + 60, (a, 1): T0 + 30}, abs=1e-5)


def test_a_sweep_of_a_thousand_tables_is_stored_whole(engine: Engine, request: pytest.FixtureRequest) -> None:
    ids = _tables(engine, f"many{request.node.callspec.id[:2]}", 1_100)
    stamps = [(t, s, T0 + i) for i, t in enumerate(ids) for s in (0, 1)]
    seats.write_seen(engine, list(reversed(stamps)))
    seen = seats.read_seen(engine, ids)
    assert len(seen) == 2_200
    assert seen == pytest.approx({(t, s): at for t, s, at in stamps}, abs=1e-5)
