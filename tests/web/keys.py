"""A person at the table who plays with the keyboard alone: at each decision they press one of the keys
the page shows on its choices (never a click), and check what a screen reader was told."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import httpx
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess, seeded
from tests.web.player import body, wait_for_table, wait_in_page

# Counts every pointer press on the page, from before its first script: keyboard play makes none.
COUNT_POINTERS = """
window.__pointers = 0;
for (const type of ["pointerdown", "mousedown", "touchstart"]) {
  window.addEventListener(type, () => { window.__pointers += 1; }, { capture: true });
}
"""

# Every entry ever added to the game log, and every one removed while the game was live.
WATCH_LOG = """() => {
  window.__logAdded = [];
  window.__logRemoved = 0;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node.tagName === "LI") window.__logAdded.push(node.textContent);
      window.__logRemoved += [...change.removedNodes].filter((node) => node.tagName === "LI").length;
    }
  }).observe(document.getElementById("log"), { childList: true });
}"""

# Where the table stands for Ada, in one read (two reads could straddle a snapshot): whether the game
# is over, whether she has a decision, the status line, the newest assertive announcement, and the
# choices the page gives a key, with that key as aria-keyshortcuts names it ("N", "3", "Shift+3").
STATE = """() => {
  const said = document.getElementById('now').lastElementChild;
  return {
    over: document.body.dataset.over === 'true',
    mine: document.body.dataset.mine === 'true' && !document.body.classList.contains('busy'),
    status: document.getElementById('status').textContent.trim(),
    said: said ? said.textContent : '',
    message: document.getElementById('message').textContent.trim(),
    keys: [...document.querySelectorAll('#choices [aria-keyshortcuts]')]
      .filter((c) => !c.disabled && c.tagName !== 'SELECT')
      .map((c) => [c.getAttribute('aria-keyshortcuts').split(' ')[0], Boolean(c.dataset.action || c.dataset.actions)]),
  };
}"""


# Whether Ada can act by a key (the choices STATE counts) or the game is over: waited for in the page.
KEYS_OR_OVER = """() => document.body.dataset.over === 'true'
  || (document.body.dataset.mine === 'true' && !document.body.classList.contains('busy')
      && [...document.querySelectorAll('#choices [aria-keyshortcuts]')]
        .some((c) => !c.disabled && c.tagName !== 'SELECT'))"""


def private_table(
    server: ServerProcess,
    game: str,
    players: int,
    options: dict[str, object] | None = None,
    reaction: float = 30,
    seed: int | None = None,
) -> dict[str, str]:
    """A private table of Ada and easy bots, without a move clock (a decision waits for her, which the
    page's countdown would otherwise show; a table without one must be private). ``seed``: a known
    deal (the test server's seeding header), for a test whose game should be the same length each run."""
    seats = [{"kind": "me", "name": "Ada"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1)
    response = httpx.post(
        server.url + "/api/tables",
        json={
            "game": game,
            "seats": seats,
            "options": (options or {}) if game == "tacocat" else {"players": players, **(options or {})},
            "reaction_seconds": reaction,
            "turn_seconds": "none",
            "private": True,
        },
        headers=seeded(seed) if seed is not None else None,
    )
    assert response.status_code == 201, response.text
    made: dict[str, str] = response.json()
    return made


def open_by_keyboard(browser: Browser, server: ServerProcess, table: dict[str, str]) -> Page:
    """The table page at Ada's seat, counting pointer presses and watching the log from the start."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(COUNT_POINTERS)
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    wait_for_table(page)
    page.evaluate(WATCH_LOG)
    return page


def announced(page: Page, region: str = "now") -> list[str]:
    """What the page has put in one of its spoken regions (#now, #said, #log), oldest first."""
    texts: list[str] = page.eval_on_selector(f"#{region}", "e => [...e.children].map((c) => c.textContent)")
    return texts


@dataclass
class KeyboardGame:
    """What a game played by keys showed: each decision's status line and what was announced for it."""

    decisions: list[tuple[str, str]] = field(default_factory=list)  # (status line, last announcement)
    keys: list[str] = field(default_factory=list)  # every key pressed
    messages: list[str] = field(default_factory=list)


def play_by_keys(page: Page, rng: random.Random, timeout: float = 60, until: str | None = None) -> KeyboardGame:
    """Press a shown key whenever the seat has a decision, until the game-over dialog (or until the
    script ``until`` holds), and note, at every new decision (a new status line), the assertive
    region's newest announcement. A key that makes a move is pressed more often than one that picks
    a card for a choice of several parts, and drawing more often still."""
    seen = KeyboardGame()
    deadline = time.time() + timeout
    last_status = None
    while time.time() < deadline:
        if until is not None and page.evaluate(until):
            return seen
        now = page.evaluate(STATE)
        if now["message"] and now["message"] not in seen.messages:
            seen.messages.append(now["message"])
        if now["over"]:
            page.wait_for_selector("#game-over[open]", timeout=5000)
            return seen
        if not now["mine"] or not now["keys"]:
            last_status = None
            if until is None:
                wait_in_page(page, KEYS_OR_OVER)
            else:
                time.sleep(0.02)
            continue
        if now["status"] != last_status:
            seen.decisions.append((now["status"], now["said"]))
            last_status = now["status"]
        moves = [key for key, move in now["keys"] if move]
        key = rng.choice(moves if moves and rng.random() < 0.7 else [key for key, _ in now["keys"]])
        if "D" in moves and rng.random() < 0.4:
            key = "D"  # Exploding Kittens: drawing often keeps a game of ten short
        seen.keys.append(key)
        page.keyboard.press(key.lower() if len(key) == 1 else key)
        time.sleep(0.01)
    raise AssertionError(f"the game did not end within {timeout} s (step {body(page, 'step')})")


def pointer_presses(page: Page) -> int:
    count: int = page.evaluate("window.__pointers")
    return count
