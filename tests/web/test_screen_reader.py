"""What a keyboard and a screen reader meet at the table, in Chromium against the real server: the
focus kept when the table redraws, two identical events both read, the help overlay (focus kept in
it, Escape closes it), keys that never fire while typing, and the S key."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.keys import announced, open_by_keyboard, play_by_keys, pointer_presses, private_table

pytestmark = pytest.mark.browser

MY_DECISION = "document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')"


def _chat(server: ServerProcess, table: dict[str, str], text: str) -> None:
    """A chat message sent from outside the page: the page gets a new snapshot and redraws."""
    response = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/chat",
        json={"text": text},
        headers={"Authorization": f"Bearer {table['token']}"},
    )
    assert response.status_code < 300, response.text


def _tab_to(page: Page, selector: str) -> None:
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_focus_is_kept_when_the_table_redraws(server: ServerProcess, browser: Browser) -> None:
    table = private_table(server, "exploding-kittens", 2)
    page = open_by_keyboard(browser, server, table)
    page.wait_for_function(MY_DECISION)
    _tab_to(page, "#choices button[data-action]")
    action = page.evaluate("document.activeElement.dataset.action")
    page.evaluate("document.activeElement.dataset.old = 'yes'")  # the node before the redraw
    _chat(server, table, "a redraw")
    page.wait_for_selector("#chat li:has-text('a redraw')")
    # A new drawing (the old node is gone), and the focus on the same choice in it.
    focused = page.evaluate("[document.activeElement.dataset.action, document.activeElement.dataset.old || 'new']")
    assert focused == [action, "new"]
    # The choice taken: its button is gone, and the focus goes to the decision bar, not to the page.
    step = page.get_attribute("body", "data-step")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body:not([data-step='{step}'])", state="attached")
    page.wait_for_function("!document.body.classList.contains('busy')")
    assert page.evaluate("document.activeElement.closest('#actions') !== null")
    assert pointer_presses(page) == 0
    page.close()


def test_a_card_picked_by_its_key_keeps_the_focus(server: ServerProcess, browser: Browser) -> None:
    """T.A.C.O.: a card is picked with its number, the bar redraws with the tacos it may go into, and
    the focus stays on the picked card's button."""
    page = open_by_keyboard(browser, server, private_table(server, "taco", 2, {"rounds": 1}))
    # Ada's first turn (after the fair start's discard, when she goes second: played by keys too).
    play_by_keys(
        page, random.Random(3), 20, until=MY_DECISION + " && document.querySelector('#choices .card-pick') !== null"
    )
    key = page.get_attribute("#choices .card-pick", "aria-keyshortcuts")
    assert key and key.isdigit()
    page.keyboard.press(key)
    page.wait_for_selector("#choices .card-pick[aria-pressed='true']")
    assert page.evaluate("document.activeElement.matches('.card-pick[aria-pressed=\"true\"]')")
    assert page.locator("#choices button.action[aria-keyshortcuts]").count() > 0  # the tacos, keyed too
    page.close()


def test_two_identical_events_in_a_row_are_both_read(server: ServerProcess, browser: Browser) -> None:
    """The log region is fed by the page's own module with the live log and two identical new entries
    (as when a Tacocat player keeps two 7s): both are added as new nodes; nothing is replaced. The
    same for the assertive region."""
    page = open_by_keyboard(browser, server, private_table(server, "tacocat", 2))
    page.wait_for_function(MY_DECISION)
    before = announced(page, "log")
    page.evaluate(
        """async (before) => {
          const speech = await import("/static/js/speech.js");
          speech.showLog([...before, "You keep a 7"], true);
          speech.showLog([...before, "You keep a 7", "You keep a 7"], true);
          speech.announce("Your turn."); speech.announce("Your turn.");
        }""",
        before,
    )
    assert page.evaluate("window.__logAdded") == ["You keep a 7", "You keep a 7"]
    assert page.evaluate("window.__logRemoved") == 0
    assert announced(page, "log") == [*before, "You keep a 7", "You keep a 7"]
    assert announced(page, "now")[-2:] == ["Your turn.", "Your turn."]
    page.close()


def test_help_overlay_typing_and_saying_the_state(server: ServerProcess, browser: Browser) -> None:
    table = private_table(server, "tacocat", 2)
    page = open_by_keyboard(browser, server, table)
    page.wait_for_function(MY_DECISION)
    # Every choice shows a key; Tacocat's centre asks yes (keep) or no (replace).
    keys = page.eval_on_selector_all(
        "#choices [aria-keyshortcuts]", "cs => cs.map((c) => c.getAttribute('aria-keyshortcuts'))"
    )
    assert sorted(keys) == ["N Escape", "Y Enter"], keys
    shown = page.eval_on_selector(
        "#choices [aria-keyshortcuts='Y Enter']", "c => getComputedStyle(c, '::before').content"
    )
    assert "Y" in shown
    # The help overlay: opened with ?, the focus in it and kept there by Tab, closed by Escape.
    page.keyboard.press("?")
    page.wait_for_selector("#keys-dialog[open]")
    assert "Nope" in page.inner_text("#keys-dialog")
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('#keys-dialog') !== null")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.activeElement.closest('#keys-dialog') !== null")
    step = page.get_attribute("body", "data-step")
    page.keyboard.press("y")  # no choice is taken while the overlay is open
    page.keyboard.press("Escape")
    assert page.evaluate("!document.getElementById('keys-dialog').open")
    # Typing in the chat box takes no choice, though its letters are keys elsewhere.
    page.focus("#chat-input")
    page.keyboard.type("yes no 1")
    page.keyboard.press("Enter")
    page.wait_for_selector("#chat li:has-text('yes no 1')")
    assert page.get_attribute("body", "data-step") == step
    # S says where the game stands: the status line and the hand, as a list with its count.
    page.focus("#actions")
    page.keyboard.press("s")
    said = announced(page, "said")[-1]
    assert said.startswith(page.inner_text("#status").strip()) and "Your hand, " in said, said
    # Enter answers yes: the card is kept.
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body:not([data-step='{step}'])", state="attached")
    assert "keep" in announced(page, "log")[-1].lower() or "kept" in page.inner_text("#board")
    assert pointer_presses(page) == 0
    page.close()


def test_the_last_seconds_of_the_clock_are_said_once_each(server: ServerProcess, browser: Browser) -> None:
    """A Tacocat table with a one-minute move clock: Ada waits, and the page's own clock is run 55 s
    forward (Playwright's clock; the server's is not touched). 10 and 5 seconds left are each said
    once, in the assertive region, and nothing else about the time."""
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "tacocat",
            "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}],
            "turn_seconds": 60,
        },
    )
    assert made.status_code == 201, made.text
    table = made.json()
    page = browser.new_page()
    page.clock.install()
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    page.wait_for_function(MY_DECISION + " && !document.getElementById('countdown').hidden")
    page.clock.run_for(55_000)
    said = [t for t in announced(page, "now") if "second" in t and "Keys" not in t]
    assert said == ["10 seconds left", "5 seconds left"], announced(page, "now")
    page.close()
