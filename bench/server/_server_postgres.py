"""A throwaway PostgreSQL's databases for the benchmarks: a fresh database a run, and a write-ahead
log filled once so that no run meets the first-use cost of a new cluster's log files."""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.server.postgres import Postgres


def fresh_database(url: str, name: str) -> str:
    """A new, empty database ``name`` (dropped first if there), its URL; with a checkpoint just made.

    PostgreSQL checkpoints every five minutes (``checkpoint_timeout``), counted from the last
    checkpoint of any kind, and while a timed one writes out the dirty pages every commit's sync waits
    longer: in one block the two runs it overlapped, one of each code, had a p99 inside the server of
    35-36 ms, where the same code had 8.5-9.2 ms in the runs before it. Which code's runs it fell in
    was chance, and it swung comparisons. A run takes about a minute, so a checkpoint made as its
    database is created leaves none to fall in it."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
        conn.execute("CHECKPOINT")
    return url.rsplit("/", 1)[0] + "/" + name


def warm_wal(url: str, megabytes: int = 256) -> None:
    """Fill PostgreSQL's write-ahead log once and let a checkpoint recycle it, as on a server that
    has been running a while. A new cluster creates each 16 MB log file the first time it needs one,
    filled with zeros and synced, and every commit waits meanwhile: stalls of 0.6-1.3 s seen in both
    server processes at once. ``min_wal_size`` keeps the recycled files for the runs that follow."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"ALTER SYSTEM SET min_wal_size = '{megabytes}MB'")
        conn.execute("SELECT pg_reload_conf()")
        conn.execute("CREATE TABLE wal_warmup (pad text)")
        conn.execute("INSERT INTO wal_warmup SELECT repeat('x', 1000) FROM generate_series(1, %s)", (megabytes * 900,))
        conn.execute("DROP TABLE wal_warmup")
        conn.execute("CHECKPOINT")


@contextmanager
def throwaway_postgres(wanted: bool) -> Iterator[str | None]:
    """A PostgreSQL started for this benchmark (commits synced to disk, as in production; its
    write-ahead log filled once) and its URL, stopped and removed afterwards; None if not ``wanted``."""
    if not wanted:
        yield None
        return
    root = Path(tempfile.mkdtemp(prefix="cardroom-bench-pg-"))  # PostgreSQL takes it over
    postgres = Postgres(root, durable=True).start()
    try:
        warm_wal(postgres.url)
        yield postgres.url
    finally:
        postgres.stop()
        shutil.rmtree(root, ignore_errors=True)


def database_for(postgres_url: str | None, name: str, folder: Path) -> str:
    """A run's database: a fresh one of the throwaway PostgreSQL, or a new SQLite file in ``folder``."""
    if postgres_url:
        return fresh_database(postgres_url, name)
    return f"sqlite:///{folder / 'load.sqlite3'}"
