"""Typer's own words in a command's help under a German locale: the usage line's "[OPTIONS]" and
"COMMAND [ARGS]...", and the names of a value's type in the help panels (``<str>``, ``<int range>``,
``<list[str]>``), from the real `cardroom` command; under an English locale as Typer writes them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom.cli.help_language import type_name

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]


def _help(args: list[str], cwd: Path, lang: str) -> str:
    env = {**os.environ, "LANGUAGE": lang, "COLUMNS": "250", "NO_COLOR": "1"}
    done = subprocess.run([*CARDROOM, *args, "--help"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return " ".join(done.stdout.split())


def test_usage_and_types_in_german(tmp_path: Path) -> None:
    play = _help(["play"], tmp_path, "de")
    assert "Aufruf: python -m cardroom.cli.main play [OPTIONEN] {game}" in play
    for shown in ("game <Text>", "--players <Ganzzahl>", "--vs <Liste[Text]>", "--records <Pfad>", "--delay <Zahl>"):
        assert shown in play, shown
    train = _help(["learn", "train"], tmp_path, "de")
    assert "--games <Ganzzahl-Bereich> [x>=1]" in train  # the range's bounds as written
    group = _help(["learn"], tmp_path, "de")
    assert "learn [OPTIONEN] BEFEHL [ARGUMENTE]..." in group
    compare = _help(["balance"], tmp_path, "de")
    assert "--compare <Text,Text>..." in compare
    for text in (play, train, group, compare):
        assert not re.search(r"<(str|int|float|bool|path|list)\b|\bint range|\[OPTIONS\]|COMMAND \[ARGS\]", text)


def test_usage_and_types_in_english_as_typer_writes_them(tmp_path: Path) -> None:
    play = _help(["play"], tmp_path, "en")
    assert "Usage: python -m cardroom.cli.main play [OPTIONS] {game}" in play
    assert "--players <int>" in play and "--vs <list[str]>" in play and "--records <path>" in play
    assert "--games <int range> [x>=1]" in _help(["learn", "train"], tmp_path, "en")
    assert "learn [OPTIONS] COMMAND [ARGS]..." in _help(["learn"], tmp_path, "en")


@pytest.mark.parametrize(
    ("typer_s", "german"),
    [("str", "Text"), ("int range", "Ganzzahl-Bereich"), ("list[int]", "Liste[Ganzzahl]"), ("str,str", "Text,Text"),
     ("easy|hard", "easy|hard"), ("datetime", "datetime")],
)  # fmt: skip
def test_type_names(typer_s: str, german: str) -> None:
    assert type_name(typer_s, "de") == german
    assert type_name(typer_s, "en") == typer_s
