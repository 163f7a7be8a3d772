"""The lobby's strongest difficulty, "expert", seats the expert bot, and it plays at a real table:
in Exploding Kittens it reads its seat's log (inference) through the room like any bot reads its view."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import auth


def _table(client: TestClient, game: str, bot: str) -> dict[str, Any]:
    made = client.post("/api/tables", json={"game": game, "seats": [{"kind": "me"}, {"kind": "bot", "bot": bot}]})
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    return table


def test_the_expert_word_seats_the_expert_bot(client: TestClient) -> None:
    table = _table(client, "tacocat", "expert")
    seats = client.get(f"/api/tables/{table['table_id']}").json()["seats"]
    assert seats[1]["bot"] == "expert:ms=1000"


def test_an_expert_seat_plays_exploding_kittens(client: TestClient) -> None:
    table = _table(client, "exploding-kittens", "expert:ms=50")
    tid, token = table["table_id"], table["token"]
    bot_moves = 0
    deadline = time.time() + 120
    while bot_moves < 3 and time.time() < deadline:
        snap = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
        view = snap["view"]
        if view["is_over"]:
            break
        bot_moves = sum(1 for e in snap["log"] if e.get("seat") == 1 and e.get("kind") in ("play", "draw", "pass"))
        legal = view["legal_actions"]
        if legal:  # our move: draw if we may (the game moves on to the bot), else the first choice
            action = "draw" if "draw" in legal else legal[0]
            answer = client.post(
                f"/api/tables/{tid}/actions", headers=auth(token), json={"step": view["step"], "action": action}
            )
            assert answer.status_code in (200, 409), answer.text  # 409: the bot moved first
        # At most two requests a look, well under the per-token limit (20 a second).
        time.sleep(0.15)
    assert bot_moves >= 3 or view["is_over"]
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["bot"] == "expert:ms=50"
