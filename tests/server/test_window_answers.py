"""A reaction window's hidden answers are stored, not held in one process's memory: after a restart
a seat that answered is not asked again, its answer counts as given (not as a timed-out pass), and
still nobody else learns who has answered."""

from __future__ import annotations

import sqlite3
from typing import Any

from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.server.conftest import create
from tests.server.test_hidden_answers import _act, _view

THREE = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]


def test_an_answer_given_before_a_restart_counts_after_it(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        table: dict[str, Any] = create(client, seats=THREE, reaction_seconds=60)
        tid, tokens = table["table_id"], [table["token"], *(i["token"] for i in table["invitations"])]
        hand = _view(client, tid, tokens[0])["view"]["hand"]
        _act(client, tid, tokens[0], 0, f"play {hand[0]}")
        before = _view(client, tid, tokens[2])
        assert _act(client, tid, tokens[1], 1, "pass")["window"]["answered"] is True

    with TestClient(create_app(db_url, bot_delay=0.0)) as fresh:
        # Seat 1 is not asked again; seat 2 and a spectator see just what they saw before the pass.
        assert _view(fresh, tid, tokens[1])["window"]["answered"] is True
        for token in (tokens[2], None):
            snapshot = _view(fresh, tid, token)
            assert snapshot["window"]["answered"] is False and snapshot["view"]["to_act"] == [0, 1, 2]
            assert snapshot["view"]["step"] == before["view"]["step"] == 1
        _act(fresh, tid, tokens[0], 1, "pass")
        closed = _act(fresh, tid, tokens[2], 1, "pass")
        assert closed["view"]["step"] == 4 and closed["window"] is None  # closed at once, no deadline
        assert not [e for e in _view(fresh, tid)["log"] if e.get("timed_out")]
    rows = (
        sqlite3.connect(db_url.removeprefix("sqlite:///"))
        .execute("select step, seat, text, timed_out from actions order by step")
        .fetchall()
    )
    assert rows == [(0, 0, f"play {hand[0]}", 0), (1, 0, "pass", 0), (2, 1, "pass", 0), (3, 2, "pass", 0)]


def test_a_pass_sent_twice_is_one_answer(client: TestClient) -> None:
    table: dict[str, Any] = create(client, seats=THREE, reaction_seconds=60)
    tid, tokens = table["table_id"], [table["token"], *(i["token"] for i in table["invitations"])]
    hand = _view(client, tid, tokens[0])["view"]["hand"]
    _act(client, tid, tokens[0], 0, f"play {hand[0]}")
    _act(client, tid, tokens[1], 1, "pass")
    again = _act(client, tid, tokens[1], 1, "pass")
    assert again["view"]["step"] == 1 and again["window"]["answered"] is True
    _act(client, tid, tokens[0], 1, "pass")
    assert _act(client, tid, tokens[2], 1, "pass")["view"]["step"] == 4
