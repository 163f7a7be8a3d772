"""Why a terminal command refuses, in the terminal's language: the English the parts below the
catalogue write (the registry, the options' parse, the arena, the balance lab, the learned value, a
record that cannot be read, arena-merge) read back by ``locale/command_refusals.py``, from the real
`cardroom` command under a German locale; and the wordings read the texts those parts really raise."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cardroom.arena.config import ArenaConfig, check_run_size
from cardroom.arena.merge import load_result, merge
from cardroom.balance import BalanceConfig
from cardroom.core.errors import CardroomError
from cardroom.core.options import parse_assignments
from cardroom.core.registry import make
from cardroom.locale.command_refusals import command_refusal, known

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]


def _refused(args: list[str], cwd: Path) -> str:
    env = {**os.environ, "LANGUAGE": "de", "COLUMNS": "250", "NO_COLOR": "1"}
    done = subprocess.run([*CARDROOM, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    return " ".join((done.stdout + done.stderr).split())


def test_the_terminal_s_refusals_in_german(tmp_path: Path) -> None:
    (tmp_path / "empty.json").write_text("{}")
    said = {
        ("play", "nosuch"): "Fehler: kein Spiel namens 'nosuch'; Spiele: tacocat,",
        ("play", "tacocat", "--vs", "nobot"): "Fehler: unbekannter Bot 'nobot'; die Bots: random,",
        ("play", "tacocat", "--lang", "fr"): "Fehler: --lang ist eines von en, de, nicht 'fr'",
        ("rules", "tacocat", "--preset", "nope"): "Fehler: tacocat hat keine Voreinstellung 'nope'",
        ("rules", "tacocat", "-o", "x"): "eine Option ist KEY=VALUE, nicht 'x'",
        ("replay", "empty.json"): 'Fehler: empty.json ist keine Aufzeichnung von cardroom (erwartet: "format":',
        (
            "arena",
            "tacocat",
            "--bots",
            "random",
            "--games",
            "2",
        ): "Fehler: die Arena braucht mindestens zwei Bot-Angaben",
        ("arena-merge", "empty.json"): "Fehler: empty.json: kein Ergebnis der Arena, wie `cardroom arena --out` es",
    }
    for args, words in said.items():
        text = _refused(list(args), tmp_path)
        assert words in text, (args, text)
        assert "error:" not in text


def _raised(make_it: Callable[[], object]) -> str:
    with pytest.raises((CardroomError, ValueError)) as caught:
        make_it()
    return str(caught.value)


def test_the_wordings_read_what_the_parts_raise(tmp_path: Path) -> None:
    (tmp_path / "empty.json").write_text(json.dumps({}))
    texts = [
        _raised(lambda: make("nosuch")),
        _raised(lambda: parse_assignments(["x"])),
        _raised(lambda: check_run_size(0, 1, "local")),
        _raised(lambda: check_run_size(1, 0, "local")),
        _raised(lambda: check_run_size(1, 1, "nope")),
        _raised(lambda: ArenaConfig("tacocat", ("random",))),
        _raised(lambda: BalanceConfig("tacocat", ())),
        _raised(lambda: BalanceConfig("tacocat", ("random",), blocks=0)),
        _raised(lambda: BalanceConfig("tacocat", ("random",), paired=-1)),
        _raised(lambda: BalanceConfig("tacocat", ("random",), engine="fast")),
        _raised(lambda: load_result(tmp_path / "empty.json")),
        _raised(lambda: load_result(tmp_path / "missing.json")),
        _raised(lambda: merge([])),
    ]
    unread = [text for text in texts if not known(text)]
    assert unread == []
    worded = {text: command_refusal(text, "de") for text in texts}
    assert [text for text, german in worded.items() if german == text] == []  # each said in German
    assert all(command_refusal(text, "en") == text for text in texts)  # English as written
