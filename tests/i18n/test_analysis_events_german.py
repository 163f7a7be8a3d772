"""The engines' log events in the analysis's luck list, in German: every wording of each game's log
(seeded games of random moves, every seat's and a spectator's view, T.A.C.O.'s rare ones too), its
seats named as the analysis names them, is read by one of the catalogue's wordings and said in German
words of its own (Kittens' cards by the German edition's names); English stays as written."""

from __future__ import annotations

import functools
import re

from cardroom.analysis.words import named, worded_result
from cardroom.locale.events import event_in, known
from tests.i18n.log_entries import TACO_RARE, every_wording

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed"]
# English words a German event must not keep (T.A.C.O.'s card names are the deck's, so the test words
# are ones no card name holds).
ENGLISH = re.compile(r"\b(you|your|draws|plays|the|of|on|with|into|card|cards|turn|turns|and|discards|attacks|wins)\b")
SETTINGS: dict[str, list[dict[str, object]]] = {
    "exploding-kittens": [{"players": 2}, {"players": 5}],
    "tacocat": [{}],
    "taco": [{"players": 4}],
}


@functools.cache
def events() -> dict[str, frozenset[str]]:
    """Each game's log texts, one of each wording, as the analysis's luck list says them."""
    out = {}
    for game, settings in SETTINGS.items():
        entries = every_wording(game, settings, 4) + (TACO_RARE if game == "taco" else [])
        out[game] = frozenset(named(game, str(e["text"]), NAMES[:5], 0) for e in entries)
    return out


def test_every_event_of_each_game_is_said_in_german() -> None:
    found = events()
    assert all(len(texts) > 20 for texts in found.values()), {g: len(t) for g, t in found.items()}
    for game, texts in found.items():
        assert sorted(t for t in texts if not known(t)) == [], game
        german = {t: event_in(t, "de") for t in texts}
        assert sorted(t for t in texts if german[t] == t and not re.fullmatch(r"[A-Z][a-z]+", t)) == [], game
        leftover = {t: g for t, g in german.items() if ENGLISH.search(g)}
        assert leftover == {}, game
        assert all(event_in(t, "en") == t for t in texts)


def test_german_events_name_cards_and_people() -> None:
    assert event_in("Bo plays Nope: Ada's see-the-future is cancelled", "de") == (
        "Bo spielt Nö!: Blick in die Zukunft von Ada ist aufgehoben"
    )
    assert event_in("You see, top first: Defuse, Nope, Skip", "de") == (
        "Du siehst, oberste zuerst: Entschärfung, Nö!, Hops!"
    )
    assert event_in("Ada still owes 2 turns", "de") == "Ada hat noch 2 Züge"
    assert event_in("Bo (WOW) discards an 8", "de") == "Bo (WOW) wirft eine 8 ab"


def test_the_luck_list_of_a_result_is_worded_for_a_german_page() -> None:
    result = {"game": "tacocat", "decisions": [], "luck": [{"step": 3, "said": ["Bo (WOW) attacks next"]}]}
    assert worded_result(result, "de")["luck"][0]["said"] != ["Bo (WOW) attacks next"]
    assert worded_result(result, "en") == result
