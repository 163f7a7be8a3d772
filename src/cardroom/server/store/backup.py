"""`cardroom backup`: a consistent copy of a live SQLite database, taken while the server runs.

SQLite's online backup API copies the database page by page through SQLite itself, so it takes part
in SQLite's locking (never opening the file behind its back, which would drop the server's locks,
see ``database._private_file``) and the copy is one committed state of the database: every
action acknowledged before the copy began, none half-written. The copy is written next to its
destination first and renamed into place, so an interrupted backup never leaves a torn file under
the destination's name. A PostgreSQL database is copied with PostgreSQL's own tools (``pg_dump``).
"""

from __future__ import annotations

import fcntl
import os
import re
import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url

PAGES_PER_STEP = 1024  # pages copied between two short pauses, so the server's writes go on
PG_ADVICE = (
    "cardroom backup copies SQLite databases. For PostgreSQL use its own tools while the server runs: "
    "pg_dump --format=custom --file=cardroom.dump '<url>' (restore with pg_restore --clean --dbname '<url>' "
    "cardroom.dump, the server stopped), or continuous archiving for point-in-time recovery."
)


STAMP = "%Y%m%dT%H%M%SZ"  # a copy's UTC time in its name: sorts as it was taken
NAMED = re.compile(r"^cardroom-(\d{8}T\d{6}Z)\.sqlite3$")  # the only files retention ever removes
# SQLite's unix VFS: every connection to a WAL database holds a shared lock on this byte of the -shm
# file for as long as it is open (the "DMS" lock, SQLITE_SHM_NLOCK bytes past the lock area at 120).
SHM_DMS_BYTE = 128


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


def dated_name(when: datetime) -> str:
    """The file name of a copy taken at ``when``: ``cardroom-20261129T030000Z.sqlite3``."""
    return f"cardroom-{when.astimezone(UTC).strftime(STAMP)}.sqlite3"


def copies_in(folder: Path) -> dict[datetime, Path]:
    """The scheduled copies in ``folder`` by when they were taken (other files are not copies)."""
    found = {}
    for path in folder.iterdir():
        named = NAMED.match(path.name)
        if named and path.is_file():
            found[datetime.strptime(named[1], STAMP).replace(tzinfo=UTC)] = path
    return found


def to_keep(taken: Iterable[datetime], daily: int, weekly: int) -> set[datetime]:
    """The copies a retention rule keeps: the newest copy of each of the ``daily`` most recent days
    that have one, and the newest of each of the ``weekly`` most recent ISO weeks that have one (UTC
    days and weeks). Counting days and weeks that *have* a copy, not calendar days, means a timer
    that stopped for a while never lets retention empty the folder: the newest copy is always kept
    while ``daily`` or ``weekly`` is at least 1."""
    if daily < 0 or weekly < 0:
        raise BackupError("the number of daily and weekly copies to keep is 0 or more")
    newest_first = sorted(taken, reverse=True)
    kept: set[datetime] = set()
    for count, period in ((daily, _day), (weekly, _week)):
        seen: list[tuple[int, ...]] = []
        for when in newest_first:
            if period(when) not in seen:
                seen.append(period(when))
                if len(seen) > count:
                    break
                kept.add(when)
    return kept


def _day(when: datetime) -> tuple[int, ...]:
    return (when.year, when.month, when.day)


def _week(when: datetime) -> tuple[int, ...]:
    year, week, _weekday = when.isocalendar()
    return (year, week)


def backup_into(
    url: str, folder: Path, daily: int, weekly: int, now: datetime | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Path, int, list[Path]]:  # fmt: skip
    """A copy of the database at ``url`` in ``folder`` named by its time, then the copies the rule
    (``daily``, ``weekly``: see :func:`to_keep`) does not keep removed: the new copy, its pages and
    the copies removed. Nothing is removed if the copy failed."""
    if daily + weekly < 1:
        raise BackupError("keep at least one copy (--keep-daily or --keep-weekly of 1 or more)")
    if not folder.is_dir():
        raise BackupError(f"the folder {folder} does not exist")
    destination = folder / dated_name(now or datetime.now(UTC))
    pages = backup(url, destination, progress)
    copies = copies_in(folder)
    kept = to_keep(copies, daily, weekly)
    removed = [path for when, path in sorted(copies.items()) if when not in kept]
    for path in removed:
        path.unlink()
    return destination, pages, removed


def in_use(database: Path) -> bool:
    """Whether a process has the SQLite database open (the server runs): its -shm file's shared lock,
    held by every open connection in WAL mode, is taken. A database nobody has open has no -shm
    file, or one whose lock is free."""
    shm = database.with_name(database.name + "-shm")
    try:
        fd = os.open(shm, os.O_RDWR)
    except FileNotFoundError:
        return False
    except PermissionError:
        raise BackupError(f"cannot open {shm} to see whether a server has the database open: "
                          "run this as the user the server runs as") from None  # fmt: skip
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, SHM_DMS_BYTE)
    except OSError:
        return True
    finally:
        os.close(fd)  # this process holds no SQLite connection to it: no lock of SQLite's is lost
    return False


def restore(copy: Path, url: str) -> Path | None:
    """Put ``copy`` (a file made by :func:`backup`) in place of the database at ``url``, the server
    stopped. The database it replaces is kept beside it as ``<name>.before-restore`` (with its
    write-ahead log, if one was left), so a restore can be undone; the path of that, if any.

    The copy is checked first (SQLite's quick check, and a card room's tables in it), and written
    next to its destination and renamed into place, as a backup is; the replaced database's -wal
    and -shm files go with it, so no log of the old database is replayed into the restored one."""
    target = sqlite_path(url)
    if not copy.is_file():
        raise BackupError(f"there is no copy at {copy}")
    if in_use(target):
        raise BackupError(f"{target} is open in a running server: stop the server first, then restore")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # private, as the database is
    os.close(fd)
    try:
        _checked_copy(copy, partial)
    except BaseException:
        partial.unlink(missing_ok=True)  # nothing of a refused copy is left behind
        raise
    kept = None
    if target.exists():
        kept = target.with_name(target.name + ".before-restore")
        os.replace(target, kept)
        wal = target.with_name(target.name + "-wal")
        if wal.exists():
            os.replace(wal, kept.with_name(kept.name + "-wal"))
    target.with_name(target.name + "-shm").unlink(missing_ok=True)
    os.replace(partial, target)
    return kept


def _checked_copy(copy: Path, destination: Path) -> None:
    """``copy`` checked (SQLite's quick check, a card room's tables in it) and written to
    ``destination`` through SQLite."""
    src = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
    dst = sqlite3.connect(destination)
    try:
        check = src.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise BackupError(f"the copy {copy} failed its integrity check: {check}")
        names = {row[0] for row in src.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"tables", "actions"} <= names:
            raise BackupError(f"{copy} is not a copy of a card room's database (it has no tables of games)")
        src.backup(dst)
    except sqlite3.Error as exc:
        raise BackupError(f"{copy} could not be read as a SQLite database: {exc}") from None
    finally:
        dst.close()
        src.close()
