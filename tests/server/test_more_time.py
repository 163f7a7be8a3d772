"""More time (WCAG 2.2.1): a seat's person turns it on, and the reaction windows that seat is asked in
and its move clock run ten times the table's settings; everyone sees who has it; bad requests are
refused and change nothing."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.server.conftest import auth, create
from tests.support.polling import until


def _more_time(client: TestClient, tid: str, token: str | None, body: object) -> Any:
    return client.post(f"/api/tables/{tid}/more-time", headers=auth(token) if token else {}, json=body)


def _view(client: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/tables/{tid}/view", headers=auth(token) if token else {})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _seats_with_more_time(client: TestClient, tid: str) -> list[int]:
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    return [s["seat"] for s in seats if s["more_time"]]


def _play(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    hand = _view(client, tid, token)["view"]["hand"]
    response = client.post(
        f"/api/tables/{tid}/actions", headers=auth(token), json={"step": 0, "action": f"play {hand[0]}"}
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_refusals_say_what_was_wrong_and_change_nothing(client: TestClient) -> None:
    table: dict[str, Any] = create(client)
    tid = table["table_id"]
    spectator = _more_time(client, tid, None, {"on": True})
    assert spectator.status_code == 403 and "token" in spectator.json()["detail"]
    wrong = _more_time(client, tid, "not-a-seat-token", {"on": True})
    assert wrong.status_code == 403
    for body in ({}, {"on": "yes"}, {"on": 1}, {"on": True, "seconds": 400}, ["on"]):
        bad = _more_time(client, tid, table["token"], body)
        assert bad.status_code == 422, body
        assert bad.json()["detail"].startswith("malformed request: "), bad.text
    assert "on" in _more_time(client, tid, table["token"], {}).json()["detail"]
    unknown = _more_time(client, "0123456789abcdef", table["token"], {"on": True})
    assert unknown.status_code == 404
    assert _seats_with_more_time(client, tid) == []


def test_a_window_asking_a_seat_with_more_time_runs_ten_times_as_long(client: TestClient) -> None:
    table: dict[str, Any] = create(client, reaction_seconds=3.5)
    tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
    turned = _more_time(client, tid, tokens[1], {"on": True})
    assert turned.status_code == 200, turned.text
    assert [s["more_time"] for s in turned.json()["seats"]] == [False, True]
    assert _seats_with_more_time(client, tid) == [1]
    # Every viewer is told, a spectator too: it is why the window runs longer.
    assert [s["more_time"] for s in _view(client, tid)["table"]["seats"]] == [False, True]
    window = _play(client, tid, tokens[0])["window"]
    assert window["seconds"] == 35.0
    assert 34.0 < window["remaining"] <= 35.0
    # Turned off: the running window keeps its time, the next one is the table's own.
    assert _more_time(client, tid, tokens[1], {"on": False}).status_code == 200
    assert _seats_with_more_time(client, tid) == []
    assert _view(client, tid, tokens[0])["window"]["remaining"] > 30.0


def test_turning_it_on_lengthens_the_running_window(client: TestClient) -> None:
    table: dict[str, Any] = create(client, reaction_seconds=3.0)
    tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
    opened = time.monotonic()
    assert _play(client, tid, tokens[0])["window"]["remaining"] <= 3.0
    assert _more_time(client, tid, tokens[1], {"on": True}).status_code == 200
    lengthened = _view(client, tid, tokens[1])["window"]
    # Thirty seconds from when it opened, not from now.
    assert lengthened["seconds"] == 30.0 and 30.0 - (time.monotonic() - opened) - 0.5 < lengthened["remaining"] <= 30.0
    time.sleep(max(0.0, opened + 3.3 - time.monotonic()))  # past the table's own 3 s: still open
    still = _view(client, tid, tokens[1])
    assert still["view"]["step"] == 1 and still["window"] is not None and not still["window"]["answered"]


def test_the_move_clock_of_a_seat_with_more_time_runs_ten_times_as_long(client: TestClient) -> None:
    table: dict[str, Any] = create(client, turn_seconds=20, reaction_seconds=0.2)
    tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
    assert _view(client, tid, tokens[0])["turn_deadlines"]["0"] <= 20.0
    assert _more_time(client, tid, tokens[0], {"on": True}).status_code == 200
    # The running clock is lengthened at once, and the seat without more time keeps the table's clock.
    assert 190.0 < _view(client, tid, tokens[0])["turn_deadlines"]["0"] <= 200.0
    _play(client, tid, tokens[0])
    # The short window closes by itself; then seat 1 is to play, on the table's own 20 s.
    after = _until_step(client, tid, tokens[1], 3)
    assert after["view"]["to_act"] == [1] and after["turn_deadlines"]["1"] <= 20.0


def test_twice_on_is_once_on(client: TestClient) -> None:
    table: dict[str, Any] = create(client, reaction_seconds=2.0)
    tid, token = table["table_id"], table["token"]
    for _ in range(2):
        assert _more_time(client, tid, token, {"on": True}).status_code == 200
    assert _seats_with_more_time(client, tid) == [0]
    assert _play(client, tid, token)["window"]["seconds"] == 20.0


def _until_step(client: TestClient, tid: str, token: str, step: int) -> dict[str, Any]:
    seen: dict[str, Any] = until(
        lambda: (v := _view(client, tid, token))["view"]["step"] >= step and v, 10, f"step {step}"
    )
    return seen


def test_the_setting_and_its_clocks_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        table: dict[str, Any] = create(client, reaction_seconds=2.0, turn_seconds=30)
        tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
        assert _more_time(client, tid, tokens[1], {"on": True}).status_code == 200
        opened = _play(client, tid, tokens[0])["window"]
        assert opened["seconds"] == 20.0
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        # The same deadline, and the setting read back: the next clocks of seat 1 are long too.
        again = _view(client, tid, tokens[1])
        assert again["window"]["deadline"] == opened["deadline"]
        assert [s["more_time"] for s in again["table"]["seats"]] == [False, True]
        for token in tokens:
            answered = client.post(
                f"/api/tables/{tid}/actions", headers=auth(token), json={"step": 1, "action": "pass"}
            )
            assert answered.status_code == 200, answered.text
        turn = _until_step(client, tid, tokens[1], 3)
        assert turn["view"]["to_act"] == [1] and 290.0 < turn["turn_deadlines"]["1"] <= 300.0
