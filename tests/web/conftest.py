"""Browser tests: a real server process on a free port with a SQLite file, and Debian's Chromium
driven by Playwright (the driver and the browser are the worker's, from tests/conftest.py). Screenshots
go to artifacts/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.process import ROOT, ServerProcess, free_port
from tests.web.chromium import CHROMIUM, CHROMIUM_ARGS

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "SCREENSHOTS", "screenshots", "server"]

SCREENSHOTS = ROOT / "artifacts" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path_factory.mktemp('web') / 'cardroom.sqlite3'}"
    process = ServerProcess(free_port(), database, bot_delay=0.0).start()
    yield process
    process.stop()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
