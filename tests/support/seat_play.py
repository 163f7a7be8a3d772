"""Playing seats through the room's HTTP API, as a well-behaved client does: one helper for every test
that needs a game played on (to its end, or for a few moves) without a browser.

It looks at each seat's view, moves for a seat the game asks (once per window: an answered window
is not answered again), and looks again at a pace inside the room's per-token rate (20 requests a
second, 60 at once); a 429 is answered as a real client answers it, by waiting a little. A move that
comes too late (409: a bot or the clock moved first) is not an error.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

Http = Any  # an httpx.Client with the server's base URL, or a TestClient
Snapshot = dict[str, Any]


def first(legal: list[str]) -> str:
    return legal[0]


def last(legal: list[str]) -> str:
    return legal[-1]


def passing(legal: list[str]) -> str:
    """Let every window pass; otherwise the first legal action."""
    return "pass" if "pass" in legal else legal[0]


def play_seats(
    client: Http,
    table_id: str,
    tokens: Mapping[int, str],
    choose: Callable[[list[str]], str] = first,
    stop: Callable[[Snapshot, int], bool] | None = None,
    seconds: float = 60.0,
    poll: float = 0.1,
) -> Snapshot:
    """Move for the seats of ``tokens`` with ``choose`` until the game is over, or ``stop(snapshot,
    moves made so far)`` says so (asked of each fresh snapshot); the last snapshot seen."""
    deadline = time.monotonic() + seconds
    made = 0
    while time.monotonic() < deadline:
        moved = False
        for seat, token in tokens.items():
            headers = {"Authorization": f"Bearer {token}"}
            got = client.get(f"/api/tables/{table_id}/view", headers=headers)
            if got.status_code == 429:
                time.sleep(0.5)  # the token's rate: back off, as a real client does
                continue
            assert got.status_code == 200, got.text
            snap: Snapshot = got.json()
            view = snap["view"]
            if view["is_over"] or (stop is not None and stop(snap, made)):
                return snap
            window = snap.get("window")
            if seat in view["to_act"] and view["legal_actions"] and not (window and window.get("answered")):
                answer = client.post(
                    f"/api/tables/{table_id}/actions",
                    headers=headers,
                    json={"step": view["step"], "action": choose(view["legal_actions"])},
                )
                assert answer.status_code in (200, 409, 429), answer.text  # 409: another move came first
                made += answer.status_code == 200
                moved = True
        if not moved:
            time.sleep(poll)  # the bots or the clock are playing
    raise AssertionError(f"table {table_id}: not done after {seconds:g} s ({made} moves made)")
