"""The snapshot shortcuts give exactly what computing from scratch gives: the log read incrementally
(with timed-out moves marked) and the encoded snapshot kept per seat until something changes."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import orjson
import pytest
from fastapi.testclient import TestClient

from cardroom.core.registry import make
from cardroom.server.room.live import Live, marked_log
from cardroom.server.store import TableRow
from tests.server.conftest import auth, create


@pytest.mark.parametrize(("game", "players"), [("exploding-kittens", 3), ("taco", 3), ("tacocat", 2)])
def test_incremental_log_equals_the_full_log(game: str, players: int) -> None:
    rng = random.Random(7)
    g = make(game, players=players) if game != "tacocat" else make(game)
    row = TableRow("t", game, g.preset, dict(g.options), 11, datetime.now(UTC), "playing", 4.0, None, None, None)
    live = Live(row=row, game=g, state=g.new_game(11))
    viewers: list[int | None] = [None, *range(g.players)]
    for move in range(400):
        if live.state.is_over:
            break
        seat = rng.choice(live.state.to_act)
        action = rng.choice(live.state.legal_actions(seat))
        # Every seventh move is one the clock made for the seat (marked in the log).
        live.record(seat, live.state.apply(seat, str(action)), timed_out=move % 7 == 3)
        for viewer in rng.sample(viewers, 2):  # not every viewer every step: gaps of several events
            full = marked_log(live.state, viewer, live.timed_out_moves)
            assert live.log_for(viewer) == full
            assert orjson.loads(live.encoded_log(viewer)) == orjson.loads(orjson.dumps(full))
    assert live.timed_out_moves, "the game was long enough to mark a timed-out move"
    for viewer in viewers:
        assert live.log_for(viewer) == marked_log(live.state, viewer, live.timed_out_moves)


def test_encoded_snapshot_follows_every_change(client: TestClient) -> None:
    # No reaction windows and no move clock (a private table): nothing counts down.
    table = create(client, "tacocat", turn_seconds="none", private=True)
    tid, token = table["table_id"], table["token"]
    room = client.app.state.room  # type: ignore[attr-defined]

    def check() -> None:
        live = room.live(tid)
        for seat in (0, 1, None):
            assert orjson.loads(room.encoded_snapshot(live, seat)) == orjson.loads(
                orjson.dumps(room.snapshot(live, seat), option=orjson.OPT_NON_STR_KEYS)
            )

    check()
    first = room.encoded_snapshot(room.live(tid), 0)
    assert room.encoded_snapshot(room.live(tid), 0) is first  # unchanged: the same bytes
    view = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
    action = view["view"]["legal_actions"][0]
    assert (
        client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"step": 0, "action": action}).status_code
        == 200
    )
    check()
    assert client.post(f"/api/tables/{tid}/chat", headers=auth(token), json={"text": "hello"}).status_code == 204
    check()
    assert any(m["text"] == "hello" for m in orjson.loads(room.encoded_snapshot(room.live(tid), 1))["chat"])
    assert client.post(f"/api/tables/{tid}/join", headers=auth(token), json={"name": "Ann"}).status_code == 200
    assert orjson.loads(room.encoded_snapshot(room.live(tid), None))["table"]["seats"][0]["name"] == "Ann"
    check()
    # The public summary is encoded once for every seat: each seat's snapshot shows the change.
    assert client.post(f"/api/tables/{tid}/more-time", headers=auth(token), json={"on": True}).status_code == 200
    check()
    for seat in (0, 1, None):
        shown = orjson.loads(room.encoded_snapshot(room.live(tid), seat))["table"]
        assert shown["seats"][0]["more_time"] is True
    assert client.post(f"/api/tables/{tid}/concede", headers=auth(token)).status_code == 200
    check()
    for seat in (0, 1, None):
        assert orjson.loads(room.encoded_snapshot(room.live(tid), seat))["table"]["status"] == "over"
