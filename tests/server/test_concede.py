"""Conceding: a seat's owner gives up, the table ends there and the other seat wins; stored for good,
shown to everyone (log, outcome, replay), refused where it is not offered."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from tests.server.conftest import auth, create


def _two(client: TestClient) -> tuple[str, list[str]]:
    table: dict[str, Any] = create(client)
    return table["table_id"], [table["token"], table["invitations"][0]["token"]]


def test_a_concession_ends_the_table_and_the_other_seat_wins(client: TestClient, db_url: str) -> None:
    tid, tokens = _two(client)
    hand = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).json()["view"]["hand"]
    client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[0]), json={"step": 0, "action": f"play {hand[0]}"})
    step = client.get(f"/api/tables/{tid}").json()["step"]

    response = client.post(f"/api/tables/{tid}/concede", headers=auth(tokens[1]))
    assert response.status_code == 200, response.text
    mine = response.json()
    assert mine["view"]["is_over"] and mine["view"]["legal_actions"] == [] and mine["view"]["to_act"] == []
    assert mine["view"]["outcome"]["winners"] == [0] and mine["view"]["outcome"]["ranking"] == [[0], [1]]
    assert mine["log"][-1] == {"kind": "concede", "text": "Guest 2 conceded", "seat": 1}  # by name

    spectator = client.get(f"/api/tables/{tid}/view").json()
    assert spectator["table"]["status"] == "over" and spectator["table"]["to_act"] == []
    assert spectator["table"]["outcome"]["winners"] == [0] and spectator["log"][-1]["kind"] == "concede"
    assert spectator["table"]["step"] == step

    # Nothing more may be played, and nobody concedes twice.
    refused = client.post(f"/api/tables/{tid}/actions", headers=auth(tokens[0]), json={"step": step, "action": "pass"})
    assert refused.status_code == 422 and "conceded" in refused.json()["detail"]
    again = client.post(f"/api/tables/{tid}/concede", headers=auth(tokens[0]))
    assert again.status_code == 422 and "over" in again.json()["detail"]

    # The replay ends with the concession; earlier steps do not show it.
    last = client.get(f"/api/tables/{tid}/replay", params={"step": step}).json()
    assert last["log"][-1]["kind"] == "concede" and last["view"]["outcome"]["winners"] == [0]
    first = client.get(f"/api/tables/{tid}/replay", params={"step": 0}).json()
    assert all(e["kind"] != "concede" for e in first["log"]) and not first["view"]["is_over"]

    # Stored for good: a fresh server process reads the same outcome.
    with TestClient(create_app(db_url, bot_delay=0.0)) as fresh:
        after = fresh.get(f"/api/tables/{tid}/view").json()
        assert after["table"]["outcome"] == spectator["table"]["outcome"] and after["log"] == spectator["log"]


def test_only_a_seat_concedes_and_only_at_a_two_player_table(client: TestClient) -> None:
    tid, _ = _two(client)
    assert client.post(f"/api/tables/{tid}/concede").status_code == 403
    assert client.post(f"/api/tables/{tid}/concede", headers=auth("not-a-token")).status_code == 403
    three: dict[str, Any] = create(client, seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}])
    response = client.post(f"/api/tables/{three['table_id']}/concede", headers=auth(three["token"]))
    assert response.status_code == 422 and "no rule for a seat leaving" in response.json()["detail"]
    assert client.get(f"/api/tables/{three['table_id']}").json()["status"] == "playing"
