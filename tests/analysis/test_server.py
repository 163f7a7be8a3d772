"""The analysis and hints over HTTP: only your own seat, only when the game is over, hints only
against bots."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardroom.server.app import create_app
from tests.server.conftest import auth, create


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # A generous rate limit: the test plays a whole game through the API as fast as it can.
    with TestClient(create_app(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}", bot_delay=0.0, rate=1000,
                               burst=1000)) as c:
        yield c

QUICK = {"precision": 50, "max_worlds": 8}


def _play_to_the_end(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    deadline = time.time() + 60
    while time.time() < deadline:
        snap: dict[str, Any] = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
        view = snap["view"]
        if view["is_over"]:
            return snap
        if view["legal_actions"]:
            client.post(f"/api/tables/{tid}/actions", headers=auth(token),
                        json={"step": view["step"], "action": view["legal_actions"][-1]})
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


def test_analysis_of_your_own_seat_after_the_game(client: TestClient) -> None:
    table = create(client, "tacocat", seats=[{"kind": "me"}, {"kind": "bot", "bot": "easy"}])
    tid, token = str(table["table_id"]), str(table["token"])
    early = client.post(f"/api/tables/{tid}/analysis", headers=auth(token), json=QUICK)
    assert early.status_code == 409 and "over" in early.json()["detail"]
    _play_to_the_end(client, tid, token)
    assert client.post(f"/api/tables/{tid}/analysis", json=QUICK).status_code == 403  # a spectator
    assert client.get(f"/api/tables/{tid}/analysis", headers=auth(token)).status_code == 404  # not started
    bad = client.post(f"/api/tables/{tid}/analysis", headers=auth(token), json={"precision": 0})
    assert bad.status_code == 422 and "precision" in bad.json()["detail"]
    started = client.post(f"/api/tables/{tid}/analysis", headers=auth(token), json=QUICK).json()
    assert started["status"] in {"queued", "running", "done"} and started["seat"] == 0
    deadline = time.time() + 60
    while time.time() < deadline:
        job = client.get(f"/api/tables/{tid}/analysis", headers=auth(token)).json()
        if job["status"] in {"done", "failed"}:
            break
        time.sleep(0.1)
    assert job["status"] == "done", job
    analysis = job["analysis"]
    assert analysis["seat"] == 0 and analysis["decisions"] and "your play cost" in analysis["summary"]
    assert job["done"] == job["total"] == len(analysis["decisions"])


def test_hints_only_against_bots(client: TestClient) -> None:
    with_bot = create(client, "tacocat", seats=[{"kind": "me"}, {"kind": "bot", "bot": "easy"}])
    tid, token = str(with_bot["table_id"]), str(with_bot["token"])
    # The bot replaces its cards at the same time, so wait until the step stands still.
    deadline = time.time() + 30
    while client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["view"]["to_act"] != [0]:
        assert time.time() < deadline
        time.sleep(0.05)
    hint = client.get(f"/api/tables/{tid}/hint", headers=auth(token))
    assert hint.status_code == 200, hint.text
    data = hint.json()
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["view"]["legal_actions"]
    assert sorted(a["action"] for a in data["actions"]) == sorted(legal) and data["bot"] in legal
    assert all(0 <= a["win"] <= 1 for a in data["actions"])
    assert client.get(f"/api/tables/{tid}/hint", headers=auth(token)).json() == data  # the same hint again
    with_person = create(client, "tacocat")
    refused = client.get(f"/api/tables/{with_person['table_id']}/hint", headers=auth(with_person["token"]))
    assert refused.status_code == 403 and "bot" in refused.json()["detail"]
