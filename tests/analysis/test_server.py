"""The analysis and hints over HTTP: only your own seat, only when the game is over, hints only
against bots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.server.conftest import auth, create
from tests.support.polling import until
from tests.support.seat_play import last, play_seats


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # A generous rate limit: the test plays a whole game through the API as fast as it can.
    with TestClient(
        create_app(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}", bot_delay=0.0, rate=1000, burst=1000)
    ) as c:
        yield c


QUICK = {"precision": 50, "max_worlds": 8}


def test_analysis_of_your_own_seat_after_the_game(client: TestClient) -> None:
    table = create(client, "tacocat", seats=[{"kind": "me"}, {"kind": "bot", "bot": "easy"}])
    tid, token = str(table["table_id"]), str(table["token"])
    early = client.post(f"/api/tables/{tid}/analysis", headers=auth(token), json=QUICK)
    assert early.status_code == 409 and "over" in early.json()["detail"]
    play_seats(client, tid, {0: token}, choose=last)
    assert client.post(f"/api/tables/{tid}/analysis", json=QUICK).status_code == 403  # a spectator
    assert client.get(f"/api/tables/{tid}/analysis", headers=auth(token)).status_code == 404  # not started
    bad = client.post(f"/api/tables/{tid}/analysis", headers=auth(token), json={"precision": 0})
    assert bad.status_code == 422 and "precision" in bad.json()["detail"]
    started = client.post(f"/api/tables/{tid}/analysis", headers=auth(token), json=QUICK).json()
    assert started["status"] in {"queued", "running", "done"} and started["seat"] == 0
    job = until(lambda: (j := client.get(f"/api/tables/{tid}/analysis", headers=auth(token)).json())["status"]
                in {"done", "failed"} and j, 60, "the analysis", every=0.1)  # fmt: skip
    assert job["status"] == "done", job
    analysis = job["analysis"]
    assert analysis["seat"] == 0 and analysis["decisions"] and "Your accuracy" in analysis["summary"]
    assert job["done"] == job["total"] == len(analysis["decisions"])
    # Against a bot only, the oracle line comes along: labelled, one point a decision and the result.
    assert "hidden cards" in analysis["oracle"]["label"]
    assert len(analysis["oracle"]["timeline"]) == len(analysis["decisions"]) + 1
    assert analysis["oracle"]["timeline"][-1] == [analysis["steps"], analysis["result"]]


def test_hints_only_against_bots(client: TestClient) -> None:
    with_bot = create(client, "tacocat", seats=[{"kind": "me"}, {"kind": "bot", "bot": "easy"}])
    tid, token = str(with_bot["table_id"]), str(with_bot["token"])
    # The bot replaces its cards at the same time, so wait until the step stands still.
    until(lambda: client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["view"]["to_act"] == [0])
    hint = client.get(f"/api/tables/{tid}/hint", headers=auth(token))
    assert hint.status_code == 200, hint.text
    data = hint.json()
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["view"]["legal_actions"]
    assert sorted(a["action"] for a in data["actions"]) == sorted(legal) and data["bot"] in legal
    assert all(0 <= a["win"] <= 1 for a in data["actions"])
    assert client.get(f"/api/tables/{tid}/hint", headers=auth(token)).json() == data  # the same hint again
    with_person = create(client, "tacocat")
    assert client.get(f"/api/tables/{with_person['table_id']}").json()["hints"] is False
    refused = client.get(f"/api/tables/{with_person['table_id']}/hint", headers=auth(with_person["token"]))
    assert refused.status_code == 403 and "hints are off at this table" in refused.json()["detail"]
    assert "bot" in refused.json()["detail"] and "creator" in refused.json()["detail"]
    german = client.get(
        f"/api/tables/{with_person['table_id']}/hint",
        headers={**auth(with_person["token"]), "Accept-Language": "de"},
    )
    assert german.status_code == 403 and german.json()["detail"].startswith("Tipps sind an diesem Tisch aus")


def _my_decision(client: TestClient, tid: str, token: str) -> dict[str, Any]:
    view: dict[str, Any] = until(
        lambda: (
            len((v := client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["view"])["legal_actions"]) > 1
            and v
        ),
        30,
        "a decision of ours",
    )
    return view


def test_hints_for_everyone_when_the_creator_turns_them_on(client: TestClient) -> None:
    table = create(client, "tacocat", hints=True)  # me and an invited person
    tid, token = str(table["table_id"]), str(table["token"])
    guest = table["invitations"][0]["token"]  # type: ignore[index]
    # Everyone sees that hints are on: the public summary, the listing, a spectator's snapshot.
    assert client.get(f"/api/tables/{tid}").json()["hints"] is True
    assert next(t for t in client.get("/api/tables").json() if t["id"] == tid)["hints"] is True
    assert client.get(f"/api/tables/{tid}/view").json()["table"]["hints"] is True
    assert client.get(f"/api/tables/{tid}/hint").status_code == 403  # a spectator has no seat to ask for
    # Tacocat's replacement is simultaneous: both seats decide, each may ask from its own view.
    for seat_token in (token, guest):
        view = _my_decision(client, tid, seat_token)
        hint = client.get(f"/api/tables/{tid}/hint", headers=auth(seat_token))
        assert hint.status_code == 200, hint.text
        data = hint.json()
        assert data["step"] == view["step"]
        assert sorted(a["action"] for a in data["actions"]) == sorted(view["legal_actions"])
        assert data["engine"] == "kernel" and data["bot"] in view["legal_actions"]
    # A table made without the option, same seats: no hints for anyone.
    plain = create(client, "tacocat", hints=False)
    assert client.get(f"/api/tables/{plain['table_id']}/hint", headers=auth(plain["token"])).status_code == 403
    # The rematch keeps the creator's choice.
    client.post(f"/api/tables/{tid}/concede", headers=auth(token))
    rematch = client.post(f"/api/tables/{tid}/rematch", headers=auth(token))
    assert rematch.status_code == 200, rematch.text
    assert client.get(f"/api/tables/{rematch.json()['table_id']}").json()["hints"] is True
