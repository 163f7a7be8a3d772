"""Nobody learns who has answered a reaction window before it closes: a pass is noted for the seat
that gave it and shown to that seat alone; no other socket is woken; the window's result (every
answer, stored in seat order) becomes public at once, when all have answered or at the deadline."""

from __future__ import annotations

import sqlite3
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create
from tests.support.polling import until

THREE = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]


def _act(client: TestClient, tid: str, token: str, step: int, action: str) -> dict[str, Any]:
    response = client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"step": step, "action": action})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _view(client: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = client.get(f"/api/tables/{tid}/view", headers=auth(token) if token else {}).json()
    return data


def _table(client: TestClient, seconds: float) -> tuple[str, list[str]]:
    table: dict[str, Any] = create(client, seats=THREE, reaction_seconds=seconds)
    return table["table_id"], [table["token"], *(i["token"] for i in table["invitations"])]


def _window_closed_by_the_clock(client: TestClient) -> tuple[str, list[str], list[Any]]:
    """A 2-second window in which only seat 1 passes; returns once all three passes are stored."""
    tid, tokens = _table(client, 2)
    hand = _view(client, tid, tokens[0])["view"]["hand"]
    _act(client, tid, tokens[0], 0, f"play {hand[0]}")
    _act(client, tid, tokens[1], 1, "pass")
    until(lambda: _view(client, tid)["view"]["step"] >= 4, 10, "the window to close (3 passes)")
    return tid, tokens, hand


def test_a_pass_is_seen_only_by_its_seat_until_the_window_closes(client: TestClient) -> None:
    tid, tokens = _table(client, 60)
    hand = _view(client, tid, tokens[0])["view"]["hand"]
    with (
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[2]}") as seat2,
        client.websocket_connect(f"/api/tables/{tid}/ws") as spectator,
    ):
        assert seat2.receive_json()["view"]["step"] == 0 and spectator.receive_json()["view"]["step"] == 0
        _act(client, tid, tokens[0], 0, f"play {hand[0]}")
        opened = [seat2.receive_json(), spectator.receive_json()]
        assert all(m["view"]["step"] == 1 and m["window"] for m in opened)

        mine = _act(client, tid, tokens[1], 1, "pass")
        assert mine["window"]["answered"] is True and mine["view"]["step"] == 1
        _act(client, tid, tokens[0], 1, "pass")
        # Seat 2 and anyone watching see exactly what they saw before: same step, everyone asked.
        for token in (tokens[2], None):
            snapshot = _view(client, tid, token)
            assert snapshot["view"]["step"] == 1 and snapshot["view"]["to_act"] == [0, 1, 2]
            assert snapshot["window"]["answered"] is False
            assert snapshot["table"] == opened[1]["table"]
        assert _view(client, tid, tokens[1])["window"]["answered"] is True

        _act(client, tid, tokens[2], 1, "pass")
        # The next thing either socket hears is the closed window: all three passes at once.
        closed = [seat2.receive_json(), spectator.receive_json()]
        assert [m["view"]["step"] for m in closed] == [4, 4]
        assert all(m["window"] is None and m["view"]["to_act"] == [1] for m in closed)


def test_the_deadline_stores_given_answers_and_the_silent_seats_passes(client: TestClient, db_url: str) -> None:
    _tid, _tokens, hand = _window_closed_by_the_clock(client)
    rows = (
        sqlite3.connect(db_url.removeprefix("sqlite:///"))
        .execute("select step, seat, text, timed_out from actions order by step")
        .fetchall()
    )
    # Letting a window close without a word is ordinary play, not a move clock running out.
    assert rows == [(0, 0, f"play {hand[0]}", 0), (1, 0, "pass", 0), (2, 1, "pass", 0), (3, 2, "pass", 0)]


def test_a_nope_after_a_hidden_pass_opens_a_new_window_for_everyone(client: TestClient) -> None:
    tid, tokens = _table(client, 60)
    hand = _view(client, tid, tokens[0])["view"]["hand"]
    _act(client, tid, tokens[0], 0, f"play {hand[0]}")
    _act(client, tid, tokens[1], 1, "pass")
    after = _act(client, tid, tokens[2], 1, "nope")
    assert after["view"]["step"] == 2 and after["view"]["to_act"] == [0, 1, 2]
    # Seat 1's pass belonged to the old window: it is asked again.
    again = _view(client, tid, tokens[1])
    assert again["window"]["answered"] is False and "pass" in again["view"]["legal_actions"]


def test_a_window_that_closes_unanswered_is_not_logged_as_a_timeout(client: TestClient) -> None:
    tid, tokens, _hand = _window_closed_by_the_clock(client)
    for token in (None, tokens[1]):
        log = _view(client, tid, token)["log"]
        # Seats 0 and 2 gave no answer: the window closed as windows do, and nobody "ran out of time".
        assert not any("timed_out" in e for e in log), log
        assert not any("ran out of time" in e["text"] for e in log), log
