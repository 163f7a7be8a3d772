"""The deal of the day's determinism across a server restart (a real process, killed with SIGKILL), on
SQLite and on PostgreSQL: an entrant who played half the deal before the kill and the rest after it has
the same game as one of the same copy who made the same choices, and the day's secret survives in the
database."""

from __future__ import annotations

import httpx

from cardroom.server.store import Store
from tests.challenges.play import actions_of, play, two_of_one_copy
from tests.server.process import ServerProcess, free_port

HALF = 2  # the person's moves before the kill (each side holds a Defuse: a deal is almost never over by then)


def test_the_same_choices_give_the_same_game_across_a_restart(database: str) -> None:
    url = database
    env = {"CARDROOM_DAILY_BOTS": "heuristic"}
    server = ServerProcess(free_port(), url, env=env).start()
    store = Store.open(url)
    try:
        with httpx.Client(base_url=server.url) as client:
            first, second = two_of_one_copy(client, store, "exploding-kittens-2", origin=server.url)
            before = play(client, first["table_id"], first["token"], moves=HALF)
            assert before["table"]["status"] == "playing"
        secret = store.daily_secret()
        server.kill()
        server = ServerProcess(server.port, url, env=env).start()
        with httpx.Client(base_url=server.url) as client:
            # Both to the end: the first entrant's moves on either side of the restart, the second's all
            # after it (a count of moves would stop the two at different places when one of them sees a
            # window the other's count skips).
            for entered in (first, second):
                assert play(client, entered["table_id"], entered["token"])["table"]["status"] == "over"
        games = [actions_of(store, e["table_id"]) for e in (first, second)]
        assert games[0] == games[1] and len(games[0]) > 2 * HALF
        assert any(seat != 0 for _, seat, _ in games[0])  # the bots' answers are in it too
        assert store.daily_secret() == secret
    finally:
        server.kill()
        store.engine.dispose()
