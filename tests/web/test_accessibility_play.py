"""axe-core while the game is being played, not only when the page loads: while a reaction window is
open for this seat (Exploding Kittens' Nope window, T.A.C.O.'s Instants; Tacocat has none, so its
first decision is checked) and at game over with the dialog open, at laptop and phone width (each
state checked at both, the page resized between them). No serious or critical violations, colour
contrast (WCAG AA) included. Screenshots of each are saved to artifacts/screenshots/axe-*.png."""

from __future__ import annotations

import contextlib
import random
import re
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.server.process import ServerProcess
from tests.web.player import body, click_something, wait_for_table
from tests.web.test_accessibility import _serious
from tests.web.widths import LAPTOP_AND_PHONE, resized

pytestmark = pytest.mark.browser

WINDOW = (
    "document.body.dataset.mine === 'true' && document.getElementById('countdown').textContent.startsWith('Reaction')"
)


def _until_window(page: Page, rng: random.Random, timeout: float = 40) -> None:
    """Click legal things until a reaction window is open for this seat."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if page.evaluate(WINDOW):
            return
        if body(page, "mine") == "true" and "busy" not in (page.get_attribute("body", "class") or ""):
            with contextlib.suppress(PlaywrightError):
                click_something(page, rng)
        time.sleep(0.05)
    # Say where the seat was stuck, so a failure can be understood from the log alone.
    state = {key: body(page, key) for key in ("step", "mine", "over", "online")}
    choices = page.locator("#actions").inner_text()
    raise AssertionError(f"no reaction window came within {timeout:.0f} s; page {state}; decision bar: {choices!r}")


def _at_each_width(page: Page, screenshots: Path, name: str) -> dict[int, list[str]]:
    """The serious violations at each width, the page resized to it; a screenshot of each."""
    found: dict[int, list[str]] = {}
    for width, _ in resized(page):
        page.screenshot(path=str(screenshots / name.format(width=width)))
        found[width] = _serious(page)
    return found


@pytest.mark.parametrize("game", ["tacocat", "exploding-kittens", "taco"])
def test_no_serious_violations_in_a_window_and_at_game_over(
    server: ServerProcess, browser: Browser, screenshots: Path, game: str
) -> None:
    seats = [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}]
    options = {} if game == "tacocat" else {"players": 2}
    table = httpx.post(
        server.url + "/api/tables",
        json={"game": game, "seats": seats, "options": options, "reaction_seconds": 60},
    ).json()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    if game == "tacocat":
        page.wait_for_selector("body[data-mine='true']", state="attached")
    else:
        _until_window(page, random.Random(5))
    deciding = _at_each_width(page, screenshots, f"axe-{game}-{{width}}-deciding.png")
    # Game over, by conceding (no window may be open then: it closes when answered).
    page.wait_for_selector("#concede:enabled", timeout=70_000)
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#game-over[open]")
    over = _at_each_width(page, screenshots, f"axe-{game}-{{width}}-over.png")
    # The dialog and the log speak of people by name, never of P0 or P1.
    said = page.inner_text("#game-over") + page.inner_text("#log")
    assert "Ada" in page.inner_text("#game-over") and not re.search(r"\bP\d+\b", said), said
    clean: dict[int, list[str]] = {width: [] for width in LAPTOP_AND_PHONE}
    assert deciding == clean and over == clean, {"deciding": deciding, "over": over}
    page.close()
