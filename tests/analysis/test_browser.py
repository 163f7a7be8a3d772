"""In Chromium: a hint at a table with a bot, then the finished game's analysis on the game-over
screen, with its graph and marked decisions; screenshots of both."""

from __future__ import annotations

import os
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser

from tests.analysis.tables import finish_by_api
from tests.server.process import ServerProcess, free_port
from tests.web.conftest import SCREENSHOTS, browser, playwright  # noqa: F401 - fixtures
from tests.web.player import body, wait_for_table

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # A quick analysis (8 worlds a decision): this test checks the page, not the estimates.
    os.environ["CARDROOM_ANALYSIS_MAX_WORLDS"] = "8"
    os.environ["CARDROOM_ANALYSIS_PRECISION"] = "50"
    try:
        database = f"sqlite:///{tmp_path_factory.mktemp('analysis-web') / 'cardroom.sqlite3'}"
        process = ServerProcess(free_port(), database, bot_delay=0.0).start()
    finally:
        del os.environ["CARDROOM_ANALYSIS_MAX_WORLDS"], os.environ["CARDROOM_ANALYSIS_PRECISION"]
    yield process
    process.stop()


def test_hint_then_analysis_on_the_game_over_screen(server: ServerProcess, browser: Browser) -> None:  # noqa: F811
    created = httpx.post(server.url + "/api/tables", json={
        "game": "tacocat", "seats": [{"kind": "me", "name": "Ada"}, {"kind": "bot", "bot": "easy"}]}).json()
    tid, token = created["table_id"], created["token"]
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/table/{tid}#token={token}")
    wait_for_table(page)
    page.wait_for_function("document.body.dataset.mine === 'true'", timeout=20_000)
    page.click("#hint")
    page.wait_for_selector(".hint-list li", timeout=30_000)
    assert "The bot would play" in page.inner_text(".hint-box")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "analysis-hint.png"), full_page=True)

    finish_by_api(server.url, tid, token)
    page.wait_for_selector("#game-over[open]", timeout=20_000)
    assert body(page, "over") == "true"
    page.click("#analyse-game")
    page.wait_for_selector("#game-over .win-graph", timeout=90_000)
    assert "your play cost" in page.inner_text(".analysis-summary")
    assert page.locator(".win-graph path.line").count() == 1
    page.click(".all-decisions summary")
    rows = page.locator(".all-decisions tbody tr")
    assert rows.count() > 5
    verdicts = set(page.locator(".all-decisions .verdict").all_inner_texts())
    assert verdicts <= {"best", "inaccuracy", "mistake", "blunder"} and verdicts
    # Every decision that is not best has its mark on the graph.
    assert page.locator(".win-graph circle.mark").count() == sum(1 for v in page.locator(
        ".all-decisions .verdict").all_inner_texts() if v != "best")
    page.screenshot(path=str(SCREENSHOTS / "analysis-graph.png"), full_page=True)
    # The replay panel has the button too: it brings the analysis back.
    page.click("#close-over")
    page.click("#replay-box summary")
    page.click("#analyse-replay")
    page.wait_for_selector("#game-over[open] .win-graph", timeout=10_000)
    assert errors == []
    page.close()
