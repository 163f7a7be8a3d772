"""Every prompt on screen: at 1280x800 and 390x844, for every game at two players and at its most
(Exploding Kittens 10, T.A.C.O. 8), whenever this seat must decide, the status text saying what to do,
the countdown and every legal choice are inside the viewport together, wherever the page is scrolled.

Bounded in time: each configuration is played for its first few decisions (DECISIONS), by clicking
what the page offers, and each decision is measured at both sizes on the same page (resized between
them); the tables have a long turn timer and reaction window, so a countdown is always running and no
clock moves the game on while it is measured. Screenshots of each configuration at each size are
saved to artifacts/screenshots/layout-*.png."""

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
from tests.web.widths import resized

pytestmark = pytest.mark.browser

DECISIONS = 4
VIEWPORTS = {1280: "laptop", 390: "phone"}  # the screenshots' names
CONFIGS = [("tacocat", 2), ("exploding-kittens", 2), ("exploding-kittens", 10), ("taco", 2), ("taco", 8)]

# What is wrong on screen right now, from the page's own list of this seat's choices.
MEASURE = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const inside = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.left >= -1 && r.top >= -1 && r.right <= vw + 1 && r.bottom <= vh + 1; };
  const problems = [];
  const status = document.getElementById("status");
  const said = status.textContent.trim();
  if (!said || said.startsWith("Waiting")) problems.push(`status does not say what to do: ${said}`);
  if (!inside(status)) problems.push("status off screen");
  const clock = document.getElementById("countdown");
  if (clock.hidden || !inside(clock)) problems.push(`countdown not on screen (${clock.hidden ? "hidden" : clock.textContent}; ${said})`);
  const box = document.getElementById("choices");
  const legal = JSON.parse(box.dataset.legal || "[]");
  if (!legal.length) problems.push("no choices listed");
  // Choices made with a builder (several cards at once), in two steps (T.A.C.O.: the card, then the
  // taco; the test checks the second step too), in the chat, or with a list of players and a button
  // for each card (a Favor at a table of many) are reached by their controls.
  const helper = (t) => t.startsWith("attack ") ? ".attack-builder" : t.startsWith("five ") ? ".combo-start, .combo-cards"
    : t === "hail" || t === "accent" ? "#to-chat" : t.startsWith("play ") ? `.card-pick[data-card="${t.split(" ")[1]}"]` : null;
  for (const text of legal) {
    const aimed = [...box.querySelectorAll("[data-actions]")].some((b) => JSON.parse(b.dataset.actions).includes(text));
    const button = box.querySelector(`[data-action="${CSS.escape(text)}"]`) || (helper(text) && box.querySelector(helper(text))) || aimed;
    if (!button) problems.push(`no control for ${text}`);
  }
  for (const control of box.querySelectorAll("button, select, input")) {
    if (shown(control) && !inside(control)) problems.push(`off screen: ${control.textContent.trim() || control.id}`);
  }
  return problems;
}"""


def _table(server: ServerProcess, game: str, players: int) -> dict[str, str]:
    seats = [{"kind": "me", "name": "Ada"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1)
    options = {} if game == "tacocat" else {"players": players}
    created: dict[str, str] = httpx.post(
        server.url + "/api/tables",
        json={"game": game, "seats": seats, "options": options, "reaction_seconds": 60, "turn_seconds": 900},
    ).json()
    return created


def _on_screen(page: Page, step: str | None, where: tuple[object, ...]) -> bool:
    """Assert that everything needed for this decision is on screen at each size, at the top of the
    page and at its end. False if the game moved on under the measurement (a bot's move)."""
    for width, _ in resized(page):
        viewport = VIEWPORTS[width]
        for scroll in (0, 100_000):
            page.evaluate(f"window.scrollTo(0, {scroll})")
            problems = page.evaluate(MEASURE)
            if body(page, "step") != step:
                return False
            assert problems == [], (*where, viewport, step, scroll, problems)
    return True


def _measure(page: Page, step: str | None, where: tuple[object, ...]) -> bool:
    """This decision on screen at both sizes; for a card played in two steps, the tacos offered for
    the first card too. False if the game moved on under the measurement, so the decision could not
    be measured."""
    if not _on_screen(page, step, where):
        return False
    if page.locator(".card-pick").count():
        with contextlib.suppress(PlaywrightError):
            page.locator(".card-pick").last.click(timeout=1000)
        if body(page, "step") != step:
            return False
        page.wait_for_selector("#choices button.action[data-action^='play ']", timeout=5000)
        return _on_screen(page, step, where)
    return True


def _screenshots(page: Page, folder: Path, name: str) -> None:
    """The page as it is now at each size, the last size left as it was."""
    for width, _ in resized(page):
        page.screenshot(path=str(folder / f"{name.format(viewport=VIEWPORTS[width])}.png"))


def _my_decision(page: Page, timeout: float) -> bool:
    """Until this seat must decide (True) or the game is over (False)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if body(page, "over") == "true":
            return False
        if body(page, "mine") == "true" and "busy" not in (page.get_attribute("body", "class") or ""):
            return True
        time.sleep(0.05)
    raise AssertionError(f"no decision within {timeout} s (step {body(page, 'step')})")


@pytest.mark.parametrize(("game", "players"), CONFIGS, ids=[f"{g}-{n}" for g, n in CONFIGS])
def test_prompt_countdown_and_choices_are_on_screen(
    server: ServerProcess, browser: Browser, screenshots: Path, game: str, players: int
) -> None:
    table = _table(server, game, players)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    rng = random.Random(f"{game}{players}")
    measured = 0
    seen: set[str | None] = set()
    deadline = time.time() + 90
    while measured < DECISIONS and time.time() < deadline and _my_decision(page, 30):
        step = body(page, "step")
        if step not in seen:
            seen.add(step)
            page.wait_for_function("document.getElementById('countdown').textContent !== ''")
            if _measure(page, step, (game, players)):
                _screenshots(page, screenshots, f"layout-{game}-{players}-{{viewport}}-{measured}")
                measured += 1
        with contextlib.suppress(PlaywrightError):
            click_something(page, rng)
        # Until the click's answer is in (an action sent keeps the page busy until its new step is
        # drawn); a click that sent nothing (a card picked for a choice of several parts, a refused
        # combination) leaves the same decision, which is clicked on, not measured again.
        with contextlib.suppress(PlaywrightError):
            page.wait_for_function(
                "step => document.body.dataset.step !== step || !document.body.classList.contains('busy')",
                arg=step,
                timeout=5000,
            )
    assert measured >= min(DECISIONS, 2), f"only {measured} decisions measured"
    assert errors == []
    # Names everywhere: the log speaks of people, never of P0, P1…; Tacocat's sides go with a name.
    log = page.inner_text("#log") + page.inner_text("#board")
    assert not re.search(r"\bP\d+\b", log), log
    sides = re.sub(r"(\(|, )(YAY|WOW)\)|(YAY|WOW)'s goal|you are (YAY|WOW)|[→←] (YAY|WOW)", "", log)
    assert not re.search(r"\b(YAY|WOW)\b", sides), sides
    page.close()
