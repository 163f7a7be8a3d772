"""Conceding a T.A.C.O. match at a table of three: the seat becomes an empty chair that nobody waits
for, the bots play the match to its end, and the chair ranks last."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.player import body, wait_for_step_change, wait_for_table

pytestmark = pytest.mark.browser

# Offered only on one's own main decision, when no Instant window is open.
END = "button[data-action='end']"
# Her decision, outside any reaction window (no clock runs): it stays until she takes it.
STABLE = "document.body.dataset.mine === 'true' && document.getElementById('countdown').hidden"


def _until_her_turn_may_end(page: Page) -> None:
    """Take whatever her own decisions are (a "play immediately" card drawn, a discard, a target)
    until her main decision, where she may end her turn: nobody else can act then. Windows are left
    to their clock: a choice there could vanish under the click when the window closes."""
    deadline = time.time() + 60
    while True:
        assert time.time() < deadline, "her main decision never came"
        page.wait_for_function(STABLE, timeout=30_000)
        if page.locator(END).count():
            return
        step = body(page, "step")
        if not page.locator("#actions button.action").count():
            # A card that must be played now: a play is two clicks (the card, then the taco it goes into).
            page.locator("#actions button.card-pick").first.click()
        page.locator("#actions button.action").first.click()
        wait_for_step_change(page, step)


def test_a_taco_seat_concedes_and_the_bots_finish_the_match(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    table = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "taco",
            "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}],
            "options": {"rounds": 1},
            "reaction_seconds": 1,
            "turn_seconds": "none",  # no move clock: her decisions wait for her (a private table)
            "private": True,
        },
    ).json()
    tid = table["table_id"]
    ada = browser.new_page(viewport={"width": 1280, "height": 900})
    ada.goto(f"{server.url}/table/{tid}#token={table['token']}")
    wait_for_table(ada)
    _until_her_turn_may_end(ada)
    ada.wait_for_selector("#concede:not([disabled])")
    ada.click("#concede")
    ada.wait_for_selector("#concede-confirm[open]")
    ada.click("#concede-yes")
    ada.wait_for_selector(".seat-chip[data-seat='0'] .badge.muted-badge")
    assert "Ada conceded" in ada.inner_text("#log")
    assert ada.is_hidden("#concede")
    # The bots play on; the chair is never waited for, and the match ends with Ada last.
    ada.wait_for_selector("body[data-over='true']", timeout=90_000)
    ada.wait_for_selector("#game-over[open]")
    ada.screenshot(path=str(screenshots / "taco-conceded-over.png"), full_page=True)
    assert ", conceded" in ada.locator("#game-over-body .ranking li").last.inner_text()
    summary = httpx.get(f"{server.url}/api/tables/{tid}").json()
    assert summary["status"] == "over" and summary["outcome"]["ranking"][-1] == [0]
    assert 0 not in summary["outcome"]["winners"]
    ada.close()
