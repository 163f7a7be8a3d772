"""T.A.C.O.'s antics through the chat: a person hails the Taco Master by saying so at the table, not
with a button; a chat message that does not name the Taco Master is only a chat message."""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from fastapi.testclient import TestClient

from cardroom.core.registry import make
from tests.server.conftest import auth, create

SEED = 173  # with the walk below, seat 1 is asked to hail at step 2 (found by trying seeds)


def test_a_person_hails_through_the_chat(client: TestClient, db_url: str) -> None:
    # No move clock: reload() below runs outside the event loop, where a clock could not be stored.
    table: dict[str, Any] = create(
        client, game="taco", options={"antics": True}, reaction_seconds=60, turn_seconds="none", private=True
    )
    tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
    summary = client.get(f"/api/tables/{tid}").json()
    # A known deal: the seed is the server's secret, so the test writes one before the first move.
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        db.execute("update tables set seed = ? where id = ?", (SEED, tid))
    client.app.state.room.reload(tid)  # type: ignore[attr-defined]

    state = make("taco", preset=summary["preset"], **summary["options"]).new_game(SEED)
    rng = random.Random(SEED)
    while "hail" not in [str(a) for a in state.legal_actions(state.to_act[0])]:
        seat = state.to_act[0]
        choice = rng.choice([str(a) for a in state.legal_actions(seat)])
        response = client.post(
            f"/api/tables/{tid}/actions", headers=auth(tokens[seat]), json={"step": state.step, "action": choice}
        )
        assert response.status_code == 200, response.text
        state = state.apply(seat, choice)
    hailer = state.to_act[0]
    step = client.get(f"/api/tables/{tid}").json()["step"]
    assert step == state.step

    # No button: the action endpoint says where to hail.
    refused = client.post(
        f"/api/tables/{tid}/actions", headers=auth(tokens[hailer]), json={"step": step, "action": "hail"}
    )
    assert refused.status_code == 422 and "chat" in refused.json()["detail"]
    # Chat that does not hail is just chat.
    said = client.post(f"/api/tables/{tid}/chat", headers=auth(tokens[hailer]), json={"text": "hello"})
    assert said.status_code == 204 and client.get(f"/api/tables/{tid}").json()["step"] == step

    said = client.post(
        f"/api/tables/{tid}/chat",
        headers=auth(tokens[hailer]),
        json={"text": "You're the Taco   MASTER of the universe!"},
    )
    assert said.status_code == 204
    after = client.get(f"/api/tables/{tid}/view").json()
    assert after["table"]["step"] == step + 1
    assert any(e["kind"] == "hail" and e.get("seat") == hailer for e in after["log"])
    assert after["chat"][-1]["text"] == "You're the Taco   MASTER of the universe!"  # kept as said
