"""Table chat: stored with the table, seen by seats and spectators, plain text, capped, rate-limited."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import auth, create


def _say(client: TestClient, tid: str, token: str | None, text: str) -> int:
    headers = auth(token) if token else {}
    return client.post(f"/api/tables/{tid}/chat", headers=headers, json={"text": text}).status_code


def test_chat_is_stored_shown_to_everyone_and_kept_plain(client: TestClient) -> None:
    table: dict[str, Any] = create(client)
    tid, token = table["table_id"], table["token"]
    assert _say(client, tid, token, "  <b>hello</b>\x07 there  ") == 204
    for viewer in (token, table["invitations"][0]["token"], None):
        headers = auth(viewer) if viewer else {}
        chat = client.get(f"/api/tables/{tid}/view", headers=headers).json()["chat"]
        assert [(m["seat"], m["text"]) for m in chat] == [(0, "<b>hello</b>  there")]
        assert chat[0]["name"] == "Player 1"


def test_chat_refuses_spectators_empty_and_long_messages_and_floods(client: TestClient) -> None:
    table: dict[str, Any] = create(client)
    tid, token = table["table_id"], table["token"]
    assert _say(client, tid, None, "hi") == 403
    assert _say(client, tid, token, "   ") == 422
    long = client.post(f"/api/tables/{tid}/chat", headers=auth(token), json={"text": "x" * 301})
    assert long.status_code == 422 and "at most 300" in long.json()["detail"]
    huge = client.post(f"/api/tables/{tid}/chat", headers=auth(token), json={"text": "x" * 5000})
    assert huge.status_code == 422 and "at most 300 characters; this one has 5000" in huge.json()["detail"]
    codes = [_say(client, tid, token, f"message {i}") for i in range(14)]
    assert codes[:10] == [204] * 10 and 429 in codes[10:]  # a burst of ten goes through
    assert len(client.get(f"/api/tables/{tid}/view").json()["chat"]) == codes.count(204)
