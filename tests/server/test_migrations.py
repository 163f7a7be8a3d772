"""The shipped migrations build exactly the schema the code describes (nothing for autogenerate to add)."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from cardroom.server.store import database
from cardroom.server.store.schema import metadata


def test_migrations_match_the_schema(tmp_path: Path) -> None:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    database.upgrade(engine)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []
