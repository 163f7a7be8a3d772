"""An option refused when a table is made is worded in the request's language: the games' and the core's
English read back (cardroom.locale.options), over a real server; and every refusal the games' options
give to a range of wrong values, a preset or an option they lack, is read by a wording with German of
its own, so a new check's wording is caught."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cardroom.core.errors import InvalidOptions
from cardroom.core.registry import game_names, make
from cardroom.locale.options import OptionsRefusal, known
from tests.people.room import running_room
from tests.server.process import ServerProcess

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}
TWO = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]

# A table request whose options the game refuses, and the German answer and the English one (as before).
REFUSED: list[tuple[dict[str, Any], str, str]] = [
    (
        {"game": "exploding-kittens", "options": {"pairs": "maybe"}},
        "Option 'pairs' kann nicht 'maybe' sein; erlaubt: 'icon', 'title', 'cats'",
        "option 'pairs' cannot be 'maybe'; allowed: 'icon', 'title', 'cats'",
    ),
    (
        {"game": "exploding-kittens", "options": {"deal": 0}},
        "Option 'deal': ausgeteilt werden 1 bis 8 Karten pro Person vor der Entschärfung, nicht 0",
        "option 'deal': the deal is 1 to 8 cards per player before the Defuse, not 0",
    ),
    (
        {"game": "tacocat", "options": {"board": "2Y,4B"}},
        "Option 'board': '2Y,4B' hat 2 Felder; Tacocat beginnt auf dem Mittelfeld, also muss die Zahl ungerade sein",
        "option 'board': '2Y,4B' has 2 spaces; Tacocat starts on the centre, so the count must be odd",
    ),
    (
        {"game": "tacocat", "options": {"colour": "red"}},
        "tacocat hat keine Option 'colour'; Optionen: deck, jumbo, ties, board",
        "tacocat has no option 'colour'; options: deck, jumbo, ties, board",
    ),
    (
        {"game": "exploding-kittens", "preset": "wild"},
        "exploding-kittens hat keine Voreinstellung 'wild'; Voreinstellungen: classic, current",
        "exploding-kittens has no preset 'wild'; presets: classic, current",
    ),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_room(tmp_path_factory.mktemp("options-german")) as room:
        yield room


def test_a_refused_option_is_refused_in_german(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url) as client:
        for asked, german, english in REFUSED:
            body = {**asked, "seats": TWO}
            in_german = client.post("/api/tables", json=body, headers=GERMAN)
            in_english = client.post("/api/tables", json=body)
            assert in_german.status_code == in_english.status_code == 422, (asked, in_german.text)
            assert (in_german.json()["detail"], in_english.json()["detail"]) == (german, english)


def test_a_refused_bot_seat_is_refused_in_german(server: ServerProcess) -> None:
    body = {"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "bot", "bot": "nobot"}]}
    with httpx.Client(base_url=server.url) as client:
        in_german = client.post("/api/tables", json=body, headers=GERMAN)
        in_english = client.post("/api/tables", json=body)
    assert in_german.status_code == in_english.status_code == 422, in_german.text
    assert in_german.json()["detail"].startswith("unbekannter Bot 'nobot'; die Bots: random, heuristic")
    assert in_english.json()["detail"].startswith("unknown bot 'nobot'; bots: random, heuristic")


# Wrong values of every kind an option's check reads: words, numbers out of range, a board's and a
# deck's malformed strings.
WRONG = ("nonsense", "", 0, -1, 11, 999, 3.5, True, "2Y,4B", "9Q", "99Y", "1,1,1,1,1,1,1,1,1,1,1,1", [1])


def _refusals() -> set[str]:
    texts = set()
    for name in game_names():
        probe = make(name)
        tried: list[dict[str, Any]] = [{"preset": "no-such-preset"}, {"no_such_option": 1}]
        tried += [{option.name: value} for option in probe.option_specs for value in WRONG]
        for options in tried:
            preset = options.pop("preset", None)
            try:
                make(name, preset=preset, **options)
            except (InvalidOptions, TypeError, ValueError) as exc:
                texts.add(str(exc))
    return texts


def test_every_option_refusal_the_games_give_is_worded_in_german() -> None:
    texts = _refusals()
    assert len(texts) >= 20, texts  # every game refuses a preset and an option it lacks, and wrong values
    unread = sorted(t for t in texts if not known(t))
    assert not unread, f"option refusals no wording reads (add them to cardroom/locale/options.py): {unread}"
    for text in texts:
        german = OptionsRefusal(text).in_language("de")
        assert str(OptionsRefusal(text)) == text  # English as written
        for english in (" must ", " cannot ", " has no ", " allowed", " not one of ", " needs ", " deals ", "deal is"):
            assert english not in german, (english, german)
