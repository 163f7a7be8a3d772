"""The bounds the server sets on what visitors send: bot budgets, worker threads, files, body sizes,
text the database cannot store, file permissions, socket counts, idle tables."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import stat
import threading
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardroom.bots.specs import answers_at_once, register_bot
from cardroom.core.game import Game
from cardroom.server.edge.app import create_app
from tests.server.conftest import auth, create

# A bot that thinks until the test lets it go: it holds a worker thread as a long search would.
RELEASE = threading.Event()


class Blocker:
    name = "blocker"

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        RELEASE.wait(60)
        return str(view["legal_actions"][0])


register_bot("blocker", lambda game, params: Blocker(), answers_at_once)


def _tacocat(client: TestClient, bot: str) -> Any:
    return client.post("/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "bot", "bot": bot}]})


def test_bot_budgets_are_bounded_by_the_server(client: TestClient) -> None:
    for spec in (
        "ismcts:ms=inf",
        "ismcts:ms=1e12",
        "ismcts:ms=nan",
        "ismcts:iterations=1000000000",
        "ismcts:ms=0",
    ):
        response = _tacocat(client, spec)
        assert response.status_code == 422, (spec, response.text)
        assert "ms" in response.json()["detail"] or "iterations" in response.json()["detail"]
    detail = _tacocat(client, "ismcts:ms=60000").json()["detail"]
    assert "1 to 4000" in detail  # the refusal says what is allowed
    # An iteration budget alone says nothing about time: the server adds its own time bound.
    made = _tacocat(client, "ismcts:iterations=200")
    assert made.status_code == 201, made.text
    seats = client.get(f"/api/tables/{made.json()['table_id']}").json()["seats"]
    assert seats[1]["bot"] == "ismcts:iterations=200,ms=4000"


@pytest.fixture
def blocked() -> Iterator[None]:
    RELEASE.clear()
    try:
        yield
    finally:
        RELEASE.set()


@pytest.fixture
def roomy(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0.0, tables_per_minute=1000)) as c:
        yield c


def test_thinking_bots_never_starve_database_writes(roomy: TestClient, blocked: None) -> None:
    client = roomy
    # More thinking bots than any default worker pool has threads (at most 32).
    for _ in range(40):
        create(client, seats=[{"kind": "bot", "bot": "blocker"}, {"kind": "invite"}], reaction_seconds=60)
    table = create(client, reaction_seconds=60)
    hand = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(table["token"])).json()["view"]["hand"]
    with ThreadPoolExecutor(1) as pool:
        move = pool.submit(
            client.post,
            f"/api/tables/{table['table_id']}/actions",
            headers=auth(table["token"]),
            json={"step": 0, "action": f"play {hand[0]}"},
        )
        # While every bot is still stuck thinking, a person's move is stored and answered.
        response = move.result(timeout=30)
        assert not RELEASE.is_set()
    assert response.status_code == 200, response.text
    assert response.json()["table"]["step"] == 1


def test_deck_option_never_opens_a_visitors_file(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mydeck").write_bytes(b"\xff\xfe not utf-8 \x00")
    details = []
    for name in ("mydeck", "nosuchdeck", "deck", "../deck"):
        response = client.post(
            "/api/tables",
            json={"game": "taco", "seats": [{"kind": "me"}, {"kind": "bot"}], "options": {"deck": name}},
        )
        assert response.status_code == 422, (name, response.text)
        details.append(response.json()["detail"])
    # The answer is the same whether or not the file exists.
    assert details[0] == details[1] == details[2] == details[3]
    assert all(f"'{name}'" in details[0] for name in ("v1", "v2", "standard"))
    for shipped in ("v1", "v2", "standard"):  # the decks that ship with the game, by name
        ok = client.post(
            "/api/tables",
            json={"game": "taco", "seats": [{"kind": "me"}, {"kind": "bot"}], "options": {"deck": shipped}},
        )
        assert ok.status_code == 201, ok.text


def test_huge_bodies_are_refused_before_parsing_and_errors_stay_short(client: TestClient) -> None:
    huge = json.dumps({"game": "toy", "seats": [{"kind": "me"}], "preset": "x" * 200_000})
    response = client.post("/api/tables", content=huge, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert "64 KiB" in response.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it arrives
        for _ in range(100):
            yield b" " * 4096

    response = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413
    # Within the limit, a long bad value is not echoed back whole.
    long_name = "o" * 50_000
    response = client.post(
        "/api/tables",
        json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot"}], "options": {long_name: 1}},
    )
    assert response.status_code == 422
    assert len(response.json()["detail"]) <= 300


def test_text_no_database_can_store_is_refused_alike(client: TestClient) -> None:
    bad_seats = [
        [{"kind": "me", "name": "Ann\x00"}, {"kind": "bot"}],
        [{"kind": "me", "name": "\ud800"}, {"kind": "bot"}],
        [{"kind": "me"}, {"kind": "bot", "bot": "random:" + "x=1," * 60 + "y=2"}],
    ]
    for seats in bad_seats:
        body = json.dumps({"game": "toy", "seats": seats})  # ASCII escapes: a lone surrogate as \ud800
        response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert response.status_code == 422, (seats, response.text)
    table = create(client)
    joined = client.post(f"/api/tables/{table['table_id']}/join", headers=auth(table["token"]), json={"name": "a\x00b"})
    assert joined.status_code == 422
    assert client.get("/api/tables/ab%00cd").status_code == 404
    assert client.get("/api/tables/" + "a" * 40).status_code == 404


def test_the_sqlite_file_is_private(db_url: str, client: TestClient) -> None:
    create(client)
    path = db_url.removeprefix("sqlite:///")
    for name in (path, path + "-wal"):
        if os.path.exists(name):
            assert stat.S_IMODE(os.stat(name).st_mode) & 0o077 == 0, name


def test_spectator_sockets_are_capped_per_table(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.0, spectators_per_table=2)) as client:
        table = create(client, reaction_seconds=60)
        tid = table["table_id"]
        with (
            client.websocket_connect(f"/api/tables/{tid}/ws") as one,
            client.websocket_connect(f"/api/tables/{tid}/ws") as two,
        ):
            one.receive_json()
            two.receive_json()
            with (
                pytest.raises(WebSocketDisconnect) as refused,
                client.websocket_connect(f"/api/tables/{tid}/ws") as third,
            ):
                third.receive_json()  # accepted, then closed with the reason
            assert refused.value.code == 4429
            assert refused.value.reason == "at most 2 spectators per table"
            # Seats still get in, and another table's spectators too.
            with client.websocket_connect(f"/api/tables/{tid}/ws?token={table['token']}") as seat:
                assert seat.receive_json()["seat"] == 0
            other = create(client, reaction_seconds=60)["table_id"]
            with client.websocket_connect(f"/api/tables/{other}/ws") as elsewhere:
                assert elsewhere.receive_json()["seat"] is None


def test_idle_unfinished_tables_expire(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.0)) as client:
        idle = create(client, reaction_seconds=60)
        fresh = create(client, reaction_seconds=60)
    old = (datetime.now(UTC) - timedelta(days=15)).replace(tzinfo=None).isoformat(sep=" ")
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as conn:
        conn.execute("update tables set created = ? where id = ?", (old, idle["table_id"]))
    with TestClient(create_app(db_url, bot_delay=0.0, expire_after=timedelta(days=14))) as client:
        summary = client.get(f"/api/tables/{idle['table_id']}").json()
        assert summary["status"] == "expired"
        hand = client.get(f"/api/tables/{idle['table_id']}/view", headers=auth(idle["token"])).json()["view"]["hand"]
        refused = client.post(
            f"/api/tables/{idle['table_id']}/actions",
            headers=auth(idle["token"]),
            json={"step": 0, "action": f"play {hand[0]}"},
        )
        assert refused.status_code == 422 and "expired" in refused.json()["detail"]
        assert client.get(f"/api/tables/{fresh['table_id']}").json()["status"] == "playing"


def test_table_creation_is_limited_per_address(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0.0, tables_per_minute=3)) as client:
        made = [
            client.post("/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot"}]})
            for _ in range(4)
        ]
        assert [r.status_code for r in made] == [201, 201, 201, 429]
        assert "too many" in made[3].json()["detail"]
    # Counted in the database: another process on it (here, a new app) refuses this address too.
    with TestClient(create_app(db_url, bot_delay=0.0, tables_per_minute=3)) as other:
        again = other.post("/api/tables", json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "bot"}]})
        assert again.status_code == 429
