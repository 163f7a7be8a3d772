"""`cardroom admin`, reached through the project's own command (the server's part imported only then)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def _cardroom(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardroom.cli.main", *args], capture_output=True, text=True, timeout=120
    )


def test_admin_commands_answer_through_cardroom(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"
    listed = _cardroom("admin", "reports", "--database", url)
    assert listed.returncode == 0 and "no reports" in listed.stdout, listed
    unknown = _cardroom("admin", "suspend", "Nobody", "--database", url)
    assert unknown.returncode == 1 and "no account is called 'Nobody'" in unknown.stdout + unknown.stderr
    helped = _cardroom("admin", "--help")
    assert helped.returncode == 0 and all(word in helped.stdout for word in ("reports", "suspend", "close"))
    wrong = _cardroom("admin", "frob")
    assert wrong.returncode == 2 and "No such command 'frob'" in wrong.stdout + wrong.stderr
