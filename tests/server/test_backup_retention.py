"""Scheduled backups and restoring one (`cardroom backup FOLDER`, `cardroom restore COPY`; docs/deploy.md):
the retention rule keeps the newest copy of each of the last N days and M weeks; a copy taken from a real server while it runs, restored after
the server stopped, brings back the tables it held and none made after it; a restore while the
server runs, or of a file that is not a copy, is refused and changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from typer.testing import CliRunner

from cardroom.cli.main import app
from cardroom.server.store import database
from cardroom.server.store.backup import copies_in, dated_name, to_keep
from tests.server.process import ServerProcess, create_seated, free_port

TWO_PEOPLE: dict[str, object] = {"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]}


def backup_command(*args: str) -> tuple[int, str]:
    """``cardroom ARGS`` (its entry point, in this process: a second instead of a subprocess's
    imports): the exit status and what it printed."""
    done = CliRunner().invoke(app, list(args))
    return done.exit_code, done.output


def test_retention_keeps_the_newest_copy_of_each_recent_day_and_week() -> None:
    start = datetime(2026, 10, 1, 0, 30, tzinfo=UTC)  # a Thursday
    taken = [start + timedelta(hours=6 * i) for i in range(4 * 40)]  # four copies a day until Monday 9 November
    kept = to_keep(taken, daily=7, weekly=4)
    evening = [datetime(2026, m, d, 18, 30, tzinfo=UTC) for m, d in
               [(10, 25), (11, 1), (11, 3), (11, 4), (11, 5), (11, 6), (11, 7), (11, 8), (11, 9)]]  # fmt: skip
    # Days: the last copy of 3 to 9 November. Weeks: those of 9 November (a Monday) and 2 to 8
    # November are already kept by their days; 26 October to 1 November and 19 to 25 October add
    # their last copies.
    assert sorted(kept) == evening


def test_retention_counts_days_that_have_a_copy_so_a_stopped_timer_empties_nothing() -> None:
    old = [datetime(2026, 1, 1, 3, tzinfo=UTC) + timedelta(days=i) for i in range(3)]
    assert to_keep(old, daily=2, weekly=0) == set(old[1:])  # months later: still the last two
    assert to_keep(old, daily=0, weekly=1) == {old[-1]}


def test_backup_into_a_folder_keeps_by_the_rule_and_touches_no_other_file(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    yesterday = datetime.now(UTC) - timedelta(days=1)
    for hours in (0, 1, 2):  # three copies of yesterday, found by their names
        (folder / dated_name(yesterday - timedelta(hours=hours))).write_bytes(b"old")
    (folder / "notes.txt").write_text("not a copy")
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"
    engine = database.make_engine(url)
    database.upgrade(engine)  # a card room's database, its schema made
    engine.dispose()
    status, out = backup_command("backup", str(folder), "--database", url, "--keep-daily", "2", "--keep-weekly", "0")
    assert status == 0, out
    assert "removed 2 older copies" in out, out
    left = copies_in(folder)
    assert len(left) == 2 and max(left).date() == datetime.now(UTC).date()
    assert (folder / "notes.txt").exists()
    status, out = backup_command("backup", str(folder), "--database", url, "--keep-daily", "0", "--keep-weekly", "0")
    assert status == 2 and "keep at least one copy" in out, out
    assert len(copies_in(folder)) == 2


def test_a_copy_restored_after_the_server_stopped_brings_its_tables_back(tmp_path: Path) -> None:
    db = tmp_path / "room.sqlite3"
    url = f"sqlite:///{db}"
    folder = tmp_path / "backups"
    folder.mkdir()
    server = ServerProcess(free_port(), url).start()
    try:
        before = create_seated(server.url, TWO_PEOPLE)["table_id"]
        status, out = backup_command("backup", str(folder), "--database", url)
        assert status == 0, out
        after = create_seated(server.url, TWO_PEOPLE)["table_id"]  # made after the copy was taken
        (copy,) = copies_in(folder).values()
        status, out = backup_command("restore", str(copy), "--database", url)
        assert status == 2 and "stop the server first" in out, out
        assert httpx.get(f"{server.url}/api/tables/{after}").status_code == 200  # nothing was changed
    finally:
        server.stop()
    not_a_copy = tmp_path / "other.sqlite3"
    not_a_copy.write_bytes(b"this is no database at all, only text" * 200)
    status, out = backup_command("restore", str(not_a_copy), "--database", url)
    assert status == 2 and "could not be read as a SQLite database" in out, out
    assert not db.with_name("room.sqlite3.partial").exists()

    status, out = backup_command("restore", str(copy), "--database", url)
    assert status == 0 and "restored" in out and "before-restore" in out, out
    assert db.with_name("room.sqlite3.before-restore").exists()  # the replaced one, to undo it
    server = ServerProcess(free_port(), url).start()
    try:
        assert httpx.get(f"{server.url}/api/tables/{before}").status_code == 200
        assert httpx.get(f"{server.url}/api/tables/{after}").status_code == 404
    finally:
        server.stop()
