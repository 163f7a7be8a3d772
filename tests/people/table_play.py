"""Playing a toy table through the room's API to its end, as two or three people would, each seat
answering at once (so the room's clock never decides for them)."""

from __future__ import annotations

import time
from typing import Any

import httpx


def people_table(server_url: str, players: int, **clocks: Any) -> dict[str, Any]:
    """A toy table whose seats are all people: its id and every seat's token (the invited have sat)."""
    seats = [{"kind": "me"}] + [{"kind": "invite"}] * (players - 1)
    made = httpx.post(
        server_url + "/api/tables",
        json={"game": "toy", "options": {"players": players}, "seats": seats, "turn_seconds": 60, **clocks},
    )
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    tokens = {0: table["token"]}
    for invitation in table["invitations"]:
        joined = httpx.post(
            f"{server_url}/api/tables/{table['table_id']}/join",
            headers={"Authorization": f"Bearer {invitation['token']}"},
            json={},
        )
        tokens[invitation["seat"]] = invitation["token"] if joined.json()["token"] is None else joined.json()["token"]
    table["tokens"] = tokens
    return table


def play_out(server_url: str, table_id: str, tokens: dict[int, str], timeout: float = 30) -> dict[str, Any]:
    """Every seat in ``tokens`` plays (passing in windows, else its first legal action) until the
    game is over: the last snapshot."""
    deadline = time.monotonic() + timeout
    with httpx.Client(base_url=server_url, timeout=10) as client:
        while time.monotonic() < deadline:
            for seat, token in tokens.items():
                auth = {"Authorization": f"Bearer {token}"}
                answer = client.get(f"/api/tables/{table_id}/view", headers=auth)
                if answer.status_code != 200:
                    continue  # the per-token limit: the next round asks again
                snap: dict[str, Any] = answer.json()
                view = snap["view"]
                if view["is_over"]:
                    return snap
                answered = snap["window"] is not None and snap["window"]["answered"]
                if seat in view["to_act"] and view["legal_actions"] and not answered:
                    legal = view["legal_actions"]
                    choice = "pass" if "pass" in legal else legal[0]
                    client.post(
                        f"/api/tables/{table_id}/actions", headers=auth, json={"step": view["step"], "action": choice}
                    )
            time.sleep(0.03)
    raise AssertionError(f"table {table_id} was not over after {timeout} s")
