"""A SQLite database made at an older migration, with rows written as that revision stored them: the
migration tests then open it with the newest code (``Store.open`` upgrades) and check the rows."""

from __future__ import annotations

from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import text

from cardroom.server.store import database


def database_at(url: str, revision: str, rows: list[tuple[str, dict[str, Any]]]) -> None:
    """Create the database at ``url`` up to ``revision`` and run each ``(statement, parameters)``."""
    engine = database.make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(resources.files("cardroom.server.store") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        for statement, parameters in rows:
            connection.execute(text(statement), parameters)
    engine.dispose()
