"""Browser tests: a real server process on a free port with a SQLite file, and Debian's Chromium
driven by Playwright. Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.server.process import ROOT, ServerProcess, free_port

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('web') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0).start()
    yield process
    process.stop()


# One Playwright driver and one Chromium per module. Tests share nothing through them: each opens its
# own pages (every new_page and new_context is a fresh profile, cookies and storage of its own). Not
# wider: while the sync driver runs, its event loop is this thread's, and another test's asyncio.run()
# is refused; a folder-wide (package) scope left the driver running into other folders' tests on an
# xdist worker (90 errors and 21 refused asyncio.run() in one full run), a module's scope ends with it.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    # Never skipped: `make test` installs Chromium when it is missing.
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
