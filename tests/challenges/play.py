"""Playing a deal of the day through the room's API as a person would, with a fixed rule for the
person's choices (the first legal action), so two entrants of one copy make the same choices."""

from __future__ import annotations

import time
from typing import Any, Protocol


class Http(Protocol):  # a TestClient or an httpx.Client
    def get(self, url: str, **kwargs: Any) -> Any: ...
    def post(self, url: str, **kwargs: Any) -> Any: ...


SAME_SITE = {"Origin": "http://testserver"}


def enter(client: Http, slot: str, name: str, origin: str = "http://testserver") -> dict[str, Any]:
    made = client.post(f"/api/daily/{slot}/enter", json={"name": name}, headers={"Origin": origin})
    assert made.status_code == 201, made.text
    entered: dict[str, Any] = made.json()
    return entered


def play(client: Http, table_id: str, token: str, moves: int | None = None, seconds: float = 30.0) -> dict[str, Any]:
    """Play the person's seat (seat 0) with the first legal action each time, until the game is over
    or ``moves`` moves were made and it is the person's turn again; the last snapshot seen."""
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.time() + seconds
    made = 0
    while time.time() < deadline:
        got = client.get(f"/api/tables/{table_id}/view", headers=headers)
        assert got.status_code == 200, got.text
        snap: dict[str, Any] = got.json()
        table = snap["table"]
        legal = snap["view"]["legal_actions"]
        if table["status"] != "playing" or (legal and moves is not None and made >= moves):
            return snap  # over, or the person's turn after ``moves`` moves (the bots have answered)
        if not legal:
            time.sleep(0.01)
            continue
        answer = client.post(
            f"/api/tables/{table_id}/actions", headers=headers, json={"step": table["step"], "action": legal[0]}
        )
        assert answer.status_code in (200, 409), answer.text  # 409: a bot's move came first
        made += answer.status_code == 200
    raise AssertionError(f"the deal was not over in {seconds} s")
