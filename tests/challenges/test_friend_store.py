"""The friend's challenges' and the puzzles' rows on both databases: one challenge per seat (asked twice,
the same id), one entry per entrant and challenge (a second leaves nothing behind), a seat's analysis
read into puzzles once, and the puzzles of the given seats only, costliest first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardroom.server.room.friend import friend_table
from cardroom.server.store import NewTable, Store, friends
from cardroom.server.store import puzzles as stored
from cardroom.server.store.friends import FriendEntry
from cardroom.server.store.puzzles import Posed
from tests.challenges.friends import seeded_kittens
from tests.server import postgres


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        opened = Store.open(f"sqlite:///{tmp_path / 'rows.sqlite3'}")
        yield opened
        opened.close()
        return
    with postgres.throwaway() as server:
        opened = Store.open(server.url)
        yield opened
        opened.close()


def _posed(step: int, loss: float) -> Posed:
    return Posed(step, "nope", 0.8, 0.5, "pass", 0.3, loss, "passed", "play a Nope")


def test_challenges_and_entries(store: Store) -> None:
    seat = seeded_kittens(store, 8)
    made = friends.make_challenge(store.engine, seat["table_id"], 0, "guest:ann", "Ann")
    assert friends.make_challenge(store.engine, seat["table_id"], 0, "guest:other", "Other") == made
    assert friends.challenge(store.engine, made.id) == made and friends.challenge(store.engine, "A" * 22) is None
    source = store.load_table(seat["table_id"])
    assert source is not None
    row, _ = friend_table(source, 0, "Bo")
    entry = FriendEntry(made.id, "guest:bo", "Bo", row.id, 0, row.created)
    assert friends.add_entry(store.engine, NewTable(row, private=True), entry)
    again, _ = friend_table(source, 0, "Bo")
    twice = FriendEntry(made.id, "guest:bo", "Bo", again.id, 0, again.created)
    assert not friends.add_entry(store.engine, NewTable(again, private=True), twice)
    assert store.load_table(again.id) is None  # the refused attempt left no table behind
    assert [(e.entrant, e.table_id) for e in friends.entries(store.engine, made.id)] == [
        ("guest:ann", seat["table_id"]),
        ("guest:bo", row.id),
    ]
    dealt = store.load_table(row.id)
    assert dealt is not None and dealt.seed == source.seed and not friends.is_daily_deal(store.engine, row.id)


def test_puzzles_read_once_and_listed_costliest_first(store: Store) -> None:
    mine, other = seeded_kittens(store, 8), seeded_kittens(store, 9)
    seats = [(mine["table_id"], 0)]
    assert stored.read_already(store.engine, seats) == set()
    stored.add_puzzles(store.engine, mine["table_id"], 0, [_posed(3, 0.2), _posed(7, 0.4)])
    stored.add_puzzles(store.engine, mine["table_id"], 0, [_posed(9, 0.9)])  # read again: the first stays
    stored.add_puzzles(store.engine, other["table_id"], 0, [_posed(1, 0.5)])
    assert stored.read_already(store.engine, [*seats, (other["table_id"], 1)]) == set(seats)
    listed = stored.puzzles_of(store.engine, seats)
    assert [p.posed.step for p in listed] == [7, 3] and {p.table_id for p in listed} == {mine["table_id"]}
    assert stored.puzzle(store.engine, listed[0].id) == listed[0]
    assert stored.puzzles_of(store.engine, []) == []
