"""A table that waits for the people it invited (docs/server.md, "Waiting seats"): no clock, no bot, no
move and no card shown before everyone has sat down; a seated person may give a waiting seat to a bot
or cancel the table; a waiting table nobody follows ends and leaves the list."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from cardroom.server.room.absent import AbsentLimits
from tests.server.conftest import auth, until

FRIEND_AND_BOT = [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}, {"kind": "bot", "bot": "random"}]


def _new(client: TestClient, **body: Any) -> dict[str, Any]:
    made = client.post("/api/tables", json={"game": "toy", "seats": FRIEND_AND_BOT, "turn_seconds": 1, **body})
    assert made.status_code == 201, made.text
    created: dict[str, Any] = made.json()
    return created


def test_nothing_runs_or_shows_before_the_invited_friend_sits_down(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        table = _new(client)
        tid, ann = table["table_id"], auth(table["token"])
        time.sleep(1.5)  # longer than the move clock, and a bot of no delay would have played by now
        for viewer in (ann, {}):  # Ann, and a spectator: whom the table waits for, nothing to decide, no log
            snap = client.get(f"/api/tables/{tid}/view", headers=viewer).json()
            assert snap["table"]["waiting_for"] == [1] and snap["table"]["to_act"] == []
            assert snap["turn_deadlines"] == {} and snap["window"] is None and snap["log"] == []
            assert snap["view"]["to_act"] == [] and snap["view"]["legal_actions"] == [] and snap["view"]["step"] == 0
        refused = client.post(f"/api/tables/{tid}/actions", headers=ann, json={"step": 0, "action": "play 1"})
        assert refused.status_code == 422 and "waiting for Zed" in refused.json()["detail"]
        assert client.post(f"/api/tables/{tid}/concede", headers=ann).status_code == 422
        listed = {t["id"]: t for t in client.get("/api/tables").json()}
        assert listed[tid]["waiting_for"] == [1]
        # Zed opens his link: the game begins, with its clocks, for everyone.
        joined = client.post(
            f"/api/tables/{tid}/join", headers=auth(table["invitations"][0]["token"]), json={"name": "Zed"}
        )
        assert joined.status_code == 200 and joined.json()["token"]
        begun = client.get(f"/api/tables/{tid}/view", headers=ann).json()
        assert begun["table"]["waiting_for"] == [] and "hand" in begun["view"]
        assert begun["turn_deadlines"] or begun["window"]  # someone's clock runs now


def test_a_seated_person_fills_a_waiting_seat_with_a_bot_or_cancels(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        table = _new(client)
        tid, ann = table["table_id"], auth(table["token"])
        link = auth(table["invitations"][0]["token"])
        assert client.post(f"/api/tables/{tid}/fill", json={"seat": 1}).status_code == 403  # nobody's seat
        not_waiting = client.post(f"/api/tables/{tid}/fill", headers=ann, json={"seat": 2})
        assert not_waiting.status_code == 422 and "not waiting" in not_waiting.json()["detail"]
        filled = client.post(f"/api/tables/{tid}/fill", headers=ann, json={"seat": 1, "bot": "easy"})
        assert filled.status_code == 200, filled.text
        seat = filled.json()["seats"][1]
        assert seat["kind"] == "bot" and seat["bot"] == "random" and filled.json()["waiting_for"] == []
        assert client.post(f"/api/tables/{tid}/join", headers=link, json={}).status_code == 410  # the link is spent
        until(lambda: client.get(f"/api/tables/{tid}").json()["step"] > 0)  # the game began
        # A friend who plays through the API sits down with the first request their invitation's token
        # makes; a table whose game has begun cannot be cancelled.
        other = _new(client)
        oid, bea = other["table_id"], auth(other["token"])
        friend = auth(other["invitations"][0]["token"])
        assert client.post(f"/api/tables/{oid}/cancel", headers=friend).status_code == 422  # not seated yet
        assert client.get(f"/api/tables/{oid}/view", headers=friend).json()["table"]["waiting_for"] == []
        # Another table, cancelled before anyone came: closed, out of the list, nothing playable.
        third = _new(client)
        cancelled = client.post(f"/api/tables/{third['table_id']}/cancel", headers=auth(third["token"]))
        assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
        assert third["table_id"] not in {t["id"] for t in client.get("/api/tables").json()}
        move = client.post(
            f"/api/tables/{third['table_id']}/actions",
            headers=auth(third["token"]),
            json={"step": 0, "action": "play 1"},
        )
        assert move.status_code == 422 and "cancelled" in move.json()["detail"]
        assert client.post(f"/api/tables/{oid}/cancel", headers=bea).status_code == 422  # its game has begun


def test_a_waiting_table_nobody_follows_ends_and_leaves_the_list(db_url: str) -> None:
    limits = AbsentLimits(away_after=0.5, sweep_every=0.1)
    with TestClient(create_app(db_url, bot_delay=0.0, absent=limits)) as client:
        left, followed = _new(client), _new(client)
        with client.websocket_connect(f"/api/tables/{followed['table_id']}/ws?token={followed['token']}") as ws:
            ws.receive_json()
            until(lambda: client.get(f"/api/tables/{left['table_id']}").json()["status"] == "abandoned")
            listed = {t["id"] for t in client.get("/api/tables").json()}
            assert left["table_id"] not in listed and followed["table_id"] in listed
            summary = client.get(f"/api/tables/{followed['table_id']}").json()
            assert summary["status"] == "playing" and not any(
                s["auto"] for s in summary["seats"]
            )  # nobody stood in for Zed
