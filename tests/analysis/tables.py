"""Helpers for the analysis tests that talk to a real server."""

from __future__ import annotations

import time

import httpx


def finish_by_api(url: str, tid: str, token: str) -> None:
    """Our seat's remaining moves, paced under the server's rate limit."""
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.time() + 90
    while time.time() < deadline:
        view = httpx.get(f"{url}/api/tables/{tid}/view", headers=headers).json()["view"]
        if view["is_over"]:
            return
        if view["legal_actions"]:
            httpx.post(
                f"{url}/api/tables/{tid}/actions",
                headers=headers,
                json={"step": view["step"], "action": view["legal_actions"][-1]},
            )
        time.sleep(0.12)
    raise AssertionError("the game did not end")
