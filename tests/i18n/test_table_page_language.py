"""The table page in the language its menu picks, in Chromium on a real server: the rules panel shows
the rules in the page's language, and again in the new one once the menu changes it; the table's
socket carries the page's language (``lang``), so a close reason the server words comes in it."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.server.process import ServerProcess, free_port

pytestmark = pytest.mark.browser

ENGLISH_RULES = "Two players, YAY (seat 0) and WOW (seat 1)"  # the first lines of Tacocat's rules.md
GERMAN_RULES = "Zwei Spieler, YAY (Platz 0) und WOW (Platz 1)"  # and of its rules.de.md


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('table-language') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database).start()
    yield process
    process.stop()


def _sockets(page: Page) -> list[str]:
    """The languages the page's table sockets asked for, in the order they opened."""
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(",".join(parse_qs(urlsplit(ws.url).query).get("lang", []))))
    return opened


def _rules_say(page: Page, words: str) -> None:
    page.wait_for_function(
        "words => document.querySelector('#rules').textContent.includes(words)", arg=words, timeout=10_000
    )


def test_the_rules_and_the_socket_follow_the_page_s_language(server: ServerProcess, browser: Browser) -> None:
    table = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]},
    ).json()
    context = browser.new_context(locale="en-US")
    page = context.new_page()
    opened = _sockets(page)
    page.goto(f"{server.url}/table/{table['table_id']}#token={table['token']}")
    _rules_say(page, ENGLISH_RULES)
    page.wait_for_function("document.body.dataset.online === 'true'", timeout=10_000)
    assert opened == ["en"]
    with page.expect_navigation():
        page.select_option("#lang", "de")
    _rules_say(page, GERMAN_RULES)
    assert ENGLISH_RULES not in (page.text_content("#rules") or "")
    page.wait_for_function("document.body.dataset.online === 'true'", timeout=10_000)
    assert opened == ["en", "de"]  # the seat's socket, after the page came back in German
    context.close()
