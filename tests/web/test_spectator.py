"""A spectator's page shows only what a spectator may use: no chat input, no Send, no seat hand-over,
no Concede, no rename, no Rematch (during the game and after it)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser

SEAT_CONTROLS = (
    "#chat-form",
    "#chat-input",
    "#chat-form button",
    "#handoff",
    "#concede",
    ".rename",
    "#rematch",
    "#rematch-bar",
    "#hint",
    "#actions button.action",
)


def _visible_seat_controls(page: Page) -> list[str]:
    return [s for s in SEAT_CONTROLS if any(e.is_visible() for e in page.query_selector_all(s))]


@pytest.mark.parametrize("width", [1280, 390])
def test_a_spectator_sees_no_seat_control(server: ServerProcess, browser: Browser, width: int) -> None:
    # A game waiting for an invited friend: it stays at its first decision while the page is looked at.
    waiting = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "invite"}]},
    ).json()
    page = browser.new_page(viewport={"width": width, "height": 844 if width < 400 else 800})
    page.goto(f"{server.url}/table/{waiting['table_id']}")
    wait_for_table(page)
    assert page.locator("body").get_attribute("data-role") == "spectator"
    page.click("#share-box summary")
    page.wait_for_selector("#copy-watch-link:visible")
    assert _visible_seat_controls(page) == []
    assert "You are watching" in page.inner_text("#actions")
    # No empty band under the header (an empty message line takes no room), and the sound checkbox
    # sits on its label's line.
    header, seats = page.locator(".top.bar").bounding_box(), page.locator("#seats-bar").bounding_box()
    assert header and seats and seats["y"] - (header["y"] + header["height"]) <= 20, (header, seats)
    box, label = page.locator("#sound").bounding_box(), page.locator("label.sound").bounding_box()
    assert box and label and label["height"] < box["height"] + 16, (box, label)
    # Two bots play a game out; at its end a spectator is offered no rematch either.
    bots = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "bot", "bot": "easy"}, {"kind": "bot", "bot": "easy"}]},
    ).json()
    page.goto(f"{server.url}/table/{bots['table_id']}")
    page.wait_for_selector("body[data-over='true']", state="attached", timeout=60_000)
    page.wait_for_selector("#game-over[open]")
    assert _visible_seat_controls(page) == []
    assert page.is_visible("#watch-replay")
    page.close()
