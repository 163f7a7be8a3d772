"""The deal of the day's determinism across a server restart (a real process, killed with SIGKILL), on
SQLite and on PostgreSQL: an entrant who played half the deal before the kill and the rest after it has
the same game as one of the same copy who made the same choices, and the day's secret survives in the
database.

The other entrant of the copy plays the whole deal first, so the first stops halfway through a game
known to go on. A fixed number of moves before the kill was a bet on the deal: with a random secret,
one deal in many ended sooner (a bot's pair took the person's Defuse, then the kitten came up)."""

from __future__ import annotations

import httpx

from cardroom.server.store import Store
from tests.challenges.play import actions_of, play, two_of_one_copy
from tests.server.process import ServerProcess, free_port


def _person_moves(game: list[tuple[int, int, str]]) -> int:
    """The moves the person (seat 0) made, counted as ``play`` counts them (a window's pass is none)."""
    return sum(1 for _, seat, text in game if seat == 0 and text != "pass")


def test_the_same_choices_give_the_same_game_across_a_restart(database: str) -> None:
    url = database
    env = {"CARDROOM_DAILY_BOTS": "heuristic"}
    server = ServerProcess(free_port(), url, env=env).start()
    store = Store.open(url)
    try:
        with httpx.Client(base_url=server.url) as client:
            first, second = two_of_one_copy(client, store, "exploding-kittens-2", origin=server.url)
            assert play(client, second["table_id"], second["token"])["table"]["status"] == "over"
            half = _person_moves(actions_of(store, second["table_id"])) // 2
            before = play(client, first["table_id"], first["token"], moves=half)
            assert before["table"]["status"] == "playing"
            stored_before = len(actions_of(store, first["table_id"]))
        secret = store.daily_secret()
        server.kill()
        server = ServerProcess(server.port, url, env=env).start()
        with httpx.Client(base_url=server.url) as client:
            # The first entrant's game to its end, after the restart.
            assert play(client, first["table_id"], first["token"])["table"]["status"] == "over"
        games = [actions_of(store, e["table_id"]) for e in (first, second)]
        assert games[0] == games[1] and len(games[0]) > stored_before
        assert any(seat != 0 for _, seat, _ in games[0])  # the bots' answers are in it too
        assert store.daily_secret() == secret
    finally:
        server.kill()
        store.engine.dispose()
