"""Faults of the SQLite file under a real server while people play: other processes reading, writing
and backing it up, a full disk, and the file made read-only. After each: nothing acknowledged is
lost (checked after a SIGKILL and a restart), nothing was shown that was not stored, and the room
serves again without being restarted."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.faults import (
    LoggedServer,
    Players,
    check_nothing_lost,
    check_serves,
    check_shown_is_stored,
    wait_for,
)
from tests.server.process import free_port

SHELL = ["sqlite3", "-bail", "-cmd", ".timeout 10000"]


def _shell(db: Path, *commands: str) -> None:
    """The sqlite3 shell, a process of its own, on the live database."""
    subprocess.run([*SHELL, str(db), *commands], check=True, capture_output=True, timeout=30)


def _python_read(db: Path) -> int:
    """A one-line read in another Python process: open, count, close."""
    code = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute('SELECT count(*) FROM actions').fetchone()[0]); c.close()"
    done = subprocess.run([sys.executable, "-c", code, str(db)], check=True, capture_output=True, timeout=30)
    return int(done.stdout)


def _restart_and_check(server: LoggedServer, url: str, players: Players) -> int:
    """SIGKILL the server, start it again, check every invariant: the acknowledged actions checked."""
    check_shown_is_stored(server.url, url, players)
    server.kill()
    server.start()
    checked = check_nothing_lost(url, players)
    check_shown_is_stored(server.url, url, players)
    check_serves(server.url, players)
    assert server.errors() == []
    assert not {s for s in players.statuses if s >= 500} - {503}, players.statuses
    return checked


def test_other_processes_reading_writing_and_backing_up_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    url = f"sqlite:///{db}"
    server = LoggedServer(free_port(), url, tmp_path / "server.log").start()
    players = Players(server.url, tables=4)
    try:
        players.start()
        wait_for(lambda: players.acknowledged() >= 20, 30, "20 moves acknowledged")
        for round_ in range(3):
            assert _python_read(db) >= 0
            _shell(db, "SELECT count(*) FROM tables;")
            _shell(db, "CREATE TABLE IF NOT EXISTS outside (x);", f"INSERT INTO outside VALUES ({round_});")
            _shell(db, f".backup {tmp_path / f'copy{round_}.sqlite3'}")
            _shell(db, f"VACUUM INTO '{tmp_path / f'vacuumed{round_}.sqlite3'}'")
            acked = players.acknowledged()
            wait_for(lambda acked=acked: players.acknowledged() >= acked + 10, 30, "10 more moves")
        players.stop()
        # Each copy is a consistent database with the actions of its moment.
        assert (
            _python_read(tmp_path / "copy2.sqlite3") > 0 and _python_read(tmp_path / "vacuumed2.sqlite3") > 0
        )
        assert _restart_and_check(server, url, players) >= 50
        assert players.statuses[503] == 0  # nothing here stops the server writing
    finally:
        players.stop()
        server.kill()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real, size-limited filesystem (tmpfs), unmounted at the end."""
    disk = tmp_path / "disk"
    disk.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(disk)], check=True)
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def _fill(disk: Path) -> Path:
    """Fill the filesystem to its last byte with one file."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 4096, 1):
            while True:
                try:
                    os.write(fd, b"\0" * size)
                except OSError:
                    break
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_answers_503_changes_nothing_and_recovers(small_disk: Path, tmp_path: Path) -> None:
    db = small_disk / "room.sqlite3"
    url = f"sqlite:///{db}"
    server = LoggedServer(free_port(), url, tmp_path / "server.log").start()
    players = Players(server.url, tables=4)
    try:
        players.start()
        wait_for(lambda: players.acknowledged() >= 20, 30, "20 moves acknowledged")
        # The write-ahead log emptied into the database (by another process), so the next commit
        # must grow it: with the disk full, it cannot.
        _shell(db, "PRAGMA wal_checkpoint(TRUNCATE);")
        filler = _fill(small_disk)
        wait_for(lambda: players.statuses[503] >= 5, 30, "moves refused with 503 on the full disk")
        health = httpx.get(f"{server.url}/healthz", timeout=10)
        assert health.status_code == 503 and not health.json()["writable"], health.text
        players.stop()
        check_shown_is_stored(server.url, url, players)  # nothing refused was applied
        filler.unlink()
        acked = players.acknowledged()
        players.start()  # the same server, without a restart
        wait_for(
            lambda: players.acknowledged() >= acked + 20, 30, "moves acknowledged after the disk has room"
        )
        players.stop()
        assert _restart_and_check(server, url, players) >= 40
    finally:
        players.stop()
        server.kill()


def test_a_read_only_database_answers_503_changes_nothing_and_recovers(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    url = f"sqlite:///{db}"
    server = LoggedServer(free_port(), url, tmp_path / "server.log").start()
    players = Players(server.url, tables=4)
    frozen = [db, db.with_name(db.name + "-wal")]
    try:
        players.start()
        wait_for(lambda: players.acknowledged() >= 20, 30, "20 moves acknowledged")
        # Root ignores file modes: the files are made immutable, which holds for root and for the
        # server's descriptors already open (a read-only filesystem, in effect).
        subprocess.run(["chattr", "+i", *map(str, frozen)], check=True)
        wait_for(lambda: players.statuses[503] >= 5, 30, "moves refused with 503 on the read-only file")
        health = httpx.get(f"{server.url}/healthz", timeout=10)
        assert health.status_code == 503 and not health.json()["writable"], health.text
        players.stop()
        check_shown_is_stored(server.url, url, players)
        subprocess.run(["chattr", "-i", *map(str, frozen)], check=True)
        acked = players.acknowledged()
        players.start()
        wait_for(lambda: players.acknowledged() >= acked + 20, 30, "moves acknowledged once writable again")
        players.stop()
        assert _restart_and_check(server, url, players) >= 40
    finally:
        subprocess.run(["chattr", "-i", *map(str, frozen)], check=False, capture_output=True)
        players.stop()
        server.kill()
