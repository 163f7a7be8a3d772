"""The per-seat WebSocket: each seat is pushed its own view, never another's; spectators the public one."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import auth, create


def test_two_seats_each_receive_only_their_own_view(client: TestClient) -> None:
    table = create(client, reaction_seconds=60)
    tid = table["table_id"]
    tokens = [table["token"], table["invitations"][0]["token"]]  # type: ignore[index]
    with (
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws1,
        client.websocket_connect(f"/api/tables/{tid}/ws") as spectator,
    ):
        first = [ws0.receive_json(), ws1.receive_json(), spectator.receive_json()]
        hands = [first[0]["view"]["hand"], first[1]["view"]["hand"]]
        assert [m["seat"] for m in first] == [0, 1, None]
        assert first[2]["view"]["hand"] is None
        assert not set(hands[0]) & set(hands[1])

        played = client.post(
            f"/api/tables/{tid}/actions",
            headers=auth(tokens[0]),
            json={"step": 0, "action": f"play {hands[0][0]}"},
        )
        assert played.status_code == 200
        pushed = [ws0.receive_json(), ws1.receive_json(), spectator.receive_json()]
        assert all(m["view"]["step"] == 1 and m["window"]["seconds"] == 60 for m in pushed)
        assert pushed[0]["view"]["hand"] == hands[0][1:]
        assert pushed[1]["view"]["hand"] == hands[1]
        # Seat 1's cards are nowhere in what seat 0 was sent, and the other way round; the spectator
        # sees neither hand. (The toy's hands are the only place a still-hidden card appears.)
        for message in (*first[:1], pushed[0]):
            assert json.loads(json.dumps(message))["view"]["hand"] != hands[1]
            assert all(f"play {c}" not in json.dumps(message) for c in hands[1])
        for message in (first[1], pushed[1]):
            assert all(f"play {c}" not in json.dumps(message) for c in hands[0][1:])
        assert pushed[2]["view"]["hand"] is None and "legal_actions" in pushed[2]["view"]
        assert pushed[2]["view"]["legal_actions"] == []


def test_socket_refuses_wrong_token_and_unknown_table(client: TestClient) -> None:
    table = create(client)
    with (
        pytest.raises(WebSocketDisconnect) as wrong,
        client.websocket_connect(f"/api/tables/{table['table_id']}/ws?token=guess") as ws,
    ):
        ws.receive_json()
    assert wrong.value.code == 4403
    with pytest.raises(WebSocketDisconnect) as unknown, client.websocket_connect("/api/tables/000/ws") as ws:
        ws.receive_json()
    assert unknown.value.code == 4404
