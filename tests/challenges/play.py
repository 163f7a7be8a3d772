"""Playing a deal of the day through the room's API as a person would, with a fixed rule for the
person's choices (the first legal action), so two entrants of one copy make the same choices."""

from __future__ import annotations

import time
from typing import Any

from cardroom.server.store import Store

Http = Any  # a TestClient or an httpx.Client (with the server's base URL)


SAME_SITE = {"Origin": "http://testserver"}
POLL = 0.1  # seconds between two looks while the bots play


def enter(client: Http, slot: str, name: str, origin: str = "http://testserver") -> dict[str, Any]:
    made = client.post(f"/api/daily/{slot}/enter", json={"name": name}, headers={"Origin": origin})
    assert made.status_code == 201, made.text
    entered: dict[str, Any] = made.json()
    return entered


def play(client: Http, table_id: str, token: str, moves: int | None = None, seconds: float = 30.0) -> dict[str, Any]:
    """Play the person's seat (seat 0) with the first legal action each time, until the game is over
    or ``moves`` moves were made (a reaction window's pass not counted) and it is the person's turn
    again; the last snapshot seen."""
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.time() + seconds
    made = 0
    while time.time() < deadline:
        got = client.get(f"/api/tables/{table_id}/view", headers=headers)
        if got.status_code == 429:  # moves made back to back can spend the burst: back off, as a real client does
            time.sleep(0.5)
            continue
        assert got.status_code == 200, got.text
        snap: dict[str, Any] = got.json()
        table = snap["table"]
        legal = snap["view"]["legal_actions"]
        # Stop on the person's own turn, never in a reaction window: a window open when the caller stops
        # (say, to kill the server) could close by its clock instead of by the person's answer.
        if table["status"] != "playing" or (legal and moves is not None and made >= moves and "pass" not in legal):
            return snap  # over, or the person's turn after ``moves`` moves (the bots have answered)
        if not legal:
            # A bot is thinking: look again at half the room's per-token rate (20 a second), as a
            # well-behaved client does; faster polling is answered 429 once the burst is spent.
            time.sleep(POLL)
            continue
        answer = client.post(
            f"/api/tables/{table_id}/actions", headers=headers, json={"step": table["step"], "action": legal[0]}
        )
        assert answer.status_code in (200, 409, 429), answer.text  # 409: a bot's move came first
        made += answer.status_code == 200 and legal[0] != "pass"  # a reaction window's pass is not a move
    raise AssertionError(f"the deal was not over in {seconds} s")


def actions_of(store: Store, table_id: str) -> list[tuple[int, int, str]]:
    """The stored game: every action, by step, seat and text."""
    return [(a.step, a.seat, a.text) for a in store.load_actions(table_id)]


def two_of_one_copy(client: Http, store: Store, slot: str, origin: str = "http://testserver") -> list[dict[str, Any]]:
    """Two entrants (guests, each its own browser) dealt the same copy of today's ``slot``: with three
    copies, four entrants always hold two of one."""
    entered: dict[str, dict[str, Any]] = {}
    for name in ("Ada", "Bea", "Cy", "Dee"):
        client.cookies.clear()
        made = enter(client, slot, name, origin)
        entered[made["table_id"]] = made
    day = client.get("/api/daily").json()["day"]
    by_copy: dict[int, list[dict[str, Any]]] = {}
    for entry in store.daily_entries_of_slot(day, slot):
        by_copy.setdefault(entry.copy, []).append(entered[entry.table_id])
    return next(pair[:2] for pair in by_copy.values() if len(pair) >= 2)


def concede(client: Http, table_id: str, token: str) -> None:
    """The entrant gives the deal up (it is over at once: last place)."""
    given = client.post(f"/api/tables/{table_id}/concede", headers={"Authorization": f"Bearer {token}"})
    assert given.status_code == 200, given.text


def seat_in_page(page: Any) -> tuple[str, str]:
    """The table and seat token of a table page a browser was just sent to. The page hides the token
    from the address bar as it loads, so it is read from the browser's keeping once the page has sat
    down (its socket opens only after that)."""
    page.wait_for_url("**/table/**")
    table_id: str = page.url.split("/table/")[1].split("#")[0]
    page.wait_for_selector("body[data-online='true']")
    token: str | None = page.evaluate(f"localStorage.getItem('cardroom.token.{table_id}')")
    assert token, "the browser keeps its seat's token"
    return table_id, token
