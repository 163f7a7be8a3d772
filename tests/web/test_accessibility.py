"""axe-core, run in Chromium on the lobby and on a table of each game (desktop and phone width):
no serious or critical accessibility violations, colour contrast (WCAG AA) included."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]  # the package ships no types
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess
from tests.web.player import wait_for_table

pytestmark = pytest.mark.browser


def _serious(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:8]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("width", [1280, 390])
def test_lobby_and_tables_have_no_serious_violations(
    server: ServerProcess, browser: Browser, screenshots: Path, width: int
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900 if width > 400 else 844})
    page.goto(server.url + "/")
    page.wait_for_selector("#game option[value='tacocat']", state="attached")
    problems = {"lobby": _serious(page)}
    for game, players in (("tacocat", 2), ("exploding-kittens", 3), ("taco", 3)):
        seats = [{"kind": "me", "name": "Ada"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1)
        options = {} if game == "tacocat" else {"players": players}
        table = httpx.post(server.url + "/api/tables", json={"game": game, "seats": seats, "options": options}).json()
        page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
        wait_for_table(page)
        page.wait_for_selector("#board *")
        page.click("#rules-box summary")
        page.screenshot(path=str(screenshots / f"{game}-{width}.png"), full_page=True)
        problems[game] = _serious(page)
    assert all(not found for found in problems.values()), problems
    page.close()
