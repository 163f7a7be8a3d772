"""Exploding Kittens' five-different combo is no trap: offered only when the discard pile holds a card
to take, built card by card in the page with buttons that say what they do, and cancelled with every
card still in hand (nothing was sent)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.server.process import ServerProcess
from tests.web.player import body, wait_for_step_change, wait_for_table

pytestmark = pytest.mark.browser


def _table_with_a_combo_in_hand(server: ServerProcess) -> dict[str, Any]:
    """A fresh two-player table where we move first, hold a Shuffle, and five other kinds."""
    for _ in range(40):
        table: dict[str, Any] = httpx.post(
            server.url + "/api/tables",
            json={
                "game": "exploding-kittens",
                "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}],
                "options": {"players": 2, "deal": 8},
                "reaction_seconds": 30,
            },
        ).json()
        view = httpx.get(
            f"{server.url}/api/tables/{table['table_id']}/view",
            headers={"Authorization": f"Bearer {table['token']}"},
        ).json()["view"]
        hand = list(view["hand"])
        if view["current"] == 0 and "shuffle" in hand:
            hand.remove("shuffle")
            if len(set(hand)) >= 5:
                return table
    raise AssertionError("no table dealt a five-different hand")


def _pass_until_our_turn(page: Page, timeout: float = 120) -> None:
    """Pass in every window we are asked in until our turn is back with the combo enabled: the bot
    may Nope our Shuffle, which opens a window that asks us again (for its whole 30 s if unanswered).

    The page is live, so a pass button seen a moment ago may be gone when it is clicked (the window
    closed or was replaced while we looked): each look decides afresh, and a click finds the button
    or gives way to the next look within a second, never waiting on a button that went away."""
    back = "document.querySelector('.combo-start:enabled') !== null"
    pass_button = "#actions button[data-action='pass']"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.locator(".combo-start:enabled").count():
            return
        step = body(page, "step")
        try:
            page.click(pass_button, timeout=1000)
        except PlaywrightTimeoutError:
            continue  # not asked just now: look again
        # Our pass is noted (the window waits for the bot), the window closed at once, or our turn is back.
        page.wait_for_function(
            f"document.getElementById('passed-note') !== null || document.body.dataset.step !== '{step}' || {back}"
        )
    raise AssertionError("our turn never came back")


def test_five_different_is_offered_with_a_discard_and_cancel_keeps_the_cards(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    table = _table_with_a_combo_in_hand(server)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    page.wait_for_selector("#actions button.action")
    # The discard pile is empty: the combo is shown but cannot be started (nothing to take), anywhere.
    assert page.locator(".combo-start").is_disabled()
    assert page.query_selector("#actions button[data-action^='five ']") is None

    step = body(page, "step")
    page.click("#actions button[data-action='play shuffle']")
    wait_for_step_change(page, step)
    _pass_until_our_turn(page)  # let our own Shuffle happen
    hand = page.eval_on_selector_all("#board .hand .card", "cs => cs.map(c => c.dataset.slug)")
    step = body(page, "step")

    page.click(".combo-start")
    adds = page.locator(".combo-card")
    assert adds.first.inner_text().startswith("Add ") and "to the combo" in adds.first.inner_text()
    adds.nth(0).click()
    adds.nth(1).click()
    assert page.locator(".combo-play").is_disabled()
    page.screenshot(path=str(screenshots / "kittens-five-combo.png"))
    page.click(".combo-cancel")
    assert body(page, "step") == step  # nothing was sent
    assert page.eval_on_selector_all("#board .hand .card", "cs => cs.map(c => c.dataset.slug)") == hand

    page.click(".combo-start")
    for i in range(5):
        page.locator(".combo-card").nth(i).click()
    page.click(".combo-play")
    page.wait_for_selector(f"body:not([data-step='{step}'])", state="attached")
    page.wait_for_function(f"Number(document.body.dataset.step) >= {int(step or 0) + 5}")
    page.close()
