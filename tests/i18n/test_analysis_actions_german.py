"""The analysis's action words in German: every action of seeded random games of each game, worded by
its game for what a seat did and what it could have done, is read by one of the catalogue's wordings
and said in German words of its own (Kittens' cards by the German edition's names, seats by name);
in English the game's words stay exactly as they were."""

from __future__ import annotations

import functools
import random
import re

import cardroom
from cardroom.analysis.words import HIDDEN, did, instead, named, worded_result
from cardroom.locale.actions import known

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
ENGLISH = re.compile(r"\b(you|your|played|play|the|a|of|on|with|into|card|cards|draw|drew|pass|took|take)\b")


@functools.cache
def action_words() -> frozenset[tuple[str, str, int, str]]:
    """(game, action, seat, 'did' or 'instead') for every action legal at some point of a few games."""
    found: set[tuple[str, str, int, str]] = set()
    for name, players in (("tacocat", 2), ("exploding-kittens", 2), ("exploding-kittens", 5), ("taco", 4)):
        game = cardroom.make(name) if name == "tacocat" else cardroom.make(name, players=players)
        for seed in range(2):
            rng, state, step = random.Random(seed), game.new_game(seed), 0
            while not state.is_over and step < 300:
                seat = state.to_act[0]
                legal = [str(a) for a in state.legal_actions(seat)]
                found.update((name, text, seat, form) for text in legal for form in ("did", "instead"))
                state, step = state.apply(seat, rng.choice(legal)), step + 1
    return frozenset(found)


def _words(game: str, text: str, seat: int, form: str, lang: str) -> str:
    worder = did if form == "did" else instead
    return worder(game, text, NAMES, seat, lang)


def test_every_action_a_game_words_is_said_in_german() -> None:
    actions = action_words()
    assert len({game for game, *_ in actions}) == 3 and len(actions) > 200
    english = {a: _words(*a, "en") for a in actions}
    assert sorted(words for words in english.values() if not known(words)) == []
    german = {a: _words(*a, "de") for a in actions}
    assert [a for a in actions if german[a] == english[a]] == []
    leftover = {english[a]: german[a] for a in actions if ENGLISH.search(german[a])}
    assert leftover == {}


def test_german_action_words_name_cards_and_people() -> None:
    assert did("exploding-kittens", "favor 1", NAMES, 0, "de") == "Bo um einen Wunsch bitten"
    assert instead("exploding-kittens", "pair rainbow-ralphing-cat 2", NAMES, 0, "de") == (
        "ein Paar „Regenbogen-Rülpsende Katze“ gegen Cy spielen"
    )
    assert did("exploding-kittens", "place 2", NAMES, 0, "de") == "das Kitten mit 2 Karten darüber zurücklegen"
    assert did("exploding-kittens", "place 1", NAMES, 0, "de") == "das Kitten mit 1 Karte darüber zurücklegen"
    assert did("tacocat", "discard 7", NAMES, 0, "de") == "deine 7 tauschen"
    assert did("tacocat", "discard 7", NAMES, 0) == "replaced your 7"  # English: the game's words
    assert named("tacocat", "your move: keep 3", NAMES, 0, "de") == "du: deine 3 behalten"


def test_a_result_is_worded_again_for_a_german_page() -> None:
    result = {
        "game": "exploding-kittens",
        "summary": "...",
        "decisions": [{"step": 4, "did": "drew a card", "better": "played Skip", "loss": 0.2}],
        "luck": [{"step": 5, "said": ["you kept your 3", HIDDEN, "Bo draws a card"]}],
    }
    german = worded_result(result, "de")
    assert german["decisions"] == [{"step": 4, "did": "eine Karte ziehen", "better": "„Hops!“ spielen", "loss": 0.2}]
    assert german["luck"] == [
        {
            "step": 5,
            "said": ["du: deine 3 behalten", "die verdeckten Entscheidungen der anderen", "Bo zieht eine Karte"],
        }
    ]
    assert worded_result(result, "en") == result
