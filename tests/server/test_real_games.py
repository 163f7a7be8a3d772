"""The server with the real games: every game can be created, played by bots, and each seat is sent
its own view; Tacocat's simultaneous replacement accepts both choices named on the same step."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import auth, create

REAL = ["tacocat", "exploding-kittens", "taco"]


@pytest.mark.parametrize("game", REAL)
def test_each_game_has_rules_and_private_views(client: TestClient, game: str) -> None:
    table = create(client, game)
    tid = table["table_id"]
    rules = client.get(f"/api/games/{game}/rules").json()["markdown"]
    assert "## This table" in rules
    mine = client.get(f"/api/tables/{tid}/view", headers=auth(table["token"])).json()
    theirs = client.get(f"/api/tables/{tid}/view", headers=auth(table["invitations"][0]["token"])).json()  # type: ignore[index]
    spectator = client.get(f"/api/tables/{tid}/view").json()
    assert mine["view"]["hand"] and theirs["view"]["hand"]
    assert spectator["view"]["hand"] is None and spectator["view"]["legal_actions"] == []
    assert mine["view"]["seat"] == 0 and theirs["view"]["seat"] == 1
    # A spectator's log never holds an event the public may not see.
    assert len(spectator["log"]) <= min(len(mine["log"]), len(theirs["log"]))


@pytest.mark.parametrize("game", REAL)
def test_bots_play_each_game_to_the_end(client: TestClient, game: str) -> None:
    seats = [{"kind": "bot", "bot": "easy"}] * (2 if game == "tacocat" else 3)
    extra = {} if game == "tacocat" else {"options": {"players": 3}}
    table = create(client, game, seats=seats, reaction_seconds=0.2, **extra)
    deadline = time.time() + 60
    while time.time() < deadline:
        summary = client.get(f"/api/tables/{table['table_id']}").json()
        if summary["status"] == "over":
            break
        time.sleep(0.1)
    assert summary["status"] == "over", summary["step"]
    replay = client.get(f"/api/tables/{table['table_id']}/replay", params={"step": summary["step"]}).json()
    assert replay["view"]["outcome"] == summary["outcome"]


def test_tacocat_simultaneous_choices_on_one_step(client: TestClient) -> None:
    table = create(client, "tacocat")
    tid = table["table_id"]
    tokens = [table["token"], table["invitations"][0]["token"]]  # type: ignore[index]
    with (
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws1,
    ):
        first = [ws0.receive_json(), ws1.receive_json()]
        assert first[0]["view"]["to_act"] == [0, 1]
        # On the centre space each decides about each of its 7 cards in turn (keep or discard); all
        # but the last decision one after the other...
        hands = [first[0]["view"]["hand"], first[1]["view"]["hand"]]
        step = 0
        for seat in (0, 1):
            for card in hands[seat][:-1]:
                response = client.post(
                    f"/api/tables/{tid}/actions",
                    headers=auth(tokens[seat]),
                    json={"step": step, "action": f"keep {card}"},
                )
                assert response.status_code == 200, response.text
                step += 1
        # ...then both last decisions, each naming the same step.
        for seat in (0, 1):
            response = client.post(
                f"/api/tables/{tid}/actions",
                headers=auth(tokens[seat]),
                json={"step": step, "action": f"keep {hands[seat][-1]}"},
            )
            assert response.status_code == 200, response.text
        pushed = [ws0.receive_json(), ws1.receive_json()]
        while pushed[0]["view"]["step"] < 14:
            pushed[0] = ws0.receive_json()
        while pushed[1]["view"]["step"] < 14:
            pushed[1] = ws1.receive_json()
        assert pushed[0]["view"]["phase"] == "duel"
        # Each socket carries its own hand only.
        hands = [pushed[0]["view"]["hand"], pushed[1]["view"]["hand"]]
        assert pushed[0]["seat"] == 0 and pushed[1]["seat"] == 1
        if hands[0] != hands[1]:
            assert json.dumps({"hand": hands[1]})[1:-1] not in json.dumps(pushed[0])
        assert pushed[0]["view"]["opponent_hand_size"] == len(hands[1])


def test_a_one_seat_instants_window_closes_on_its_own(client: TestClient, db_url: str) -> None:
    """Two-player T.A.C.O. asks only the other seat in an Instants window: still a window, still timed."""
    import sqlite3

    table = create(client, "taco", seats=[{"kind": "me"}, {"kind": "bot", "bot": "easy"}], reaction_seconds=0.3)
    tid, headers = table["table_id"], auth(table["token"])
    deadline = time.time() + 60
    windows = 0
    while time.time() < deadline:
        response = client.get(f"/api/tables/{tid}/view", headers=headers)
        if response.status_code == 429:  # the per-token rate limit: a real client backs off too
            time.sleep(0.2)
            continue
        assert response.status_code == 200, response.text
        snap = response.json()
        view = snap["view"]
        if view["is_over"]:
            break
        if snap["window"] is not None:
            windows += 1  # never answered by us: the clock passes for us
        elif 0 in view["to_act"]:
            client.post(
                f"/api/tables/{tid}/actions",
                headers=headers,
                json={"step": view["step"], "action": view["legal_actions"][-1]},
            )
        time.sleep(0.03)
    assert view["is_over"] and windows > 0
    passes = dict(
        sqlite3.connect(db_url.removeprefix("sqlite:///"))
        .execute(
            "select timed_out, count(*) from actions where table_id = ? and text = 'pass' and seat = 0 group by timed_out",
            (tid,),
        )
        .fetchall()
    )
    assert passes.get(0, 0) > 0 and passes.get(1, 0) == 0  # our silent passes: ordinary play, not timeouts
