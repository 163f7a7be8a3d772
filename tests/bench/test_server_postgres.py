"""The benchmarks' fresh PostgreSQL database for each run comes with a checkpoint made as it is
created, so PostgreSQL's timed checkpoint (every five minutes, counted from the last one) cannot fall
inside a run of a minute and slow one code's commits by chance. On a real PostgreSQL."""

from __future__ import annotations

import sys
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "server"))  # bench/ is not a package
from _server_postgres import fresh_database  # noqa: E402

from tests.server.postgres import throwaway  # noqa: E402


def last_checkpoint(url: str) -> int:
    """Where the latest checkpoint's record is in the write-ahead log (bytes from its start)."""
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT checkpoint_lsn - '0/0'::pg_lsn FROM pg_control_checkpoint()").fetchone()
    assert row is not None
    return int(row[0])


def test_a_fresh_database_comes_with_a_checkpoint_made_after_it() -> None:
    with throwaway() as postgres:
        with psycopg.connect(postgres.url) as conn:
            row = conn.execute("SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn").fetchone()
        assert row is not None
        before = int(row[0])
        assert last_checkpoint(postgres.url) < before  # none made since the cluster started
        url = fresh_database(postgres.url, "bench_run")
        assert url.endswith("/bench_run")
        assert last_checkpoint(url) > before
        with psycopg.connect(url) as conn:  # the database is there and empty
            row = conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").fetchone()
        assert row == (0,)
