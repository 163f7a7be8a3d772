"""Conceding at a table of four: the seat leaves, everyone is shown it, the others (bots included) play
on, the last one left wins, and the stored game replays the same after a restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess, free_port, seeded
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser

GIVE_BACK = ("play see-the-future", "play shuffle")  # plays after which the turn is the player's again
DRAW = "button[data-action='draw']"  # offered only on one's own turn, when nobody else can act
# A deal whose two bots, left alone after Ada's and Bo's first turns, end the game in 10 steps (the
# bots' decisions follow the table's seed); deals run from 10 to 80 steps there, each redrawn by
# three pages.
SHORT_END = 7


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # This module's own server: the test restarts it.
    database = f"sqlite:///{tmp_path_factory.mktemp('concede') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0).start()
    yield process
    process.stop()


def _concede(page: Page) -> None:
    page.click("#concede")
    page.wait_for_selector("#concede-confirm[open]")
    assert "the others play on" in page.inner_text("#concede-text")
    page.click("#concede-yes")
    page.wait_for_selector("#seats-bar [data-seat] .badge.muted-badge", state="attached")


def _summary(server: ServerProcess, tid: str) -> dict[str, Any]:
    summary: dict[str, Any] = httpx.get(f"{server.url}/api/tables/{tid}").json()
    return summary


def test_a_seat_leaves_and_the_others_play_on_to_the_end(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    table = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "exploding-kittens",
            "seats": [
                {"kind": "me", "name": "Ada"},
                {"kind": "invite", "name": "Bo"},
                {"kind": "bot", "bot": "easy", "name": "Cy"},
                {"kind": "bot", "bot": "easy", "name": "Di"},
            ],
            "reaction_seconds": 1,
        },
        headers=seeded(SHORT_END),
    ).json()
    tid = table["table_id"]
    contexts = [browser.new_context() for _ in range(3)]
    ada, bo, watcher = (c.new_page() for c in contexts)
    ada.goto(f"{server.url}/table/{tid}#token={table['token']}")
    bo.goto(f"{server.url}/table/{tid}#token={table['invitations'][0]['token']}")
    watcher.goto(f"{server.url}/table/{tid}")
    for page in (ada, bo, watcher):
        wait_for_table(page)
    assert watcher.is_hidden("#concede")

    # Ada concedes on her own turn (no reaction window can be open then).
    ada.wait_for_selector(DRAW, timeout=30_000)
    assert ada.locator("#to-chat").count() == 0  # only T.A.C.O.'s antics lead to the chat
    _concede(ada)
    assert "Ada conceded" in ada.inner_text("#log")
    ada.wait_for_selector("#concede", state="hidden")
    assert "You conceded" in ada.inner_text("#actions")
    assert "conceded" in ada.inner_text("#board")  # the Kittens board says so at her seat
    ada.set_viewport_size({"width": 1280, "height": 900})
    ada.screenshot(path=str(screenshots / "kittens-conceded-desktop.png"), full_page=True)
    ada.set_viewport_size({"width": 390, "height": 844})
    ada.screenshot(path=str(screenshots / "kittens-conceded-phone.png"))

    # Everyone's page is told by its socket; the game goes on: the turn passed to Bo.
    for page in (bo, watcher):
        page.wait_for_function("document.querySelector('#log').innerText.includes('Ada conceded')")
        chip = page.locator("#seats-bar .seat-chip[data-seat='0']")
        assert "conceded" in chip.inner_text()
    bo.wait_for_selector(DRAW)
    summary = _summary(server, tid)
    assert summary["status"] == "playing" and 0 not in summary["to_act"]

    # Bo leaves too; the two bots play on by themselves until one is the last standing.
    _concede(bo)
    for page in (ada, bo, watcher):
        page.wait_for_selector("body[data-over='true']", timeout=60_000)
    bo.wait_for_selector("#game-over[open]")
    summary = _summary(server, tid)
    outcome = summary["outcome"]
    assert summary["status"] == "over"
    assert outcome["winners"][0] in (2, 3) and outcome["ranking"][-2:] == [[1], [0]]
    assert "wins" in bo.inner_text("#game-over-body")

    # The stored actions, concessions included, are the game: the replay walks them, and a restarted
    # server rebuilds the same result from the database.
    replay = httpx.get(f"{server.url}/api/tables/{tid}/replay", params={"step": summary["step"]}).json()
    assert replay["view"]["is_over"] and replay["view"]["out"][:2] in ([0, 1], [0, 2], [0, 3])
    assert [e["seat"] for e in replay["log"] if e["kind"] == "concede"] == [0, 1]
    server.kill()
    server.start()
    again = _summary(server, tid)
    assert again["outcome"] == outcome and again["step"] == summary["step"]
    for context in contexts:
        context.close()


def test_concede_is_no_action_and_counts_as_a_pass_in_an_open_window(server: ServerProcess) -> None:
    auth: dict[str, str] = {}
    view: dict[str, Any] = {}
    tid = ""
    with httpx.Client(base_url=server.url, timeout=10) as client:  # one client: each new one costs an SSL context
        # A deal where seat 0 starts holding a card that opens a Nope window: seeded deals, the first
        # of which is one (the loop only matters if a change to the deals ever made it not).
        for seed in range(1, 31):
            table = client.post(
                "/api/tables",
                json={
                    "game": "exploding-kittens",
                    "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}],
                    "reaction_seconds": 20,
                },
                headers=seeded(seed),
            ).json()
            tid, auth = table["table_id"], {"Authorization": f"Bearer {table['token']}"}
            view = client.get(f"/api/tables/{tid}/view", headers=auth).json()["view"]
            if view["to_act"] == [0] and set(GIVE_BACK) & set(view["legal_actions"]):
                break
        else:
            raise AssertionError("no deal let seat 0 open a window")
        url = f"/api/tables/{tid}"
        sent = client.post(f"{url}/actions", json={"step": view["step"], "action": "concede"}, headers=auth)
        assert sent.status_code == 422 and "concede request" in sent.json()["detail"]
        play = next(a for a in GIVE_BACK if a in view["legal_actions"])
        played = client.post(f"{url}/actions", json={"step": view["step"], "action": play}, headers=auth)
        assert played.status_code == 200
        view = played.json()["view"]
        assert "draw" not in view["legal_actions"]  # the Nope window is open, seat 0 asked too
        # Conceding in the open window is a pass for seat 0 (rulings, section 4): the seat leaves at once.
        left = client.post(f"{url}/concede", headers=auth)
        assert left.status_code == 200, left.text
        assert left.json()["view"]["out"] == [0] and 0 not in left.json()["view"]["to_act"]
