"""Faults of the SQLite file under a real server while people play: other processes reading, writing
and backing it up, a full disk, and the file made read-only. After each: nothing acknowledged is
lost (checked after a SIGKILL and a restart), nothing was shown that was not stored, and the room
serves again without being restarted."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.faults import (
    LoggedServer,
    Players,
    check_shown_is_stored,
    fill,
    playing,
    restart_and_check,
    size_limited_disk,
)
from tests.support.polling import until

SHELL = ["sqlite3", "-bail", "-cmd", ".timeout 10000"]


def _shell(db: Path, *commands: str) -> None:
    """The sqlite3 shell, a process of its own, on the live database."""
    subprocess.run([*SHELL, str(db), *commands], check=True, capture_output=True, timeout=30)


def _python_read(db: Path) -> int:
    """A one-line read in another Python process: open, count, close."""
    code = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute('SELECT count(*) FROM actions').fetchone()[0]); c.close()"
    done = subprocess.run([sys.executable, "-c", code, str(db)], check=True, capture_output=True, timeout=30)
    return int(done.stdout)


def test_other_processes_reading_writing_and_backing_up_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    url = f"sqlite:///{db}"
    with playing(url, tmp_path / "server.log") as (server, players):
        for round_ in range(3):
            assert _python_read(db) >= 0
            _shell(db, "SELECT count(*) FROM tables;")
            _shell(db, "CREATE TABLE IF NOT EXISTS outside (x);", f"INSERT INTO outside VALUES ({round_});")
            _shell(db, f".backup {tmp_path / f'copy{round_}.sqlite3'}")
            _shell(db, f"VACUUM INTO '{tmp_path / f'vacuumed{round_}.sqlite3'}'")
            acked = players.acknowledged()
            until(lambda acked=acked: players.acknowledged() >= acked + 10, 30, "10 more moves")
        players.stop()
        # Each copy is a consistent database with the actions of its moment.
        assert _python_read(tmp_path / "copy2.sqlite3") > 0 and _python_read(tmp_path / "vacuumed2.sqlite3") > 0
        assert restart_and_check(server, url, players) >= 50
        assert players.statuses[503] == 0  # nothing here stops the server writing


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    with size_limited_disk(tmp_path / "disk") as disk:
        yield disk


def _refused_then_recovered(server: LoggedServer, url: str, players: Players, fault: str) -> None:
    """Moves are refused with 503 and the health check says so; nothing refused was applied."""
    until(lambda: players.statuses[503] >= 5, 30, f"moves refused with 503 ({fault})")
    health = httpx.get(f"{server.url}/healthz", timeout=10)
    assert health.status_code == 503 and not health.json()["writable"], health.text
    players.stop()
    check_shown_is_stored(server.url, url, players)


def _plays_again(players: Players) -> None:
    """The same server, without a restart, acknowledges moves again."""
    acked = players.acknowledged()
    players.start()
    until(lambda: players.acknowledged() >= acked + 20, 30, "moves acknowledged after the fault")
    players.stop()


def test_a_full_disk_answers_503_changes_nothing_and_recovers(small_disk: Path, tmp_path: Path) -> None:
    db = small_disk / "room.sqlite3"
    url = f"sqlite:///{db}"
    with playing(url, tmp_path / "server.log") as (server, players):
        # The write-ahead log emptied into the database (by another process), so the next commit
        # must grow it: with the disk full, it cannot.
        _shell(db, "PRAGMA wal_checkpoint(TRUNCATE);")
        filler = fill(small_disk)
        _refused_then_recovered(server, url, players, "the disk is full")
        filler.unlink()
        _plays_again(players)
        assert restart_and_check(server, url, players) >= 40


def test_a_read_only_database_answers_503_changes_nothing_and_recovers(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    url = f"sqlite:///{db}"
    frozen = [str(db), str(db) + "-wal"]
    try:
        with playing(url, tmp_path / "server.log") as (server, players):
            # Root ignores file modes: the files are made immutable, which holds for root and for
            # the server's descriptors already open (a read-only filesystem, in effect).
            subprocess.run(["chattr", "+i", *frozen], check=True)
            _refused_then_recovered(server, url, players, "the file is read-only")
            subprocess.run(["chattr", "-i", *frozen], check=True)
            _plays_again(players)
            assert restart_and_check(server, url, players) >= 40
    finally:
        subprocess.run(["chattr", "-i", *frozen], check=False, capture_output=True)
