"""Click's error messages in the terminal's language, from the real `cardroom` command: a mistyped
option, a missing argument, an unknown command, a value that is not a number and an extra argument
are said in German under a German locale (the option, argument and command names as typed), and keep
Click's English exactly without one; every wording is read back and has German of its own."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from cardroom.locale.click_errors import WORDINGS, click_error_in, known

GERMAN = {"LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
ENGLISH = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}

MISTAKES = {  # what is typed: (Click's English, the German)
    "play --nope": ("No such option: --nope", "Keine solche Option: --nope"),
    "play tacocat --seats x": (
        "No such option: --seats (Possible options: --preset, --seat, --seed)",
        "Keine solche Option: --seats (mögliche Optionen: --preset, --seat, --seed)",
    ),
    "rules": ("Missing argument 'game'.", "Das Argument 'game' fehlt."),
    "nosuch": ("No such command 'nosuch'.", "Kein solcher Befehl 'nosuch'."),
    "play tacocat --seed": ("Option '--seed' requires an argument.", "Die Option '--seed' braucht einen Wert."),
    "rules tacocat extra": ("Got unexpected extra argument(s) (extra)", "Unerwartete zusätzliche Argumente (extra)"),
}


def error_of(args: str, language: dict[str, str]) -> str:
    """The error panel's message of the `cardroom` command (a wide terminal: one line; no frame)."""
    env = {**os.environ, **language, "COLUMNS": "250", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-m", "cardroom.cli.main", *args.split()], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2, done.stdout + done.stderr
    lines = [re.sub(r"^│ ?| *│$", "", line) for line in done.stderr.splitlines() if line.startswith("│")]
    return " ".join(line.strip() for line in lines)


@pytest.mark.parametrize("typed", list(MISTAKES))
def test_click_s_errors_in_german_and_english(typed: str) -> None:
    english, german = MISTAKES[typed]
    assert error_of(typed, ENGLISH) == english
    assert error_of(typed, GERMAN) == german


def test_every_wording_reads_its_english_and_has_german() -> None:
    assert known("Invalid value for '--seed': Input should be a valid integer, unable to parse string as an integer")
    assert click_error_in("Invalid value for '--seed': Value 'x' is not a valid Path.", "de") == (
        "Ungültiger Wert für '--seed': Der Wert 'x' ist kein gültiger Wert vom Typ Path."
    )
    for phrase in WORDINGS:
        assert phrase.in_language("de") != phrase.message, phrase.message
    assert click_error_in("Missing argument 'game'.", "en") == "Missing argument 'game'."
