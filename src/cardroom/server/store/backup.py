"""`cardroom backup`: a consistent copy of a live SQLite database, taken while the server runs.

SQLite's online backup API copies the database page by page through SQLite itself, so it takes part
in SQLite's locking (never opening the file behind its back, which would drop the server's locks,
see ``database._private_file``) and the copy is one committed state of the database: every
action acknowledged before the copy began, none half-written. The copy is written next to its
destination first and renamed into place, so an interrupted backup never leaves a torn file under
the destination's name. A PostgreSQL database is copied with PostgreSQL's own tools (``pg_dump``).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from sqlalchemy.engine import make_url

PAGES_PER_STEP = 1024  # pages copied between two short pauses, so the server's writes go on
PG_ADVICE = (
    "cardroom backup copies SQLite databases. For PostgreSQL use its own tools while the server runs: "
    "pg_dump --format=custom --file=cardroom.dump '<url>' (restore with pg_restore --clean --dbname '<url>' "
    "cardroom.dump, the server stopped), or continuous archiving for point-in-time recovery."
)


class BackupError(Exception):
    """Why the backup could not be made (a sentence for the person who asked)."""


def sqlite_path(url: str) -> Path:
    """The file of a SQLite URL; :class:`BackupError` for another database."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        raise BackupError(PG_ADVICE)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        raise BackupError(f"cardroom backup copies a SQLite database file, not {parsed.get_backend_name()!r}")
    return Path(parsed.database)


def backup(url: str, destination: Path, progress: Callable[[int, int], None] | None = None) -> int:
    """Copy the database at ``url`` to ``destination`` (replaced if it exists): its size in pages.
    ``progress(copied, total)`` is called as the pages are copied."""
    source = sqlite_path(url)
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    destination = destination.resolve()
    if destination == source.resolve():
        raise BackupError("the backup's destination is the database itself: name another file")
    if not destination.parent.is_dir():
        raise BackupError(f"the folder {destination.parent} does not exist")
    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    # Read-only, through SQLite: it takes its shared locks and reads the write-ahead log like any
    # other reader; nothing here ever opens the file itself.
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # private, as the database is
    os.close(fd)  # a new file of our own: no lock of the server's is on it
    dst = sqlite3.connect(partial)
    try:

        def step(_status: int, remaining: int, total: int) -> None:
            if progress is not None:
                progress(total - remaining, total)

        src.backup(dst, pages=PAGES_PER_STEP, progress=step)
        pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
        check = dst.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise BackupError(f"the copy failed its integrity check: {check}")
        dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
    except sqlite3.Error as exc:
        raise BackupError(f"the backup failed: {exc}") from None
    finally:
        dst.close()
        src.close()
    os.replace(partial, destination)
    return pages
