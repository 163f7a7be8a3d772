"""The deal of the day through the room's API, on SQLite: one attempt each, results hidden until the
entrant has finished AND the day's window has closed (each side of that rule on its own), and entrants
of one copy who make the same choices get the same game."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardroom.server.edge.app import create_app
from cardroom.server.edge.challenges_api import GUEST_COOKIE
from tests.challenges.play import concede, enter, play

WINDOW = 6.0  # seconds: a day's window here, so the test sees one close


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("CARDROOM_DAILY_BOTS", "heuristic")  # replayable and quick (see docs/challenges.md)
    monkeypatch.setenv("CARDROOM_DAILY_WINDOW", str(WINDOW))
    monkeypatch.setenv("CARDROOM_DAILY_EXPERT", "heuristic")  # the reference, quick here
    with TestClient(create_app(f"sqlite:///{tmp_path / 'daily.sqlite3'}", bot_delay=0.0, rate=1000, burst=1000)) as c:
        yield c


def _fresh_window(client: TestClient, needed: float) -> dict[str, object]:
    """Today's offer, once at least ``needed`` seconds of the window are left (else the next one's)."""
    today = client.get("/api/daily").json()
    if today["closes_in"] < needed:
        time.sleep(today["closes_in"] + 0.05)
        today = client.get("/api/daily").json()
    assert today["closes_in"] >= needed
    return today  # type: ignore[no-any-return]


def test_one_attempt_and_results_hidden_until_finished_and_closed(client: TestClient) -> None:
    today = _fresh_window(client, WINDOW - 1.5)
    day = today["day"]
    entered = enter(client, "exploding-kittens-2", "Ada")
    again = client.post(
        "/api/daily/exploding-kittens-2/enter", json={"name": "Ada"}, headers={"Origin": "http://testserver"}
    )
    assert again.status_code == 422 and "already played" in again.json()["detail"]
    results = f"/api/daily/{day}/exploding-kittens-2/results"
    # Not finished, window open: hidden, and the reason is the unfinished deal.
    hidden = client.get(results)
    assert hidden.status_code == 403 and "finish your deal" in hidden.json()["detail"]
    # A few moves, then given up: over at once, while the window is still open. One deal in many is
    # over within those moves already (its random secret): finished either way.
    if play(client, entered["table_id"], entered["token"], moves=2)["table"]["status"] == "playing":
        concede(client, entered["table_id"], entered["token"])
    # Finished, window still open: still hidden.
    mine = client.get("/api/daily").json()
    assert mine["day"] == day, "the window closed before the test could look: the machine is too slow for WINDOW"
    assert [s["finished"] for s in mine["slots"] if s["key"] == "exploding-kittens-2"] == [True]
    hidden = client.get(results)
    assert hidden.status_code == 403 and "not closed yet" in hidden.json()["detail"]
    # Someone else, unfinished, after the window closes: hidden from them (their deal is unfinished).
    client.cookies.clear()
    other = enter(client, "exploding-kittens-2", "Bea")
    assert other["table_id"] != entered["table_id"]
    time.sleep(mine["closes_in"] + 0.05)
    assert client.get(results).status_code == 403  # Bea entered the next window, not this one
    # A stranger (no entry that day) never sees them.
    client.cookies.clear()
    assert client.get(results).status_code == 403


def test_results_open_after_the_window_closes_for_a_finished_entrant(client: TestClient) -> None:
    today = _fresh_window(client, WINDOW - 1.5)
    entered = enter(client, "tacocat-2", "Ada")
    play(client, entered["table_id"], entered["token"])
    time.sleep(client.get("/api/daily").json()["closes_in"] + 0.05)
    earlier = client.get("/api/daily").json()["earlier"]  # the closed day's deal, with its table
    assert [(d["day"], [(x["key"], x["finished"]) for x in d["slots"]]) for d in earlier] == [
        (today["day"], [("tacocat-2", True)])
    ]
    shown = client.get(f"/api/daily/{today['day']}/tacocat-2/results")
    assert shown.status_code == 200, shown.text
    standings = shown.json()["standings"]
    assert [(s["name"], s["guest"], s["place"]) for s in standings] == [("Ada", True, 1)]
    assert standings[0]["duplicate"] == standings[0]["against_expert"]  # alone: the expert is the field
    assert standings[0]["replay_url"].endswith("/table/" + entered["table_id"])
    # The analysis's play figure beside the score: worked out in the background, then shown.
    figure = _play_figure(client, f"/api/daily/{today['day']}/tacocat-2/results")
    assert figure is not None and 0.0 <= figure <= 100.0
    # Her figure ready and the reference's adjusted result kept: the copy is scored by play.
    standings = client.get(f"/api/daily/{today['day']}/tacocat-2/results").json()["standings"]
    assert standings[0]["scored_by"] == "play"
    # The running leaderboard counts the closed day: Ada with her one deal, a guest, no game linked.
    running = client.get("/api/daily/running").json()
    assert today["day"] in running["days"]
    assert [(r["name"], r["guest"], r["deals"], r["place"]) for r in running["standings"]] == [("Ada", True, 1, 1)]
    assert running["standings"][0]["total"] == standings[0]["duplicate"]
    assert running["standings"][0]["provisional"] == 0
    assert entered["table_id"] not in str(running)


def _play_figure(client: TestClient, results: str, seconds: float = 60.0) -> float | None:
    """The first standing's play figure once worked out (looked for every 0.2 s)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        first = client.get(results).json()["standings"][0]
        if first["play_ready"]:
            return first["play"]  # type: ignore[no-any-return]
        assert first["play"] is None
        time.sleep(0.2)
    raise AssertionError(f"no play figure in {seconds} s")


def test_another_entrants_table_is_named_nowhere_before_the_results_open(client: TestClient) -> None:
    day = _fresh_window(client, 3.0)["day"]
    ada = enter(client, "tacocat-2", "Ada")
    ada_cookie = client.cookies.get(GUEST_COOKIE)
    concede(client, ada["table_id"], ada["token"])  # Ada has finished; the window is open
    client.cookies.clear()
    bea = enter(client, "tacocat-2", "Bea")
    concede(client, bea["table_id"], bea["token"])  # finished too: open results would list her
    client.cookies.clear()
    client.cookies.set(GUEST_COOKIE, str(ada_cookie))
    paths = ("/api/daily", "/api/tables", "/api/daily/running", f"/api/daily/{day}/tacocat-2/results")
    seen = {path: client.get(path) for path in paths}
    assert seen["/api/daily"].json()["day"] == day, "the window closed before the test could look"
    assert ada["table_id"] in seen["/api/daily"].text  # Ada's own table is hers to see
    assert all(bea["table_id"] not in answer.text and "Bea" not in answer.text for answer in seen.values())
    assert seen[f"/api/daily/{day}/tacocat-2/results"].status_code == 403
    assert day not in seen["/api/daily/running"].json()["days"]  # an open window is never counted


def test_the_running_board_leaves_out_a_deal_the_asker_has_not_finished(client: TestClient) -> None:
    day = _fresh_window(client, 3.0)["day"]
    ada = enter(client, "tacocat-2", "Ada")
    ada_cookie = client.cookies.get(GUEST_COOKIE)
    client.cookies.clear()
    bea = enter(client, "tacocat-2", "Bea")
    concede(client, bea["table_id"], bea["token"])
    time.sleep(client.get("/api/daily").json()["closes_in"] + 0.05)  # the day closes: Bea's result counts
    assert [r["name"] for r in client.get("/api/daily/running").json()["standings"]] == ["Bea"]
    client.cookies.clear()
    client.cookies.set(GUEST_COOKIE, str(ada_cookie))  # Ada, her deal still unfinished: that day's slot is left out
    running = client.get("/api/daily/running").json()
    assert day in running["days"] and running["standings"] == []
    concede(client, ada["table_id"], ada["token"])
    assert sorted(r["name"] for r in client.get("/api/daily/running").json()["standings"]) == ["Ada", "Bea"]
