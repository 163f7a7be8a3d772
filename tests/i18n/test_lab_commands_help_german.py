"""`cardroom balance --help`, `cardroom learn --help` and `cardroom learn train --help` in the terminal's
language: the real `cardroom` command run as a process under a German locale shows each command's
text and every option's help in German, and under an English one in English; and the catalogue
holds each English message once (a second entry would be read in its place, unseen)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from cardroom.locale import catalogue_text

CARDROOM = [sys.executable, "-m", "cardroom.cli.main"]


def _help(args: list[str], cwd: Path, lang: str) -> str:
    env = {**os.environ, "LANGUAGE": lang, "COLUMNS": "250", "NO_COLOR": "1"}
    done = subprocess.run([*CARDROOM, *args, "--help"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return " ".join(done.stdout.split())  # the panels' frames and wrapping aside


def test_balance_help_in_german_and_english(tmp_path: Path) -> None:
    german = _help(["balance"], tmp_path, "de")
    assert "GAME viele Male mit festen Bots auf doppelt gespielten Austeilungen spielen" in german
    for words in ("Bot-Angaben; eine Angabe spielt jeden Platz", "unabhängige Seed-Blöcke", "Ordner für balance.json"):
        assert words in german, words
    assert not re.search(r"games to play|worker processes|folder for|Play GAME", german)
    english = _help(["balance"], tmp_path, "en")
    assert "Play GAME many times with fixed bots on duplicate deals" in english
    assert "bot specs; one spec plays every seat, several rotate seats" in english


def test_learn_help_in_german(tmp_path: Path) -> None:
    group = _help(["learn"], tmp_path, "de")
    assert "Der gelernte Wert: die Gewinnchance eines Platzes, trainiert im Spiel gegen sich selbst." in group
    assert "Den gelernten Wert von GAME mit der Heuristik auf jedem Platz trainieren" in group  # the command's line
    train = _help(["learn", "train"], tmp_path, "de")
    for words in (
        "Tischgrößen, etwa 2,4",
        "Spiele gegen sich selbst je Tischgröße",
        "derselbe Seed ergibt dieselbe Datei",
    ):
        assert words in train, words
    assert not re.search(r"self-play games|table sizes|the seed of every game", train)


def test_each_message_has_one_german_entry() -> None:
    entries = re.findall(r'^msgid ((?:".*"\n)+)', catalogue_text("de"), flags=re.MULTILINE)
    seen: set[str] = set()
    twice = [entry for entry in entries if entry in seen or seen.add(entry)]
    assert twice == []
