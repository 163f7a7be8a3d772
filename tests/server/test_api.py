"""Every endpoint of the JSON API and every refusal it promises, on the toy game and a SQLite file."""

from __future__ import annotations

import json
import sqlite3

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create
from tests.support.polling import until


def _view(client: TestClient, table: dict[str, object], token: object = None) -> dict[str, object]:
    headers = auth(token) if token else {}
    response = client.get(f"/api/tables/{table['table_id']}/view", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, object] = response.json()
    return data


def _act(client: TestClient, table: dict[str, object], token: object, step: int, action: str) -> object:
    return client.post(
        f"/api/tables/{table['table_id']}/actions", headers=auth(token), json={"step": step, "action": action}
    )


def test_games_lists_every_game_with_presets_and_difficulties(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert "toy" in games
    assert games["toy"]["default_preset"] == "standard"
    assert games["toy"]["difficulties"]["easy"] == "random"
    assert games["toy"]["difficulties"]["expert"] == "expert:ms=1000"
    assert "heuristic" in games["toy"]["bots"]


def test_rules(client: TestClient) -> None:
    ok = client.get("/api/games/toy/rules")
    assert ok.status_code == 200 and "preset `standard`" in ok.json()["markdown"]
    assert client.get("/api/games/chess/rules").status_code == 404
    assert client.get("/api/games/toy/rules", params={"preset": "nope"}).status_code == 422


def test_openapi_describes_every_route(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    for path in (
        "/api/games",
        "/api/games/{game}/rules",
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/view",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/rematch",
        "/api/tables/{table_id}/replay",
    ):
        assert path in paths, path
    codes = set(paths["/api/tables/{table_id}/actions"]["post"]["responses"])
    assert {"200", "403", "404", "409", "422", "429"} <= codes


def test_create_refuses_what_cannot_be(client: TestClient) -> None:
    bad = [
        {"game": "chess", "seats": [{"kind": "me"}, {"kind": "bot"}]},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot"}], "options": {"colour": "red"}},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot"}], "options": {"players": 7}},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "me"}]},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "grandmaster"}]},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "robot"}]},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "oracle"}]},
        {"game": "toy", "seats": []},
        {"game": "toy", "seats": [{"kind": "me"}], "options": {"players": 2}},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot"}], "options": {"players": "/etc/passwd"}},
        {"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot"}], "options": {"players": "deck.toml"}},
    ]
    for body in bad:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 422, (body, response.text)
        assert response.json()["detail"]


def test_create_gives_tokens_and_invitation_links(client: TestClient, db_url: str) -> None:
    table = create(
        client, wait=True, seats=[{"kind": "me", "name": "Ann"}, {"kind": "invite"}, {"kind": "bot", "bot": "easy"}]
    )
    token = str(table["token"])
    invitation = table["invitations"][0]  # type: ignore[index]
    assert table["seat"] == 0 and len(token) >= 32  # 24 random bytes
    assert invitation["seat"] == 1 and f"#token={invitation['token']}" in invitation["url"]
    summary = client.get(f"/api/tables/{table['table_id']}").json()
    assert [s["kind"] for s in summary["seats"]] == ["human", "invite", "bot"]
    assert summary["waiting_for"] == [1] and summary["to_act"] == []  # the game begins when Guest 2 sits down
    assert summary["seats"][0]["name"] == "Ann" and summary["seats"][2]["bot"] == "random"
    # Only hashes are stored, and nothing public carries a hash or the seed.
    raw = sqlite3.connect(db_url.removeprefix("sqlite:///")).execute("select token_hash from seats").fetchall()
    assert all(token not in str(row) for row in raw)
    assert "token_hash" not in json.dumps(summary) and "seed" not in json.dumps(summary)
    assert any(t["id"] == table["table_id"] for t in client.get("/api/tables").json())


def test_views_private_public_and_refused(client: TestClient) -> None:
    table = create(client)
    mine = _view(client, table, table["token"])
    theirs = _view(client, table, table["invitations"][0]["token"])  # type: ignore[index]
    spectator = _view(client, table)
    assert mine["seat"] == 0 and theirs["seat"] == 1 and spectator["seat"] is None
    assert mine["view"]["hand"] != theirs["view"]["hand"]  # type: ignore[index]
    assert spectator["view"]["hand"] is None  # type: ignore[index]
    for card in theirs["view"]["hand"]:  # type: ignore[index]
        assert f"play {card}" not in json.dumps(mine)
    assert client.get(f"/api/tables/{table['table_id']}/view", headers=auth("guess")).status_code == 403
    assert client.get("/api/tables/000/view").status_code == 404


def test_action_accepted_and_every_refusal_leaves_the_game_unchanged(client: TestClient) -> None:
    # No move clock (its seconds left would differ between two snapshots): a private table.
    table = create(client, reaction_seconds=60, turn_seconds="none", private=True)
    token, other = table["token"], table["invitations"][0]["token"]  # type: ignore[index]
    before = _view(client, table, token)
    hand = before["view"]["hand"]  # type: ignore[index]
    not_mine = next(c for c in range(1, 10) if c not in hand)
    refusals = [
        (_act(client, table, "wrong", 0, f"play {hand[0]}"), 403),
        (
            client.post("/api/tables/000/actions", headers=auth(token), json={"step": 0, "action": "pass"}),
            404,
        ),
        (_act(client, table, token, 5, f"play {hand[0]}"), 409),
        (_act(client, table, token, 0, f"play {not_mine}"), 422),
        (_act(client, table, token, 0, "fly away"), 422),
        (_act(client, table, other, 0, "pass"), 422),
        (
            client.post(f"/api/tables/{table['table_id']}/actions", headers=auth(token), json={"action": "pass"}),
            422,
        ),
        (client.post(f"/api/tables/{table['table_id']}/actions", headers=auth(token), content=b"{"), 422),
    ]
    for response, code in refusals:
        assert response.status_code == code, response.text  # type: ignore[attr-defined]
        assert response.json()["detail"]  # type: ignore[attr-defined]
        assert _view(client, table, token) == before
    stale = _act(client, table, token, 5, f"play {hand[0]}")
    assert stale.json()["step"] == 0  # type: ignore[attr-defined]
    assert "not seat 1's decision" in _act(client, table, other, 0, "pass").json()["detail"]  # type: ignore[attr-defined]

    played = _act(client, table, token, 0, f"play {hand[0]}")
    assert played.status_code == 200  # type: ignore[attr-defined]
    after = played.json()  # type: ignore[attr-defined]
    assert after["view"]["step"] == 1 and after["view"]["to_act"] == [0, 1]
    assert after["window"]["seconds"] == 60
    # The same step again is stale now.
    assert _act(client, table, token, 0, f"play {hand[1]}").status_code == 409  # type: ignore[attr-defined]


def test_simultaneous_passes_may_name_the_step_the_window_opened_on(client: TestClient) -> None:
    table = create(client, reaction_seconds=60)
    token, other = table["token"], table["invitations"][0]["token"]  # type: ignore[index]
    hand = _view(client, table, token)["view"]["hand"]  # type: ignore[index]
    _act(client, table, token, 0, f"play {hand[0]}")
    assert _act(client, table, token, 1, "pass").status_code == 200  # type: ignore[attr-defined]
    # Seat 1 chose on step 1 too; only seat 0's pass happened since, so it still counts.
    assert _act(client, table, other, 1, "pass").status_code == 200  # type: ignore[attr-defined]
    view = _view(client, table, token)["view"]
    assert view["scores"][0] == hand[0] and view["to_act"] == [1]  # type: ignore[index]


def test_a_nope_makes_older_passes_stale(client: TestClient) -> None:
    table = create(client, reaction_seconds=60)
    token, other = table["token"], table["invitations"][0]["token"]  # type: ignore[index]
    hand = _view(client, table, token)["view"]["hand"]  # type: ignore[index]
    _act(client, table, token, 0, f"play {hand[0]}")
    assert _act(client, table, other, 1, "nope").status_code == 200  # type: ignore[attr-defined]
    assert _act(client, table, token, 1, "pass").status_code == 409  # type: ignore[attr-defined]


def test_reaction_window_times_out_into_stored_passes(client: TestClient, db_url: str) -> None:
    table = create(client, reaction_seconds=0.3)
    token = table["token"]
    hand = _view(client, table, token)["view"]["hand"]  # type: ignore[index]
    _act(client, table, token, 0, f"play {hand[0]}")
    until(lambda: _view(client, table, token)["view"]["to_act"] == [1], 5, "the window to close")  # type: ignore[index]
    assert _view(client, table, token)["view"]["scores"][0] == hand[0]  # type: ignore[index]
    rows = (
        sqlite3.connect(db_url.removeprefix("sqlite:///"))
        .execute("select step, seat, text, timed_out from actions order by step")
        .fetchall()
    )
    assert rows == [(0, 0, f"play {hand[0]}", 0), (1, 0, "pass", 0), (2, 1, "pass", 0)]  # silent: not timeouts


def test_bots_play_their_seats_to_the_end(client: TestClient) -> None:
    table = create(client, seats=[{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "normal"}, {"kind": "bot"}])
    summary = until(
        lambda: (s := client.get(f"/api/tables/{table['table_id']}").json())["status"] == "over" and s, 20, "the end"
    )
    assert summary["outcome"]["winners"]


def test_turn_timer_lets_a_bot_play_for_an_absent_player(client: TestClient) -> None:
    table = create(client, seats=[{"kind": "invite"}, {"kind": "me"}], turn_seconds=1)
    until(lambda: client.get(f"/api/tables/{table['table_id']}").json()["step"] >= 1, 5, "the bot's move")


def test_join_names_a_seat(client: TestClient) -> None:
    table = create(client)
    invite = table["invitations"][0]["token"]  # type: ignore[index]
    response = client.post(f"/api/tables/{table['table_id']}/join", headers=auth(invite), json={"name": "Bo"})
    assert response.json()["seat"] == 1 and response.json()["token"] not in (None, invite)
    seat = client.get(f"/api/tables/{table['table_id']}").json()["seats"][1]
    assert seat == {
        "seat": 1,
        "kind": "human",
        "name": "Bo",
        "joined": True,
        "bot": None,
        "auto": False,
        "shown": "Bo",
        "more_time": False,
    }
    assert client.post(f"/api/tables/{table['table_id']}/join", headers=auth("x"), json={}).status_code == 403


def _finish(client: TestClient, table: dict[str, object], tokens: list[object]) -> None:
    for _ in range(200):
        for seat, token in enumerate(tokens):
            view = _view(client, table, token)["view"]
            if view["is_over"]:  # type: ignore[index]
                return
            if seat in view["to_act"]:  # type: ignore[index]
                legal = view["legal_actions"]  # type: ignore[index]
                choice = "pass" if "pass" in legal else legal[0]
                assert _act(client, table, token, view["step"], choice).status_code == 200  # type: ignore[arg-type, attr-defined]
    raise AssertionError("the game did not end")


def test_rematch_and_replay_of_a_finished_game(client: TestClient) -> None:
    table = create(client, reaction_seconds=60)
    tokens = [table["token"], table["invitations"][0]["token"]]  # type: ignore[index]
    tid = table["table_id"]
    assert client.get(f"/api/tables/{tid}/replay").status_code == 409
    assert client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[0])).status_code == 422
    _finish(client, table, tokens)
    first = client.get(f"/api/tables/{tid}/replay", params={"step": 0}).json()
    assert first["step"] == 0 and first["view"]["step"] == 0 and first["view"]["hand"] is None
    last = client.get(f"/api/tables/{tid}/replay", params={"step": 999}, headers=auth(tokens[1])).json()
    assert last["view"]["is_over"] and last["seat"] == 1 and last["step"] == last["steps"]
    assert client.get(f"/api/tables/{tid}/replay", headers=auth("x")).status_code == 403

    assert client.post(f"/api/tables/{tid}/rematch", headers=auth("x")).status_code == 403
    second = client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[1])).json()
    new = second["table_id"]
    first = client.post(f"/api/tables/{tid}/rematch", headers=auth(tokens[0])).json()
    assert first["table_id"] == new
    assert client.get(f"/api/tables/{tid}").json()["rematch_id"] == new
    # Each player gets a fresh secret for their own seat at the new table (see test_links.py).
    assert _view(client, {"table_id": new}, second["token"])["seat"] == 1
    assert _view(client, {"table_id": new}, first["token"])["seat"] == 0


def test_rate_limit_per_token(db_url: str) -> None:
    from cardroom.server.edge.app import create_app

    with TestClient(create_app(db_url, bot_delay=0.0, rate=1.0, burst=5)) as limited:
        table = create(limited)
        codes = [
            limited.get(f"/api/tables/{table['table_id']}/view", headers=auth(table["token"])).status_code
            for _ in range(8)
        ]
        assert codes[:5] == [200] * 5 and codes[-1] == 429
        # Another token has its own allowance.
        other = table["invitations"][0]["token"]  # type: ignore[index]
        assert limited.get(f"/api/tables/{table['table_id']}/view", headers=auth(other)).status_code == 200
