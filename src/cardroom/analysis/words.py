"""What a player reads: actions and log texts in player words, people by their seat names.

The engines write actions in a compact notation ("discard 7", "pair cattermelon 1", "play shrimp 2")
and their logs name seats P0, P1… (or by side: its kit's ``side_names``). Each game words its own
actions (its kit's ``words``). The analysis reports decisions and
events to a person, so it words them here, from the public action text and the seat names alone:
``did`` says what the seat did ("you replaced your 7"), ``instead`` what it could have done ("keep
your 7"), ``named`` puts the names into a log text. Unknown notation is shown as it is rather than
guessed at.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.errors import InvalidOptions
from cardroom.core.kit import ActionWords
from cardroom.core.registry import kit
from cardroom.core.seatnames import name_seats
from cardroom.locale import ENGLISH, say
from cardroom.locale.actions import action_in
from cardroom.locale.events import event_in

# The grouped entry for events the seat could not see (another seat's hidden choice): named as such
# rather than listed as luck with no event.
HIDDEN = "the others' hidden choices"
# An event of the seat's own that wrote nothing to its log (a Tacocat card kept) is named by the move.
OWN = "your move: "


def default_names(players: int, lang: str = ENGLISH) -> list[str]:
    return [say(lang, "Player {n}", n=k + 1) for k in range(players)]


def _words(game: str, text: str, names: Sequence[str], seat: int) -> tuple[str, str] | None:
    """(past, bare) forms of an action: "replaced your 7", "replace your 7"."""
    verb, *args = text.split(" ")
    if verb == "concede":
        return "conceded", "concede"
    if text == "play on":
        return "played on", "play on"
    wording = _wording(game)
    return None if wording is None else wording(verb, args, list(names), seat)


@functools.cache
def _wording(game: str) -> ActionWords | None:
    """The game's own wording of its actions (its kit's ``words``), if the game has one."""
    try:
        return kit(game).action_words()
    except InvalidOptions:  # not a registered game: its notation is shown as it is
        return None


@functools.cache
def _sides(game: str) -> tuple[str, ...]:
    try:
        return kit(game).side_names
    except InvalidOptions:
        return ()


def did(game: str, text: str, names: Sequence[str], seat: int, lang: str = ENGLISH) -> str:
    """What the seat did, past tense: "replaced your 7" (in German: "deine 7 tauschen")."""
    found = _words(game, text, names, seat)
    return action_in(found[0], lang) if found else text


def instead(game: str, text: str, names: Sequence[str], seat: int, lang: str = ENGLISH) -> str:
    """An action the seat could have taken: "keep your 7"."""
    found = _words(game, text, names, seat)
    return action_in(found[1], lang) if found else text


@functools.cache
def _side_pattern(sides: tuple[str, ...]) -> re.Pattern[str]:
    """A side's name as a log names a player by it (not the side's goal: "YAY's goal" stays)."""
    return re.compile(rf"\b({'|'.join(map(re.escape, sides))})\b(?!'s goal| goal)")


def named(game: str, text: str, names: Sequence[str], seat: int, lang: str = ENGLISH) -> str:
    """A log text with people named: "P1 draws a card" -> "Bo draws a card"; in Tacocat "WOW attacks"
    -> "Bo (WOW) attacks"; the seat's own silent move in words ("you kept your 3")."""
    if text.startswith(OWN):
        return say(lang, "you {did}", did=did(game, text[len(OWN) :], names, seat, lang))
    if text == HIDDEN:  # the same words as HIDDEN, written out so that the catalogue's reader finds them
        return say(lang, "the others' hidden choices")
    out = name_seats(text, names)
    sides = _sides(game)  # a game whose log names its seats by side (Tacocat's YAY and WOW)
    if sides and len(names) >= len(sides):
        out = _side_pattern(sides).sub(lambda m: f"{names[sides.index(m[1])]} ({m[1]})", out)
    return out


def worded_result(result: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """An analysis's result (worded in English once) with its action words in ``lang``: what the seat
    did and the better move at each decision, and in its luck the seat's own moves, the others'
    hidden choices and the engines' log events (:mod:`cardroom.locale.events`)."""
    out = dict(result)
    if lang == ENGLISH:
        return out
    out["decisions"] = [
        {**d, **{k: action_in(d[k], lang) for k in ("did", "better") if isinstance(d.get(k), str)}}
        for d in result.get("decisions", [])
    ]
    out["luck"] = [{**x, "said": [_said_in(t, lang) for t in x.get("said", [])]} for x in result.get("luck", [])]
    return out


def _said_in(text: str, lang: str) -> str:
    """A luck entry's text in ``lang``: the seat's own move, the hidden choices, an engine's event."""
    if text == HIDDEN:
        return say(lang, HIDDEN)
    own = say(ENGLISH, "you {did}", did="")
    if text.startswith(own):
        return say(lang, "you {did}", did=action_in(text[len(own) :], lang))
    return event_in(text, lang)
