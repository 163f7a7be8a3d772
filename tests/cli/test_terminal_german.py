"""The terminal in German: a Tacocat game at a pseudo-terminal whose locale is German (or with
``--lang de``) shows the table, the menu's words, the prompt, the screen and the log in German; the
log's worder says in English exactly what the engine says, and in German words of its own for every
kind of entry; ``--lang`` refuses a language the terminal does not speak."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardroom.cli.reasons import reason_words
from cardroom.cli.screens import kittens_log, taco_log
from cardroom.cli.screens.tacocat_log import log_line
from cardroom.core.seatnames import name_seats
from cardroom.locale import terminal_language
from tests.cli.terminal import Terminal
from tests.i18n.log_entries import TACO_RARE, every_wording

ENGLISH_WORDS = re.compile(r"your move>|At the table|Round \d|attacks|Draw pile|replaces|Player \d")


@functools.cache
def _tacocat_entries() -> list[dict[str, object]]:
    return every_wording("tacocat", ({}, {"ties": "duel-winner"}, {"ties": "redeal"}), 8)


def test_the_tacocat_log_is_worded_from_its_fields() -> None:
    entries = _tacocat_entries()
    assert len({e["kind"] for e in entries}) >= 20
    names = ["Ada", "Bot 2"]
    english = [(e["text"], log_line(e, names, "en")) for e in entries]
    assert [pair for pair in english if pair[0] != pair[1]] == []
    german = [(e["text"], log_line(e, names, "de")) for e in entries]
    assert [text for text, words in german if not words or words == text] == []


def _kittens_entries() -> list[dict[str, object]]:
    settings = [{"players": n, "preset": p} for n, p in ((2, "classic"), (5, "current"), (3, "classic"))]
    return every_wording("exploding-kittens", settings, 10)


def _taco_entries() -> list[dict[str, object]]:
    return [*every_wording("taco", [{"players": n} for n in (2, 4, 6)], 4), *TACO_RARE]


@pytest.mark.parametrize(
    ("worder", "entries", "kinds"),
    [(kittens_log, _kittens_entries, 20), (taco_log, _taco_entries, 30)],
    ids=["kittens", "taco"],
)
def test_the_log_has_german_words_for_every_entry(
    worder: Any, entries: Callable[[], list[dict[str, Any]]], kinds: int
) -> None:
    found = entries()
    assert len({e["kind"] for e in found}) >= kinds
    names = [f"P{n}" for n in range(6)]
    assert all(worder.log_line(e, names, "en") is None for e in found)  # English: the engine's words
    german = [(e["text"], worder.log_line(e, names, "de")) for e in found]
    assert [text for text, words in german if not words or words == text] == []


def test_the_terminal_language_comes_from_lang_or_the_locale() -> None:
    assert terminal_language("de", {}) == "de" and terminal_language(None, {"LANG": "de_DE.UTF-8"}) == "de"
    assert terminal_language(None, {"LANGUAGE": "de:en", "LANG": "C.UTF-8"}) == "de"
    assert terminal_language(None, {"LC_ALL": "fr_FR.UTF-8"}) == "en" and terminal_language(None, {}) == "en"


@pytest.mark.parametrize("how", ["locale", "option"])
def test_a_tacocat_game_in_german_shows_german(tmp_path: Path, how: str) -> None:
    args = ["play", "tacocat", "--vs", "random", "--seed", "11", "--records", str(tmp_path)]
    term = Terminal([*args, "--lang", "de"], tmp_path) if how == "option" else Terminal(args, tmp_path, language="de")
    term.expect("Am Tisch: Spieler 1, Bot 2")
    term.expect("Tacocat steht auf dem mittleren Feld")
    term.expect(r"Runde 1, Karten ersetzen")
    term.expect("Nachziehstapel")
    term.expect("dein Zug> ")
    term.send("99")
    term.expect(r"es gibt keine Wahl 99; wähle 1 bis \d+")
    term.send("help")
    term.expect("Befehle: help \\(Hilfe\\)")
    for _ in range(6):  # a few moves: the log and the screen go on in German
        term.expect("dein Zug> ")
        term.send("1")
    term.expect("dein Zug> ")
    term.send("quit")
    term.expect("Tisch verlassen; unfertige Spiele werden nicht gespeichert.")
    assert term.wait() == 0
    assert not ENGLISH_WORDS.search(term.buffer), ENGLISH_WORDS.findall(term.buffer)


def test_lang_refuses_a_language_the_terminal_does_not_speak(tmp_path: Path) -> None:
    term = Terminal(["play", "tacocat", "--lang", "xx", "--records", str(tmp_path)], tmp_path)
    term.expect("--lang is one of en, de, not 'xx'")
    assert term.wait() == 2
    seat = Terminal(["play", "tacocat", "--lang", "de", "--seat", "5", "--records", str(tmp_path)], tmp_path)
    seat.expect("--seat muss 0 bis 1 sein")
    assert seat.wait() == 2


def test_an_exploding_kittens_table_in_german_names_the_cards_as_printed(tmp_path: Path) -> None:
    args = ["play", "exploding-kittens", "--vs", "random", "--seed", "5", "--records", str(tmp_path), "--lang", "de"]
    term = Terminal(args, tmp_path)
    term.expect("Nachziehstapel: ")
    term.expect(r"Deine Hand: .*Entschärfung")  # everyone is dealt a Defuse
    term.expect("dein Zug> ")
    term.send("quit")
    term.expect("Tisch verlassen")
    assert term.wait() == 0
    screen = term.buffer[: term.buffer.index("  1  ")]  # the board, above the menu of typed actions
    assert "defuse" not in screen and "Your hand" not in screen and "Draw pile" not in screen


def test_a_taco_table_in_german(tmp_path: Path) -> None:
    args = [
        "play",
        "taco",
        "--players",
        "2",
        "--vs",
        "random",
        "--seed",
        "5",
        "--records",
        str(tmp_path),
        "--lang",
        "de",
    ]
    term = Terminal(args, tmp_path)
    term.expect(r"Runde 1/\d")
    term.expect("Vorrat: ")
    term.expect("deine Hand")
    term.expect("Du: ")
    term.expect("dein Zug> ")
    term.send("quit")
    term.expect("Tisch verlassen")
    assert term.wait() == 0
    screen = term.buffer[: term.buffer.index("  1  ")]  # the board, above the menu of typed actions
    assert not re.search(r"\b(Round|Pool|your hand|draws a card|You draw)\b", screen), screen


@pytest.mark.parametrize(("game", "options"), [("tacocat", {}), ("exploding-kittens", {}), ("taco", {"players": 3})])
def test_why_a_game_ended_is_said_in_german(game: str, options: dict[str, Any]) -> None:
    from cardroom.core.registry import make

    state, rng = make(game, **options).new_game(3), random.Random(3)
    while not state.is_over:
        state = state.apply(state.to_act[0], str(rng.choice(state.legal_actions(state.to_act[0]))))
    assert state.outcome is not None
    names = ["Ada", "Bo", "Cy"]
    reason = state.outcome.reason
    assert reason_words(reason, names, "en") == name_seats(reason, names)
    german = reason_words(reason, names, "de")
    assert german and german != reason_words(reason, names, "en"), (reason, german)
