"""Determinism of the deal of the day: the same choices replayed give bit-identical games.

- The bots' decisions alone, 100 times over, each decision by a freshly made bot (as after a restart)
  with the generator autoplay gives a replayable bot (:func:`replay_rng`): one game, every time.
- Through the room, on SQLite and on PostgreSQL: two entrants dealt the same copy who make the same
  choices get the same stored game (the room's bots here are the heuristic: replayable like a search
  that counts iterations, and paced without waiting out the bot budget; see docs/challenges.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardroom.core.game import Game, State
from cardroom.server.edge.app import create_app
from cardroom.server.room.autoplay import replayable
from cardroom.server.room.daily import deal_seed, slot_named
from cardroom.server.room.daily_replay import play_deal
from cardroom.server.store import Store
from tests.challenges.play import actions_of, play, two_of_one_copy
from tests.server import postgres

REPLAYS = 100
SEARCH = "ismcts:iterations=30"  # a search that counts its effort, as the day's bots do


def first_legal(game: Game, state: State, step: int) -> str:
    """The entrant's fixed rule here: the first legal action."""
    return str(state.legal_actions(0)[0])


def test_a_search_counting_iterations_is_replayable_and_one_on_a_clock_is_not() -> None:
    assert replayable(SEARCH) and replayable("heuristic")
    assert not replayable("ismcts:ms=500") and not replayable("expert:ms=1000")


def test_the_same_choices_replayed_100_times_give_one_game() -> None:
    seed = deal_seed("a server's secret", "2026-11-29", "exploding-kittens-2", 1)
    slot = slot_named("exploding-kittens-2")
    games = {tuple(play_deal(slot, seed, SEARCH, first_legal)[0]) for _ in range(REPLAYS)}
    assert len(games) == 1
    assert len(next(iter(games))) > 10


def _same_game_twice(url: str) -> None:
    with TestClient(create_app(url, bot_delay=0.0, rate=1000, burst=1000)) as client:
        store = Store.open(url)
        try:
            first, second = two_of_one_copy(client, store, "exploding-kittens-2")
            for entered in (first, second):
                assert play(client, entered["table_id"], entered["token"])["table"]["status"] == "over"
            games = [actions_of(store, e["table_id"]) for e in (first, second)]
            # The copy dealt is the day's (a fresh secret, a random copy): its length is the cards' to
            # decide (10 moves were seen), so only a few moves each are asked for, the bots' among them.
            assert games[0] == games[1] and len(games[0]) > 4
            assert any(seat != 0 for _, seat, _ in games[0])  # the bots' moves are in it too
        finally:
            store.engine.dispose()


@pytest.fixture
def heuristic_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDROOM_DAILY_BOTS", "heuristic")


@pytest.mark.usefixtures("heuristic_bots")
def test_same_choices_same_game_on_sqlite(tmp_path: Path) -> None:
    _same_game_twice(f"sqlite:///{tmp_path / 'daily.sqlite3'}")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    with postgres.throwaway() as server:
        yield server.url


@pytest.mark.usefixtures("heuristic_bots")
def test_same_choices_same_game_on_postgres(postgres_url: str) -> None:
    _same_game_twice(postgres_url)
