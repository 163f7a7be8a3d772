"""A person at the table, played by a test: it only ever clicks what the page offers."""

from __future__ import annotations

import contextlib
import random
import time

import httpx
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.server.process import ServerProcess

# What a player may click: cards and buttons on the board that take an action, and the decision
# bar's actions and card picks (a T.A.C.O. card that must be played at once is offered there too, and
# on a phone the bar, fixed at the bottom, is always in reach). Disabled buttons are left out: a click
# on one only waits out its timeout, and a seat whose one enabled choice was such a wait never moved.
CLICKABLE = ", ".join(
    f"{where}:enabled"
    for where in (
        "#board button.card",
        "#board button[data-action]",
        "#actions button.action",
        "#actions button.card-pick",
    )
)


# A Tacocat board of three spaces (a duel's deal at each end, both arrows in the centre), for tests
# that play a whole game: every kind of step (duels, the centre's simultaneous replacement, a goal
# reached) in about 40 steps, where the default seven-space board takes about 100.
SHORT_BOARD = "4W,7B,4Y"


def body(page: Page, key: str) -> str | None:
    """One of the attributes the table page keeps on <body> (data-step, data-over, data-mine).

    Read through a selector, which waits for a <body> to exist: a page in the middle of a navigation
    may have none for a moment, and script reading ``document.body`` would fail then."""
    return page.locator("body").get_attribute(f"data-{key}")


def wait_for_table(page: Page, timeout: float = 20) -> None:
    """Until the table page has drawn its first snapshot (its <body> carries ``data-step``).

    A selector wait, not a script: it survives navigations and a document that has no body yet."""
    page.wait_for_selector("body[data-step]", state="attached", timeout=timeout * 1000)


def wait_for_step_change(page: Page, step: str | None, timeout: float = 20) -> None:
    page.wait_for_selector(f"body[data-step]:not([data-step='{step}'])", state="attached", timeout=timeout * 1000)


def ada_against_a_bot(server: ServerProcess, browser: Browser, width: int = 1280, height: int = 800) -> Page:
    """A Tacocat table of Ada against one easy bot, opened at her seat in a new page."""
    table = httpx.post(
        server.url + "/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}]},
    ).json()
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    return page


def attack_by_clicking_cards(page: Page, rng: random.Random) -> bool:
    """Tacocat: pick one to three cards from the hand, then press Attack if that attack is legal."""
    hand = "#board .hand button.card"
    count = len(page.query_selector_all(hand))
    if not count:
        return False
    # Each click redraws the hand, so every card is looked up again by its place.
    for index in rng.sample(range(count), min(count, rng.choice([1, 1, 2, 3]))):
        page.locator(hand).nth(index).click(timeout=500)
    button = page.locator(".attack-button")
    if button.is_enabled():
        button.click(timeout=500)
        return True
    # Not a legal combination: clear the choice and attack with one card.
    while page.locator(hand + "[aria-pressed='true']").count():
        page.locator(hand + "[aria-pressed='true']").first.click(timeout=500)
    page.locator(hand).nth(rng.randrange(count)).click(timeout=500)
    if button.is_enabled():
        button.click(timeout=500)
        return True
    return False


def click_something(page: Page, rng: random.Random) -> None:
    if page.query_selector(".attack-button") is not None and attack_by_clicking_cards(page, rng):
        return
    options = page.query_selector_all(CLICKABLE)
    if options:
        rng.choice(options).click(timeout=500)


# Whether the game is over or the seat has a decision the page is not busy sending. Waited for in the
# page (checked every 50 ms there) while the bots play: asking from here every 30 ms took three
# round trips through the driver each time, for most of a game's length.
OURS_OR_OVER = """() => document.body.dataset.over === 'true'
  || (document.body.dataset.mine === 'true' && !document.body.classList.contains('busy'))"""


def wait_in_page(page: Page, condition: str, seconds: float = 2) -> None:
    """Until ``condition`` holds in the page or ``seconds`` pass (the caller looks again either way;
    a page between two documents, or a condition that did not come, is only a reason to look again)."""
    with contextlib.suppress(PlaywrightError):
        page.wait_for_function(condition, polling=50, timeout=seconds * 1000)


def play_until_over(page: Page, rng: random.Random, timeout: float = 150) -> list[str]:
    """Click legal things whenever it is our decision, until the game-over screen. Returns the
    messages the page showed (refusals would appear there)."""
    messages: list[str] = []
    deadline = time.time() + timeout
    while time.time() < deadline:
        wait_in_page(page, OURS_OR_OVER)
        if body(page, "over") == "true":
            page.wait_for_selector("#game-over[open]", timeout=5000)
            return messages
        if body(page, "mine") == "true" and "busy" not in (page.get_attribute("body", "class") or ""):
            # The page may change under the click (a bot moved, a window closed): then look again.
            with contextlib.suppress(PlaywrightError):
                click_something(page, rng)
            text = page.inner_text("#message").strip()
            if text:
                messages.append(text)
            time.sleep(0.03)
    raise AssertionError(f"the game did not end within {timeout} s (step {body(page, 'step')})")


BROKEN_NAMES = """() => {
  const bad = [];
  const pen = document.createElement("canvas").getContext("2d");
  for (const name of document.querySelectorAll(".card .name")) {
    const style = getComputedStyle(name);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    for (const word of name.textContent.split(/\\s+|(?<=-)|\\u00ad/)) {
      const width = pen.measureText(word).width;
      if (width > name.clientWidth + 0.5) bad.push(`${word}: ${Math.round(width)} px in ${name.clientWidth} px`);
    }
  }
  return bad;
}"""


def broken_card_names(page: Page) -> list[str]:
    """Card names with a word wider than its card (the browser would break it mid-word)."""
    found: list[str] = page.evaluate(BROKEN_NAMES)
    return found
