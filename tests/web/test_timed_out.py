"""A move the turn timer made for an absent player says so in the page's log."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


def test_the_log_marks_a_timed_out_move(server: ServerProcess, browser: Browser) -> None:
    table = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "tacocat",
            "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}],
            "turn_seconds": 1,
        },
    ).json()
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    # Ada never moves: after a second the stand-in bot plays for her, and the log says so.
    page.wait_for_selector("#log li:has-text('(timed out)')", timeout=20_000)
    # A spectator is told too (on an event it may see, or an entry of its own), and only of Ada's.
    entries = httpx.get(f"{server.url}/api/tables/{table['table_id']}/view").json()["log"]
    flagged = [e for e in entries if e.get("timed_out")]
    assert flagged and all(e.get("seat") == 0 for e in flagged), entries
    context.close()
