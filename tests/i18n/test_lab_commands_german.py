"""What `cardroom balance`, `cardroom learn` and a command missing an optional extra print, in the
terminal's language: the real `cardroom` command run as a process under a German locale says its
words in German (numbers, bots' specs and options as typed), and under an English one as before."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]
ROOT = Path(__file__).resolve().parents[2]
# Refuses numpy as if it were not installed (a sitecustomize module on the child's path).
NO_NUMPY = """
import sys


class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "numpy":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Refuse())
"""


def cardroom(args: list[str], cwd: Path, lang: str, **env: str) -> tuple[int, str]:
    """The command's exit status and all it wrote (its lines unwrapped, as one text)."""
    environment = {**os.environ, "LANGUAGE": lang, "COLUMNS": "250", "NO_COLOR": "1", **env}
    done = subprocess.run([*CARDROOM, *args], cwd=cwd, env=environment, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def test_a_missing_extra_is_named_in_german(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "sitecustomize.py").write_text(NO_NUMPY)
    args = ["learn", "train", "--game", "tacocat", "--games", "4", "--out", str(tmp_path / "w.json")]
    path = {"PYTHONPATH": f"{blocker}{os.pathsep}{ROOT}"}
    code, german = cardroom(args, tmp_path, "de", **path)
    assert code == 2, german
    assert (
        "Fehler: cardroom learn braucht das Extra [fast] (numpy ist nicht installiert): pip install 'cardroom[fast]'"
        in german
    )
    code, english = cardroom(args, tmp_path, "en", **path)
    assert code == 2, english
    assert "error: cardroom learn needs the [fast] extra (numpy is not installed): pip install 'cardroom[fast]'" in english
