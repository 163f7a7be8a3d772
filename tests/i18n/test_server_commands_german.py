"""`cardroom serve`, `backup`, `restore` and `admin` in the terminal's language: the real `cardroom`
command run as a process under a German locale (``LANGUAGE=de``) prints their help, their output and
their refusals in German, and under an English one exactly as before."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from cardroom.server.store import Store
from tests.server.process import free_port

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]


def _cardroom(args: list[str], cwd: Path, lang: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANGUAGE": lang, "COLUMNS": "200", "NO_COLOR": "1"}
    return subprocess.run(CARDROOM + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


def test_admin_in_german(tmp_path: Path) -> None:
    database = ["--database", "sqlite:///room.sqlite3"]
    helped = _cardroom(["admin", "--help"], tmp_path, "de")
    assert helped.returncode == 0, helped.stderr
    assert "Für alle, die den Raum betreiben: Meldungen, Konten sperren, Tische schließen." in helped.stdout
    assert "Konto sperren" in helped.stdout and "For whoever" not in helped.stdout
    assert "install-completion" not in helped.stdout  # Typer's own (English) options are gone with it
    suspend = _cardroom(["admin", "suspend", "Niemand", *database], tmp_path, "de")
    assert suspend.returncode == 1 and suspend.stderr.strip() == "kein Konto heißt 'Niemand'"
    close = _cardroom(["admin", "close", "t-none", *database], tmp_path, "de")
    assert close.returncode == 1
    assert close.stderr.strip() == (
        "an Tisch t-none wird nicht gespielt (unbekannt oder schon beendet): nichts wurde geschlossen"
    )


def test_backup_and_restore_in_german(tmp_path: Path) -> None:
    database = "sqlite:///room.sqlite3"  # in the command's folder
    Store.open(f"sqlite:///{tmp_path / 'room.sqlite3'}").close()
    made = _cardroom(["backup", "copy.sqlite3", "--database", database], tmp_path, "de")
    assert made.returncode == 0, made.stderr
    assert (
        "Seiten nach copy.sqlite3 gesichert (zum Wiederherstellen: den Server beenden, dann cardroom restore "
        "copy.sqlite3)" in made.stdout
    )
    assert "kopiere Seiten" in made.stdout and "backed up" not in made.stdout
    restored = _cardroom(["restore", "copy.sqlite3", "--database", database], tmp_path, "de")
    assert restored.returncode == 0, restored.stderr
    assert " ".join(restored.stdout.split()) == (
        "copy.sqlite3 als room.sqlite3 wiederhergestellt; die ersetzte Datenbank ist als "
        "room.sqlite3.before-restore aufbewahrt. Starte jetzt den Server."
    )
    missing = _cardroom(["backup", "c.sqlite3", "--database", "sqlite:///none.sqlite3"], tmp_path, "de")
    assert missing.returncode == 2 and "Fehler: unter none.sqlite3 gibt es keine Datenbank" in missing.stdout


def test_serve_in_german(tmp_path: Path) -> None:
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        busy = _cardroom(["serve", "--port", str(port)], tmp_path, "de")
    assert busy.returncode == 1
    assert f"cardroom kann nicht auf 127.0.0.1:{port} lauschen: " in busy.stderr
    assert f"beende es oder nimm einen anderen: cardroom serve --port {port + 1}" in busy.stderr
    env = {**os.environ, "LANGUAGE": "de"}
    args = ["serve", "--port", str(free_port()), "--database", f"sqlite:///{tmp_path / 'room.sqlite3'}"]
    with subprocess.Popen(CARDROOM + args, cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
        finally:
            server.terminate()
    assert line.startswith("cardroom ist offen unter http://localhost:") and "(Datenbank: " in line, line
