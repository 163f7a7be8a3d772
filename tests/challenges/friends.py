"""Helpers of the friend's-challenge and puzzle tests: a game against bots made and played through the
room's API, and a browser's guest cookie swapped in and out (one TestClient standing for two browsers)."""

from __future__ import annotations

from typing import Any

from cardroom.server.edge.challenges_api import GUEST_COOKIE
from tests.challenges.play import SAME_SITE, Http


def bot_game(client: Http, bots: str = "heuristic", game: str = "exploding-kittens") -> dict[str, Any]:
    """A table of ``game`` with the caller in seat 0 and ``bots`` in the others (created, not played)."""
    made = client.post(
        "/api/tables",
        json={"game": game, "seats": [{"kind": "me", "name": "Ann"}, {"kind": "bot", "bot": bots}]},
    )
    assert made.status_code == 201, made.text
    created: dict[str, Any] = made.json()
    return created


def challenge(client: Http, table_id: str, token: str) -> Any:
    return client.post(
        "/api/friends", json={"table_id": table_id}, headers={**SAME_SITE, "Authorization": f"Bearer {token}"}
    )


def accept(client: Http, challenge_id: str, name: str = "Bo") -> Any:
    return client.post(f"/api/friends/{challenge_id}/play", json={"name": name}, headers=SAME_SITE)


def browser(client: Http, cookie: str | None) -> str | None:
    """Be the browser holding ``cookie`` (None: a fresh one); the cookie held before."""
    before = client.cookies.get(GUEST_COOKIE)
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set(GUEST_COOKIE, cookie)
    return before  # type: ignore[no-any-return]
