"""Helpers of the friend's-challenge and puzzle tests: a game against bots made and played through the
room's API, and a browser's guest cookie swapped in and out (one TestClient standing for two browsers)."""

from __future__ import annotations

from typing import Any

from cardroom.core.registry import make
from cardroom.server.edge.challenges_api import GUEST_COOKIE
from cardroom.server.room import tokens
from cardroom.server.store import NewTable, SeatRow, Store, TableRow, now
from tests.challenges.play import SAME_SITE, Http
from tests.support.seat_play import last, play_seats


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


def seeded_kittens(store: Store, seed: int) -> dict[str, str]:
    """A two-seat Kittens table of ``seed``: the caller in seat 0, the heuristic in seat 1."""
    token = tokens.new_token()
    game = make("exploding-kittens", None, players=2)
    row = TableRow(
        tokens.new_table_id(), game.name, game.preset, dict(game.options), seed, now(), "playing", 4.0, None,
        None, None,
        (SeatRow(0, "human", None, tokens.hash_token(token), "Ann", True), SeatRow(1, "bot", "heuristic", None, "Bot", True)),
    )  # fmt: skip
    store.create_table(NewTable(row, private=True))
    return {"table_id": row.id, "token": token}


def play_last(client: Http, seat: dict[str, str]) -> None:
    """The person's rule: the last legal action, each time it is their move, until the game is over
    (at a pace inside the room's per-token rate: a fast machine once polled past it and got a 429)."""
    play_seats(client, seat["table_id"], {0: seat["token"]}, choose=last, seconds=30)
