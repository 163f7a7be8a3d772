"""The terminal's other commands in German, run as the real `cardroom` command with a German locale:
their --help (the commands' and options' texts, Typer's panel titles, Click's "Usage:" and its help
option's text), `games`, `replay` and
`analyse`; the same commands without a German locale keep their English words."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardroom
from cardroom.bots.policy import make_policy
from cardroom.cli.records import Record

GERMAN = {"LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
ENGLISH = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
QUICK = ["--precision", "50", "--max-worlds", "8", "--search-playouts", "256"]


def cardroom_says(args: list[str], language: dict[str, str]) -> str:
    """What the `cardroom` command prints (a wide terminal, so that no line is wrapped)."""
    env = {**os.environ, **language, "COLUMNS": "250", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-m", "cardroom.cli.main", *args], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished Tacocat game of a heuristic bot against the person (seat 1)."""
    game = cardroom.make("tacocat")
    policy, rng = make_policy(game, "heuristic"), random.Random(4)
    saved = Record(game.name, game.preset, dict(game.options), 4, ["heuristic", "you"])
    state = game.new_game(4)
    while not state.is_over:
        seat = state.to_act[0]
        text = policy.move(state, seat, rng)
        saved.actions.append((seat, text))
        state = state.apply(seat, text)
    return saved.save(tmp_path_factory.mktemp("records"))


@pytest.mark.parametrize(
    ("command", "german", "english"),
    [
        ([], "Ein gespeichertes Spiel Schritt für Schritt ansehen.", "Step through a saved game."),
        (["replay"], "das Spiel als dieser Platz sehen (sonst als Zuschauer)", "see the game as this seat"),
        (["analyse"], "Ordner für analysis.json und den Verlauf der Gewinnchance", "folder for analysis.json"),
        (["arena"], "Jede Paarung der BOTS auf doppelt gespielten Austeilungen spielen", "Play every pairing of BOTS"),
        (["games"], "Die Spiele mit ihren Voreinstellungen und Optionen auflisten.", "List the games, their presets"),
    ],
    ids=["cardroom", "replay", "analyse", "arena", "games"],
)
def test_help_in_german(command: list[str], german: str, english: str) -> None:
    said = cardroom_says([*command, "--help"], GERMAN)
    assert german in said and english not in said, said
    assert "Optionen" in said and "─ Options " not in said
    # Click's own words (the Click Typer carries writes them in English only)
    assert "Aufruf: " in said and "Diese Hilfe zeigen und beenden." in said, said
    assert "Usage:" not in said and "Show this message" not in said, said


def test_help_without_a_german_locale_stays_english() -> None:
    said = cardroom_says(["--help"], ENGLISH)
    assert "Step through a saved game." in said and "─ Options " in said and "ansehen" not in said
    assert "Usage: " in said and "Show this message and exit." in said and "Aufruf" not in said


def test_games_in_german() -> None:
    said = cardroom_says(["games"], GERMAN)
    assert "Voreinstellungen: classic, current; Standard classic" in said
    assert "Bedeutung" in said and "ohne Stapeln (der Nächste schuldet 2)" in said
    assert "Zahl der Spieler, 2 bis 8" in said
    for english in ("presets:", "meaning", "number of players", "the next player owes"):
        assert english not in said, english


def test_replay_in_german(record: Path) -> None:
    said = cardroom_says(["replay", str(record), "--no-pause"], GERMAN)
    assert re.search(r"Tacocat Spelled Backwards · Schritt 0 von \d+ · als Zuschauer", said), said[:500]
    assert "Ergebnis:" in said and ("Bot 1 (heuristic) gewinnt." in said or "Spieler 2 gewinnt." in said)
    for english in ("step 0 of", "as spectator", "Result:", " wins.", "Draw pile"):
        assert english not in said, english


def test_analyse_in_german(record: Path) -> None:
    said = cardroom_says(["analyse", str(record), *QUICK], GERMAN)
    assert "Entscheidungen von Spieler 2 (du) (Gewinnchance aus eigener Sicht)" in said, said[:800]
    assert "Schritt" in said and "Urteil" in said and "Genauigkeit" in said
    assert re.search(r"deine \d+ (tauschen|behalten)", said), said
    for english in ("'s decisions", "Costliest decisions", "Your accuracy", "replaced your", "kept your"):
        assert english not in said, english


ARENA = ["arena", "tacocat", "--bots", "random", "heuristic", "--games", "2", "--seed", "3"]


def test_arena_tables_in_german() -> None:
    said = cardroom_says(ARENA, GERMAN)
    for heading in (
        "Direkter Vergleich (doppelt gespielte Austeilungen; Wilson-95-%-Intervall)",
        "┃ Bot ",
        "Siegquote",
        "fairer Anteil",
        "Bots (Plackett-Luce-Wertung auf der Elo-Skala",
        "mittlere ms/Entscheidung",
        "Vorteil des Platzes (alle Spiele des Laufs)",
        "Mittlere Spiellänge: ",
        " Schritte über 2 Spiele.",
    ):
        assert heading in said, (heading, said)
    for english in ("Head to head", "win rate", "fair share", "Seat advantage", "Mean game length", "decisions"):
        assert english not in said, (english, said)


def test_arena_tables_without_a_german_locale_stay_english() -> None:
    said = cardroom_says(ARENA, ENGLISH)
    assert "Head to head (duplicate deals; Wilson 95% interval)" in said and "Seat advantage" in said
    assert re.search(r"Mean game length: \d+\.\d steps over 2 games\.", said), said
    assert "Siegquote" not in said
