"""`cardroom backup` while a real server is being played on: a consistent copy with every action
acknowledged before it began, one file, checked; and a clear answer for PostgreSQL."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.server.faults import check_nothing_lost, playing
from tests.support.polling import until

CARDROOM = shutil.which("cardroom", path=str(Path(sys.executable).parent)) or "cardroom"


def test_backup_during_play_is_a_consistent_copy(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"
    copy = tmp_path / "backups" / "copy.sqlite3"
    copy.parent.mkdir()
    with playing(url, tmp_path / "server.log") as (_, players):
        before = {t.id: dict(t.acked) for t in players.tables}
        done = subprocess.run(
            [CARDROOM, "backup", str(copy), "--database", url], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert "backed up" in done.stdout
        until(lambda: players.acknowledged() >= sum(map(len, before.values())) + 10, 30, "play goes on")
        players.stop()
    assert sorted(p.name for p in copy.parent.iterdir()) == ["copy.sqlite3"]  # no -wal, no partial file
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = {(t, s): seat for t, s, seat in conn.execute("SELECT table_id, step, seat FROM actions")}
    for table_id, acked in before.items():
        for step, (seat, _) in acked.items():
            assert stored.get((table_id, step)) == seat, (table_id, step)
    # The live database lost nothing either.
    assert check_nothing_lost(url, players) > 0


def test_backup_of_postgresql_says_what_to_use_and_of_nothing_says_so(tmp_path: Path) -> None:
    pg = subprocess.run(
        [CARDROOM, "backup", str(tmp_path / "x"), "--database", "postgresql://u@127.0.0.1:1/db"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert pg.returncode == 2 and "pg_dump" in pg.stdout, pg.stdout
    missing = subprocess.run(
        [CARDROOM, "backup", str(tmp_path / "x"), "--database", f"sqlite:///{tmp_path / 'none.sqlite3'}"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert missing.returncode == 2 and "there is no database at" in missing.stdout, missing.stdout
    assert not (tmp_path / "none.sqlite3").exists()  # asking created nothing
