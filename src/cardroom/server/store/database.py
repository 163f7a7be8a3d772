"""Connecting to the database and bringing its schema up to date with Alembic on startup."""

from __future__ import annotations

import contextlib
import os
from importlib import resources
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

from cardroom.server.store.readiness import Readiness, check_shared_memory

# The default database: a SQLite file in the directory the server is started from.
DEFAULT_SQLITE_FILE = "cardroom.sqlite3"
ENV_URL = "CARDROOM_DATABASE_URL"


def database_url(given: str | None = None) -> str:
    """The URL to use: the one given, else $CARDROOM_DATABASE_URL, else ./cardroom.sqlite3."""
    if given:
        return given
    from_env = os.environ.get(ENV_URL)
    if from_env:
        return from_env
    return f"sqlite:///{Path(DEFAULT_SQLITE_FILE).resolve()}"


def make_engine(url: str, readiness: Readiness | None = None) -> Engine:
    """The engine for ``url``; with ``readiness``, its connections are refused until the schema is
    checked (see :mod:`.readiness`). On SQLite, none is made while the ``-shm`` file is frozen."""
    if url.startswith("postgresql://"):
        # psycopg 3 is the driver the `server` extra installs.
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    # On PostgreSQL a pooled connection is checked before each use, so a server restart or a killed
    # backend costs a reconnect, never a failed request. (A SQLite file's connections cannot go stale.)
    engine = create_engine(url, future=True, pool_pre_ping=url.startswith("postgresql"))
    if engine.dialect.name == "sqlite":
        path = engine.url.database
        # A disk that cannot take even an empty file fails the schema check instead (Store.prepare),
        # which tries again: the server starts anyway.
        with contextlib.suppress(OSError):
            _private_file(path)

        def pragmas(dbapi_connection: object, _record: object) -> None:
            check_shared_memory(path)  # before the first statement maps the -shm file
            _sqlite_pragmas(dbapi_connection)

        event.listen(engine, "connect", pragmas)
    if readiness is not None:
        readiness.guard(engine)
    return engine


def private_file(engine: Engine) -> None:
    """On SQLite, the database file made now if it is not there yet, readable by its owner only (see
    :func:`_private_file`); OSError if the disk cannot take it."""
    if engine.dialect.name == "sqlite":
        _private_file(engine.url.database)


def _private_file(path: str | None) -> None:
    """Create the SQLite file readable by its owner only, if it does not exist yet: it holds live
    games' seeds, and SQLite gives its -wal and -shm files the database file's permissions.

    An existing file is never opened here. On POSIX, closing any descriptor of a file drops every
    lock this process holds on it: opening and closing the live database outside SQLite (as this
    did once per engine) let another process's SQLite believe it was the file's last user and
    delete the write-ahead log, with every action committed to it since the last checkpoint."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    os.close(fd)  # a new, empty file nobody has opened: there is no lock to lose


def _sqlite_pragmas(dbapi_connection: object) -> None:
    # WAL lets readers run while the one writer commits; FULL sync makes an acknowledged action
    # survive a killed process or a power cut.
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration (`alembic upgrade head`)."""
    # Alembic is imported here, not at the top: commands that only read (`cardroom backup`) never
    # migrate and should not pay for loading it.
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(resources.files("cardroom.server.store") / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def printable_url(url: str) -> str:
    """The URL without a password, fit to print."""
    return make_url(url).render_as_string(hide_password=True)
