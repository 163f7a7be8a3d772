"""axe-core, run in Chromium on the lobby and on a table of each game (desktop and phone width, each
page checked at both, resized between them): no serious or critical accessibility violations, colour
contrast (WCAG AA) included."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]  # the package ships no types
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table
from tests.web.widths import resized

pytestmark = pytest.mark.browser


def _serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:8]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


SIZES = {1280: 900, 390: 844}  # width -> height; this test has always seen 900 px at laptop width


def _at_each_width(page: Page, name: str, screenshots: Path | None = None) -> dict[str, list[str]]:
    """The serious violations at each width, the page resized to it (and a screenshot of each)."""
    found: dict[str, list[str]] = {}
    for width, _ in resized(page, SIZES):
        if screenshots is not None:
            page.screenshot(path=str(screenshots / f"{name}-{width}.png"), full_page=True)
        found[f"{name} at {width}"] = _serious(page)
    return found


def test_lobby_and_tables_have_no_serious_violations(
    server: ServerProcess, browser: Browser, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": SIZES[1280]})
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value='tacocat']", state="attached")
    problems = _at_each_width(page, "lobby")
    for game, players in (("tacocat", 2), ("exploding-kittens", 3), ("taco", 3)):
        seats = [{"kind": "me", "name": "Ada"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1)
        options = {} if game == "tacocat" else {"players": players}
        table = httpx.post(server.url + "/api/tables", json={"game": game, "seats": seats, "options": options}).json()
        page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
        wait_for_table(page)
        page.wait_for_selector("#board *")
        page.click("#rules-box summary")
        problems.update(_at_each_width(page, game, screenshots))
    assert all(not found for found in problems.values()), problems
    page.close()
