"""Turn alerts in a background tab: at a table of three people playing Exploding Kittens, Ada's page is
hidden while Bob and Cy (and Ada, from "another device") play through the server's API. On Bob's and
Cy's turns nothing alerts; when Cy's draw makes it Ada's turn, within a second her tab's icon is
marked and (notifications allowed to the page, the box ticked) a desktop notification is made; when
the tab is shown again the mark goes and the notification closes, and when her turn passes while
hidden the mark goes too. A spectator's hidden page is never alerted. The opt-in asks the browser for
permission only when ticked, and is remembered.

Headless Chromium keeps every page visible, so the page's visibility is set by a script installed
before the page's own (document.hidden and visibilityState, and the visibilitychange event, as a
browser gives them), and desktop notifications are counted by wrapping the browser's own
Notification, which still makes each one.

The module drives the whole Chromium, not the headless shell the other browser tests share: the shell
keeps the notification permission denied whatever is granted."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright

from tests.server.process import ServerProcess
from tests.web.chromium import CHROMIUM_ARGS, FULL_CHROMIUM
from tests.web.player import body, wait_for_step_change, wait_for_table

pytestmark = pytest.mark.browser

WATCH = """
window.__notices = [];
window.__asked = 0;
const Real = window.Notification;
if (Real) {
  class Counted extends Real {
    constructor(title, options) {
      super(title, options);
      const seen = { title, body: options && options.body, closed: false };
      window.__notices.push(seen);
      this.addEventListener("close", () => { seen.closed = true; });
      const close = this.close.bind(this);
      this.close = () => { seen.closed = true; close(); };
    }
  }
  Object.defineProperty(Counted, "permission", { get: () => Real.permission });
  Counted.requestPermission = (...args) => { window.__asked += 1; return Real.requestPermission(...args); };
  window.Notification = Counted;
}
window.__setHidden = (hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  document.dispatchEvent(new Event("visibilitychange"));
};
"""

ICON = "document.querySelector(\"link[rel~='icon']\").getAttribute('href')"


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    launched = playwright.chromium.launch(executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


def _context(browser: Browser, server: ServerProcess, allowed: bool) -> BrowserContext:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH)
    if allowed:
        context.grant_permissions(["notifications"], origin=server.url)
    return context


def _three_people(server: ServerProcess) -> tuple[str, dict[int, str]]:
    table = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "exploding-kittens",
            "options": {"players": 3},
            "turn_seconds": 900,
            "seats": [
                {"kind": "me", "name": "Ada"},
                {"kind": "invite", "name": "Bob"},
                {"kind": "invite", "name": "Cy"},
            ],
        },
    ).json()
    tokens = {0: table["token"]}
    for invitation in table["invitations"]:
        joined = httpx.post(
            f"{server.url}/api/tables/{table['table_id']}/join",
            headers={"Authorization": f"Bearer {invitation['token']}"},
            json={},
        ).json()
        tokens[invitation["seat"]] = joined["token"] or invitation["token"]
    return table["table_id"], tokens


def _play_until(server: ServerProcess, table_id: str, tokens: dict[int, str], seat: int) -> float:
    """Play (draw, and put a defused Kitten back at the bottom) for whoever is to act until ``seat``
    is; no card is played, so no reaction window opens. Returns when the last move was answered."""
    where = f"{server.url}/api/tables/{table_id}"
    done = time.time()
    for _ in range(12):
        view: dict[str, Any] = httpx.get(f"{where}/view", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()[
            "view"
        ]
        if view["to_act"] == [seat]:
            return done
        actor = view["to_act"][0]
        mine = httpx.get(f"{where}/view", headers={"Authorization": f"Bearer {tokens[actor]}"}).json()["view"]
        legal = mine["legal_actions"]
        move = (
            "draw"
            if "draw" in legal
            else max((a for a in legal if a.startswith("place ")), key=lambda a: int(a.split()[1]))
        )
        answer = httpx.post(
            f"{where}/actions",
            headers={"Authorization": f"Bearer {tokens[actor]}"},
            json={"step": mine["step"], "action": move},
        )
        assert answer.status_code == 200, answer.text
        done = time.time()
    raise AssertionError(f"seat {seat} never came to act")


def _open(context: BrowserContext, server: ServerProcess, table_id: str, token: str | None) -> Page:
    page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}" + (f"#token={token}" if token else ""))
    wait_for_table(page)
    return page


def _settled(page: Page, step: str | None) -> str | None:
    """Until the page has drawn a newer step than ``step`` (the alerts are decided in that render)."""
    wait_for_step_change(page, step)
    page.evaluate("new Promise((done) => setTimeout(done, 0))")  # the alerts run just after the render
    return body(page, "step")


def test_a_hidden_tab_is_alerted_on_its_own_turn_only(server: ServerProcess, browser: Browser) -> None:
    table_id, tokens = _three_people(server)
    context = _context(browser, server, allowed=True)
    page = _open(context, server, table_id, tokens[0])
    page.wait_for_selector("body[data-mine='true']", state="attached")
    plain = page.evaluate(ICON)
    page.click("#share-box summary")
    page.check("#notify")
    assert page.evaluate("window.__asked") == 0  # allowed already: nothing to ask
    watcher_context = _context(browser, server, allowed=True)
    watcher_context.add_init_script(
        "localStorage.setItem('cardroom.notify', '1'); localStorage.setItem('cardroom.sound', '1')"
    )
    watcher = _open(watcher_context, server, table_id, None)
    assert body(watcher, "role") == "spectator"
    assert watcher.locator("#notify-label").is_hidden()
    for shown in (page, watcher):
        shown.evaluate("window.__setHidden(true)")
    # Ada's turn began while she looked: hidden now, the icon says so, but nothing new is announced.
    assert page.evaluate(ICON) != plain
    assert page.title().startswith("● Your turn")

    step = body(page, "step")
    _play_until(server, table_id, tokens, 1)  # Ada's turn played from elsewhere: Bob's turn
    step = _settled(page, step)
    assert page.evaluate(ICON) == plain, "the mark stayed after the turn passed"
    _play_until(server, table_id, tokens, 2)  # Bob's turn: then Cy's
    step = _settled(page, step)
    assert page.evaluate(ICON) == plain and not page.title().startswith("●")
    assert page.evaluate("window.__notices") == [], "alerted on another seat's turn"

    _play_until(server, table_id, tokens, 0)  # Cy draws: Ada's turn
    page.wait_for_function("window.__notices.length === 1", timeout=1000)
    assert page.evaluate(ICON) != plain
    assert page.title().startswith("● Your turn")
    notice = page.evaluate("window.__notices[0]")
    assert "Your turn" in notice["title"] and notice["body"] == page.inner_text("#status"), notice

    page.evaluate("window.__setHidden(false)")  # Ada comes back to the tab
    assert page.evaluate(ICON) == plain
    assert page.evaluate("window.__notices[0].closed") is True
    assert not page.title().startswith("●")

    assert watcher.evaluate("window.__notices") == [] and watcher.evaluate(ICON) == plain, "a spectator was alerted"
    assert not watcher.title().startswith("●")
    context.close()
    watcher_context.close()


def test_notifications_are_asked_for_only_when_ticked_and_remembered(server: ServerProcess, browser: Browser) -> None:
    table_id, tokens = _three_people(server)
    undecided = _context(browser, server, allowed=False)
    page = _open(undecided, server, table_id, tokens[1])
    page.click("#share-box summary")
    assert page.evaluate("window.__asked") == 0 and not page.is_checked("#notify")
    page.click("#notify")
    page.wait_for_function("window.__asked === 1", timeout=1000)
    undecided.close()

    allowed = _context(browser, server, allowed=True)
    page = _open(allowed, server, table_id, tokens[2])
    page.click("#share-box summary")
    assert not page.is_checked("#notify")
    page.check("#notify")
    page.wait_for_function("localStorage.getItem('cardroom.notify') === '1'", timeout=1000)
    page.reload()
    wait_for_table(page)
    assert page.is_checked("#notify")
    page.click("#share-box summary")
    page.uncheck("#notify")
    page.reload()
    wait_for_table(page)
    assert not page.is_checked("#notify")
    allowed.close()
