"""The server goes away and comes back: the page says so at once, disables every action, reconnects
by itself and resyncs to the server's step, with no raw browser error anywhere."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.process import ServerProcess, free_port
from tests.web.player import body, wait_for_table

pytestmark = pytest.mark.browser


def test_the_page_shows_a_lost_connection_and_recovers(browser: Browser, tmp_path: Path, screenshots: Path) -> None:
    database = f"sqlite:///{tmp_path / 'drop.sqlite3'}"
    server = ServerProcess(free_port(), database).start()
    try:
        table = httpx.post(
            server.url + "/api/tables",
            json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "easy"}]},
        ).json()
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
        wait_for_table(page)
        page.wait_for_selector("#actions button.action")
        step = body(page, "step")
        server.kill()
        page.wait_for_selector("#connection:visible", timeout=5000)
        assert "cannot be reached" in page.inner_text("#connection")
        assert body(page, "mine") == "false"
        assert page.eval_on_selector_all("#actions button", "bs => bs.length > 0 && bs.every(b => b.disabled)")
        page.screenshot(path=str(screenshots / "connection-lost.png"))

        server = ServerProcess(server.port, database).start()
        page.wait_for_selector("#connection", state="hidden", timeout=15000)
        assert body(page, "step") == step
        assert body(page, "mine") == "true"
        assert page.eval_on_selector_all("#actions button.action", "bs => bs.some(b => !b.disabled)")
        assert "Failed to fetch" not in page.content()
        page.close()
    finally:
        server.stop()
