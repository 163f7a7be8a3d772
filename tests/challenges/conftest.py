"""The challenges' tests that run on both databases take them from here: a SQLite file of the test's own,
or a throwaway PostgreSQL server started for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import postgres


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'daily.sqlite3'}"
    else:
        with postgres.throwaway() as server:
            yield server.url
