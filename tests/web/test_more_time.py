"""More time on the table page (WCAG 2.2.1): Ada turns it on with the checkbox; a Kittens Nope window
she is asked in then runs ten times the table's 4 s, so it is still open after 30 s and her Nope
lands; Bob's page says "Ada has more time", and says it once to a screen reader."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess, seeded
from tests.web.keys import announced
from tests.web.player import wait_for_table

# A deal (the test server's seed, see tests/server/serve_toy.py) in which Bob, first to play, holds a
# Skip and Ada holds a Nope.
SEED = 6


def _view(server: ServerProcess, tid: str, token: str) -> dict[str, Any]:
    seen: dict[str, Any] = httpx.get(
        f"{server.url}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return seen


def _table(server: ServerProcess) -> dict[str, Any]:
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "exploding-kittens",
            "options": {"players": 2, "deal": 8},
            "seats": [{"kind": "me", "name": "Bob"}, {"kind": "invite", "name": "Ada"}],
            "reaction_seconds": 4.0,
            "turn_seconds": "none",
            "private": True,
        },
        headers=seeded(SEED),
    )
    assert made.status_code == 201, made.text
    table: dict[str, Any] = made.json()
    assert "skip" in _view(server, table["table_id"], table["token"])["view"]["hand"]
    assert "nope" in _view(server, table["table_id"], table["invitations"][0]["token"])["view"]["hand"]
    return table


def _open(browser: Browser, server: ServerProcess, tid: str, token: str) -> Page:
    page = browser.new_page(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page.goto(f"{server.url}/table/{tid}#token={token}")
    wait_for_table(page)
    return page


def test_a_nope_answered_after_thirty_seconds_with_more_time(server: ServerProcess, browser: Browser) -> None:
    table = _table(server)
    tid, bob_token, ada_token = table["table_id"], table["token"], table["invitations"][0]["token"]
    bob = _open(browser, server, tid, bob_token)
    ada = _open(browser, server, tid, ada_token)
    assert bob.locator("#more-time-note").is_hidden()
    ada.get_by_label("More time for me").check()
    bob.wait_for_selector("#more-time-note:has-text('Ada has more time.')")
    assert ada.get_by_label("More time for me").is_checked()
    opened = time.monotonic()
    played = httpx.post(
        f"{server.url}/api/tables/{tid}/actions",
        headers={"Authorization": f"Bearer {bob_token}"},
        json={"step": 0, "action": "play skip"},
    ).json()
    assert played["window"]["seconds"] == 40.0
    nope = ada.locator("#actions button.action", has_text="Nope")
    nope.wait_for()
    ada.wait_for_timeout(1000 * max(0.0, opened + 30.5 - time.monotonic()))  # 30 s into a window the table sets at 4 s
    assert ada.locator("body").get_attribute("data-step") == "1" and nope.is_enabled()
    ada.keyboard.press("n")  # the page's key for Nope
    # The page's next state, not a log line with the word: one was found while the move was on its way.
    ada.wait_for_selector("body:not([data-step='1'])", state="attached")
    ada.wait_for_selector("#log li:has-text('Nope')")
    after = _view(server, tid, bob_token)
    assert after["view"]["step"] == 2 and any("Nope" in e["text"] for e in after["log"])
    # Said once to Bob's screen reader, when Ada turned it on.
    assert announced(bob, "said").count("Ada has more time.") == 1
    bob.close()
    ada.close()
