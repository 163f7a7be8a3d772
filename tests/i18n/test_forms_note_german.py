"""The note T.A.C.O.'s action forms carry ("play and target also read the seat before the card") is
worded in the table's language wherever a reason or the help lists the forms; the forms themselves stay
as the game reads them. Over the real `cardroom play` at a pseudo-terminal, in German and in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardroom.core.registry import make
from cardroom.locale.reasons import reworded
from tests.cli.terminal import Terminal

NOTE = "(play and target also read the seat before the card)"
GERMAN_NOTE = "(bei play und target darf der Sitz auch vor der Karte stehen)"
FORMS = "play CARD SEAT; use CARD; instant CARD; pass; end; target CARD SEAT; choose SEAT; discard CARD; hail; accent"


def test_the_engines_refusals_word_the_note_and_keep_the_forms() -> None:
    game = make("taco")
    assert game.grammar.describe() == f"{FORMS} {NOTE}"
    for text in ("frob", "", "play"):
        state = game.new_game(3)
        try:
            state.apply(state.to_act[0], text)
        except Exception as refusal:
            reason = str(refusal)
        else:
            raise AssertionError(f"{text!r} was taken")
        german = reworded(reason, "de")
        if NOTE in reason:
            assert german.endswith(f"{FORMS} {GERMAN_NOTE}"), german
        assert "also read" not in german and reworded(reason, "en") == reason


def _unwrapped(screen: str) -> str:
    """The screen's text with the terminal's line breaks (and the runs of spaces) as single spaces."""
    return " ".join(screen.split())


def _taco(tmp_path: Path, lang: str) -> Terminal:
    args = ["play", "taco", "--players", "2", "--vs", "random", "--seed", "5", "--records", str(tmp_path)]
    return Terminal([*args, "--lang", lang], tmp_path)


@pytest.mark.parametrize(
    ("lang", "prompt", "refusal", "forms", "note"),
    [
        ("de", "dein Zug> ", "unbekannter Zug 'frob'; möglich sind:", "Zugformen:", GERMAN_NOTE),
        ("en", "your move> ", "unknown action 'frob'; forms:", "Action forms:", NOTE),
    ],
)
def test_the_terminal_words_the_note_in_its_language(
    tmp_path: Path, lang: str, prompt: str, refusal: str, forms: str, note: str
) -> None:
    term = _taco(tmp_path, lang)
    term.expect(prompt)
    term.send("frob")
    term.expect(prompt)
    term.send("help")
    term.expect(prompt)
    term.send("quit")
    assert term.wait() == 0
    shown = _unwrapped(term.buffer)
    assert f"{refusal} {FORMS} {note}" in shown and f"{forms} {FORMS} {note}" in shown
    assert lang == "en" or "also read the seat" not in shown
