"""Two server processes on one PostgreSQL answer each request as soon as they stored it, so a person's
next request can reach the other process before that process has heard about the change. A real
server process here holds a table while the change is written to the database by another client
without the notification (the moment before it arrives): a seat's new token and the game's end. The
server reads the table again before refusing the token (on every route that takes one, and the
table's socket) or the rematch, instead of answering 403 or "the game is not over yet"; a token
nobody stored is still refused."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterator

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

from tests.server.postgres import Postgres, throwaway
from tests.server.process import ServerProcess, free_port


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway() as server:
        yield server


@pytest.fixture(scope="module")
def server(postgres: Postgres) -> Iterator[ServerProcess]:
    process = ServerProcess(free_port(), postgres.url).start()
    yield process
    process.stop()


def _held_table(server: ServerProcess) -> tuple[str, list[str]]:
    """A Tacocat table of two people, created and looked at on ``server`` (so it holds it)."""
    made = httpx.post(
        f"{server.url}/api/tables", json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    tokens = [body["token"], body["invitations"][0]["token"]]
    for token in tokens:
        looked = httpx.get(
            f"{server.url}/api/tables/{body['table_id']}/view", headers={"Authorization": f"Bearer {token}"}
        )
        assert looked.status_code == 200, looked.text
    return body["table_id"], tokens


def _unheard(postgres: Postgres, statements: list[tuple[str, tuple[object, ...]]]) -> None:
    """Write to the database as another process would, but without its notification."""
    with psycopg.connect(postgres.url) as conn:
        for sql, params in statements:
            conn.execute(sql, params)


def test_a_token_stored_by_another_process_opens_its_seat_at_once(postgres: Postgres, server: ServerProcess) -> None:
    table_id, _ = _held_table(server)
    fresh = secrets.token_urlsafe(24)  # as a seat handed to another browser elsewhere
    _unheard(postgres, [("UPDATE seats SET token_hash = %s WHERE table_id = %s AND seat = 0",
                         (hashlib.sha256(fresh.encode()).hexdigest(), table_id))])  # fmt: skip
    sent = httpx.post(f"{server.url}/api/tables/{table_id}/actions", headers={"Authorization": f"Bearer {fresh}"},
                      json={"step": 0, "action": "keep 3"})  # fmt: skip
    assert sent.status_code in (200, 422), sent.text  # the seat is opened: then judged as a move
    assert sent.status_code == 200 or "keep" in sent.json()["detail"], sent.text
    nobody = httpx.post(f"{server.url}/api/tables/{table_id}/actions",
                        headers={"Authorization": f"Bearer {secrets.token_urlsafe(24)}"}, json={"step": 0, "action": "keep 3"})  # fmt: skip
    assert nobody.status_code == 403 and nobody.json()["detail"] == "this token opens no seat at this table"


def _handed_elsewhere(postgres: Postgres, table_id: str, seat: int) -> str:
    """A fresh token for ``seat``, stored as the process that handed the seat on would, unheard."""
    fresh = secrets.token_urlsafe(24)
    _unheard(postgres, [("UPDATE seats SET token_hash = %s WHERE table_id = %s AND seat = %s",
                         (hashlib.sha256(fresh.encode()).hexdigest(), table_id, seat))])  # fmt: skip
    return fresh


def test_every_route_that_takes_a_token_opens_a_seat_handed_out_elsewhere(
    postgres: Postgres, server: ServerProcess
) -> None:
    base = server.url + "/api/tables/"
    table_id, _ = _held_table(server)
    view = httpx.get(
        base + table_id + "/view", headers={"Authorization": f"Bearer {_handed_elsewhere(postgres, table_id, 1)}"}
    )
    assert view.status_code == 200 and view.json()["seat"] == 1, view.text
    with connect(
        f"{server.url.replace('http', 'ws')}/api/tables/{table_id}/ws?token={_handed_elsewhere(postgres, table_id, 0)}"
    ) as socket:
        assert json.loads(socket.recv(timeout=10))["seat"] == 0
    said = httpx.post(base + table_id + "/chat", headers={"Authorization": f"Bearer {_handed_elsewhere(postgres, table_id, 1)}"},
                      json={"text": "hello"})  # fmt: skip
    assert said.status_code == 204, said.text
    handed = httpx.post(
        base + table_id + "/handoff", headers={"Authorization": f"Bearer {_handed_elsewhere(postgres, table_id, 0)}"}
    )
    assert handed.status_code in (200, 201), handed.text
    conceded = httpx.post(
        base + table_id + "/concede", headers={"Authorization": f"Bearer {_handed_elsewhere(postgres, table_id, 1)}"}
    )
    assert conceded.status_code == 200 and conceded.json()["seat"] == 1, conceded.text
    # A token no process stored is refused everywhere, after the second look.
    stranger = {"Authorization": f"Bearer {secrets.token_urlsafe(24)}"}
    assert httpx.get(base + table_id + "/view", headers=stranger).status_code == 403
    assert httpx.post(base + table_id + "/chat", headers=stranger, json={"text": "hi"}).status_code == 403
    assert httpx.post(base + table_id + "/concede", headers=stranger).status_code == 403


def test_a_game_ended_by_another_process_can_be_rematched_at_once(postgres: Postgres, server: ServerProcess) -> None:
    table_id, tokens = _held_table(server)
    _unheard(postgres, [  # seat 0 conceded elsewhere: the table is over
        ("UPDATE tables SET status = 'over' WHERE id = %s", (table_id,)),
        ("INSERT INTO concessions (table_id, seat, step, created) VALUES (%s, 0, 0, now())", (table_id,)),
    ])  # fmt: skip
    claimed = httpx.post(
        f"{server.url}/api/tables/{table_id}/rematch", headers={"Authorization": f"Bearer {tokens[1]}"}
    )
    assert claimed.status_code == 200, claimed.text
    new_id = claimed.json()["table_id"]
    assert new_id != table_id
    view = httpx.get(
        f"{server.url}/api/tables/{new_id}/view", headers={"Authorization": f"Bearer {claimed.json()['token']}"}
    )
    assert view.status_code == 200 and view.json()["seat"] == 1
