"""Absent players (docs/server.md, "Absent players"): every table with people has a move clock by
default; a seat that runs out of time several times in a row, or has no socket open for a while, is
played by the room's bot and shown as "(auto)" to everyone, until its person acts or reconnects; a
table nobody has been connected to for a day ends as abandoned. Limits are shortened here."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from cardroom.server.room.absent import DEFAULT_TURN_SECONDS, AbsentLimits
from tests.server.conftest import auth, create, sit_down, until

TWO_PEOPLE = [{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Zed"}]


def _seats(client: TestClient, tid: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = client.get(f"/api/tables/{tid}").json()["seats"]
    return seats


def test_a_table_with_people_has_a_move_clock_unless_it_is_private(client: TestClient) -> None:
    assert create(client)["table_id"]
    summary = client.get(f"/api/tables/{create(client)['table_id']}").json()
    assert summary["turn_seconds"] == DEFAULT_TURN_SECONDS
    chosen = create(client, turn_seconds=30)
    assert client.get(f"/api/tables/{chosen['table_id']}").json()["turn_seconds"] == 30
    refused = client.post("/api/tables", json={"game": "toy", "seats": TWO_PEOPLE, "turn_seconds": "none"})
    assert refused.status_code == 422 and "private" in refused.json()["detail"]
    private = create(client, turn_seconds="none", private=True)
    assert client.get(f"/api/tables/{private['table_id']}").json()["turn_seconds"] is None
    bots = create(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    assert client.get(f"/api/tables/{bots['table_id']}").json()["turn_seconds"] is None
    bad = client.post("/api/tables", json={"game": "toy", "seats": TWO_PEOPLE, "turn_seconds": "never"})
    assert bad.status_code == 422


def test_a_seat_that_runs_out_of_time_twice_is_played_by_the_room_until_its_person_acts(db_url: str) -> None:
    limits = AbsentLimits(timeouts=2, away_after=3600, sweep_every=0.1)
    with TestClient(create_app(db_url, bot_delay=0.4, absent=limits)) as client:
        # Tacocat: no reaction windows, and no game ends within a few moves.
        table = client.post(
            "/api/tables",
            json={
                "game": "tacocat",
                "seats": [{"kind": "me", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
                "turn_seconds": 1,
            },
        ).json()
        tid, me = table["table_id"], auth(table["token"])
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={table['token']}") as ws:
            ws.receive_json()  # Ann is connected, but does not act: her clock runs out twice
            seats = until(lambda: (s := _seats(client, tid))[0]["auto"] and s)
            assert seats[0]["shown"] == "Ann (auto)" and seats[1]["auto"] is False
            spectator = client.get(f"/api/tables/{tid}/view").json()
            assert spectator["table"]["seats"][0]["shown"] == "Ann (auto)"
            # The room plays her seat now without waiting for her clock, and it is not a concession.
            step = spectator["view"]["step"]
            later = until(lambda: (v := client.get(f"/api/tables/{tid}/view").json())["view"]["step"] > step + 2 and v)
            assert "0" not in later["turn_deadlines"] and later["table"]["outcome"] is None
            assert all(e["kind"] != "concede" for e in later["log"])
        # Ann acts (whatever the step: even a stale move is hers): the seat is hers again.
        view = client.get(f"/api/tables/{tid}/view", headers=me).json()["view"]
        action = view["legal_actions"][0] if view["legal_actions"] else "done"
        client.post(f"/api/tables/{tid}/actions", headers=me, json={"step": view["step"], "action": action})
        assert _seats(client, tid)[0]["auto"] is False


def test_a_seat_without_a_socket_is_played_by_the_room_and_handed_back_when_it_reconnects(db_url: str) -> None:
    limits = AbsentLimits(away_after=0.5, sweep_every=0.1)
    with TestClient(create_app(db_url, bot_delay=0.3, absent=limits)) as client:
        table = client.post(
            "/api/tables",
            json={"game": "exploding-kittens", "seats": TWO_PEOPLE, "turn_seconds": 60, "reaction_seconds": 0.2},
        ).json()
        tid = table["table_id"]
        sit_down(client, table)  # Zed takes his seat with his invitation's token, then neither is seen again

        def all_auto() -> list[dict[str, Any]] | None:
            found = _seats(client, tid)
            return found if all(s["auto"] for s in found) else None

        seats = until(all_auto)
        assert [s["shown"] for s in seats] == ["Ann (auto)", "Zed (auto)"]
        until(lambda: client.get(f"/api/tables/{tid}").json()["step"] >= 2)  # the room plays both seats
        with client.websocket_connect(f"/api/tables/{tid}/ws?token={table['token']}") as ws:
            snapshot = ws.receive_json()
            while snapshot["table"]["seats"][0]["auto"]:
                snapshot = ws.receive_json()
            assert snapshot["table"]["seats"][1]["auto"] is True  # Zed is still away
            assert _seats(client, tid)[0]["shown"] == "Ann"
    # Stored: a restarted server still shows Zed's seat as played by the room.
    with TestClient(create_app(db_url, bot_delay=0.3, absent=AbsentLimits(away_after=3600))) as fresh:
        assert fresh.get(f"/api/tables/{tid}").json()["seats"][1]["auto"] is True


def test_a_table_nobody_is_connected_to_ends_as_abandoned_and_leaves_the_list(db_url: str) -> None:
    limits = AbsentLimits(away_after=3600, abandon_after=1.0, sweep_every=0.1)
    with TestClient(create_app(db_url, bot_delay=0.0, absent=limits)) as client:
        body = {"game": "exploding-kittens", "seats": TWO_PEOPLE, "turn_seconds": 60}
        empty, watched = client.post("/api/tables", json=body).json(), client.post("/api/tables", json=body).json()
        sit_down(client, empty)
        sit_down(client, watched)
        with client.websocket_connect(f"/api/tables/{watched['table_id']}/ws?token={watched['token']}") as ws:
            ws.receive_json()
            until(lambda: client.get(f"/api/tables/{empty['table_id']}").json()["status"] == "abandoned")
            listed = {t["id"] for t in client.get("/api/tables").json()}
            assert empty["table_id"] not in listed and watched["table_id"] in listed
            assert client.get(f"/api/tables/{watched['table_id']}").json()["status"] == "playing"
            step = client.get(f"/api/tables/{empty['table_id']}").json()["step"]
            refused = client.post(
                f"/api/tables/{empty['table_id']}/actions",
                headers=auth(empty["token"]),
                json={"step": step, "action": "draw"},
            )
            assert refused.status_code == 422 and "abandoned" in refused.json()["detail"]
