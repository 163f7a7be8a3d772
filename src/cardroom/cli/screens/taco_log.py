"""T.A.C.O.'s log in the terminal's language. Its entries name their cards only in the engine's
English, so each wording the engine writes is read back by one pattern (as the table page's
``js/tacolog.js`` does) and said again through the catalogue: places s1, s2 are seats (named as the
terminal names them), c1, c2 cards (their printed English names: no German edition's names were
found), n and m numbers. English keeps the engine's own words, so this words only the other
languages; an entry no pattern knows gives None, and the terminal shows the engine's words."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from cardroom.core.seatnames import name_seats
from cardroom.locale import ENGLISH, Phrase, say


class Wording(NamedTuple):
    kind: str
    pattern: re.Pattern[str]
    words: Phrase
    places: tuple[str, ...]


# Most specific first where one kind has several wordings.
WORDINGS = [
    Wording("turn", re.compile("P(\\d+)'s turn"), Phrase("{s1}'s turn"), ("s1",)),
    Wording("draw", re.compile("P(\\d+) draws a card"), Phrase("{s1} draws a card"), ("s1",)),
    Wording(
        "draw",
        re.compile("P(\\d+) cannot draw: deck and discard pile are empty"),
        Phrase("{s1} cannot draw: deck and discard pile are empty"),
        ("s1",),
    ),
    Wording("drew", re.compile("You draw (.+)"), Phrase("You draw {c1}"), ("c1",)),
    Wording("dealt", re.compile("You are dealt (.+)"), Phrase("You are dealt {c1}"), ("c1",)),
    Wording("flip", re.compile("(.+) starts the discard pile"), Phrase("{c1} starts the discard pile"), ("c1",)),
    Wording(
        "reshuffle",
        re.compile("The discard pile is shuffled into a new deck"),
        Phrase("The discard pile is shuffled into a new deck"),
        (),
    ),
    Wording(
        "play",
        re.compile("P(\\d+) plays (.+) into their own taco"),
        Phrase("{s1} plays {c1} into their own taco"),
        ("s1", "c1"),
    ),
    Wording(
        "play",
        re.compile("P(\\d+) plays (.+) into P(\\d+)'s taco"),
        Phrase("{s1} plays {c1} into {s2}'s taco"),
        ("s1", "c1", "s2"),
    ),
    Wording("play", re.compile("P(\\d+) uses (.+)"), Phrase("{s1} uses {c1}"), ("s1", "c1")),
    Wording("end", re.compile("P(\\d+) plays no card"), Phrase("{s1} plays no card"), ("s1",)),
    Wording("pass", re.compile("P(\\d+) plays no bonus card"), Phrase("{s1} plays no bonus card"), ("s1",)),
    Wording(
        "discard",
        re.compile("P(\\d+) will not hail P(\\d+) and discards (.+)"),
        Phrase("{s1} will not hail {s2} and discards {c1}"),
        ("s1", "s2", "c1"),
    ),
    Wording(
        "discard",
        re.compile("P(\\d+) drops the accent and discards (.+)"),
        Phrase("{s1} drops the accent and discards {c1}"),
        ("s1", "c1"),
    ),
    Wording("discard", re.compile("P(\\d+) discards (.+)"), Phrase("{s1} discards {c1}"), ("s1", "c1")),
    Wording(
        "instant",
        re.compile("P(\\d+) plays (.+) to stop (.+)"),
        Phrase("{s1} plays {c1} to stop {c2}"),
        ("s1", "c1", "c2"),
    ),
    Wording("ready", re.compile("You ready (.+)"), Phrase("You ready {c1}"), ("c1",)),
    Wording(
        "choose",
        re.compile("(.+): P(\\d+) makes P(\\d+) discard"),
        Phrase("{c1}: {s1} makes {s2} discard"),
        ("c1", "s1", "s2"),
    ),
    Wording(
        "hail",
        re.compile('P(\\d+): "You\'re the Taco Master of the universe, P(\\d+)!"'),
        Phrase('{s1}: "You\'re the Taco Master of the universe, {s2}!"'),
        ("s1", "s2"),
    ),
    Wording("accent", re.compile("P(\\d+) keeps up the accent"), Phrase("{s1} keeps up the accent"), ("s1",)),
    Wording(
        "steal",
        re.compile("P(\\d+) steals (.+) from P(\\d+)'s taco \\(([+-]\\d+)\\)"),
        Phrase("{s1} steals {c1} from {s2}'s taco ({n})"),
        ("s1", "c1", "s2", "n"),
    ),
    Wording(
        "take",
        re.compile("P(\\d+) randomly selects a card from P(\\d+)'s hand"),
        Phrase("{s1} randomly selects a card from {s2}'s hand"),
        ("s1", "s2"),
    ),
    Wording(
        "took",
        re.compile("P(\\d+) takes (.+) from P(\\d+)'s hand"),
        Phrase("{s1} takes {c1} from {s2}'s hand"),
        ("s1", "c1", "s2"),
    ),
    Wording(
        "return",
        re.compile("(.+) returns from P(\\d+)'s taco to P(\\d+)'s hand"),
        Phrase("{c1} returns from {s1}'s taco to {s2}'s hand"),
        ("c1", "s1", "s2"),
    ),
    Wording(
        "swap",
        re.compile("P(\\d+) swaps (.+) for (.+) from P(\\d+)'s taco"),
        Phrase("{s1} swaps {c1} for {c2} from {s2}'s taco"),
        ("s1", "c1", "c2", "s2"),
    ),
    Wording("fizzle", re.compile("(.+) finds nothing to destroy"), Phrase("{c1} finds nothing to destroy"), ("c1",)),
    Wording("fizzle", re.compile("(.+) finds nothing to steal"), Phrase("{c1} finds nothing to steal"), ("c1",)),
    Wording("fizzle", re.compile("(.+) finds nothing to swap"), Phrase("{c1} finds nothing to swap"), ("c1",)),
    Wording("fizzle", re.compile("(.+) finds nothing to return"), Phrase("{c1} finds nothing to return"), ("c1",)),
    Wording(
        "fizzle",
        re.compile("(.+): no other player holds a card"),
        Phrase("{c1}: no other player holds a card"),
        ("c1",),
    ),
    Wording(
        "fizzle",
        re.compile("(.+): no ingredient in the discard pile"),
        Phrase("{c1}: no ingredient in the discard pile"),
        ("c1",),
    ),
    Wording(
        "fizzle", re.compile("(.+) has nothing left to act on"), Phrase("{c1} has nothing left to act on"), ("c1",)
    ),
    Wording(
        "poison",
        re.compile("(.+) destroys a randomly selected (.+) in P(\\d+)'s taco"),
        Phrase("{c1} destroys a randomly selected {c2} in {s1}'s taco"),
        ("c1", "c2", "s1"),
    ),
    Wording(
        "poison",
        re.compile("(.+): P(\\d+) discards a randomly selected (.+)"),
        Phrase("{c1}: {s1} discards a randomly selected {c2}"),
        ("c1", "s1", "c2"),
    ),
    Wording(
        "enter",
        re.compile("(.+) enters P(\\d+)'s taco \\(([+-]\\d+)\\)"),
        Phrase("{c1} enters {s1}'s taco ({n})"),
        ("c1", "s1", "n"),
    ),
    Wording(
        "shell",
        re.compile("P(\\d+)'s (.+) is replaced by (.+)"),
        Phrase("{s1}'s {c1} is replaced by {c2}"),
        ("s1", "c1", "c2"),
    ),
    Wording(
        "worn_off",
        re.compile("(.+) in P(\\d+)'s taco wears off"),
        Phrase("{c1} in {s1}'s taco wears off"),
        ("c1", "s1"),
    ),
    Wording(
        "forced",
        re.compile("P(\\d+) drew (.+) and must play it immediately"),
        Phrase("{s1} drew {c1} and must play it immediately"),
        ("s1", "c1"),
    ),
    Wording("cancelled", re.compile("(.+) is cancelled"), Phrase("{c1} is cancelled"), ("c1",)),
    Wording(
        "destroyed",
        re.compile("(.+) in P(\\d+)'s taco is destroyed"),
        Phrase("{c1} in {s1}'s taco is destroyed"),
        ("c1", "s1"),
    ),
    Wording(
        "revive",
        re.compile("(.+) is pulled from the discard pile into P(\\d+)'s taco"),
        Phrase("{c1} is pulled from the discard pile into {s1}'s taco"),
        ("c1", "s1"),
    ),
    Wording(
        "redeal",
        re.compile("P(\\d+) was dealt (.+) \\(play immediately\\): discarded, another card dealt"),
        Phrase("{s1} was dealt {c1} (play immediately): discarded, another card dealt"),
        ("s1", "c1"),
    ),
    Wording(
        "gimme",
        re.compile("P(\\d+) claims the taco trophy \\(most basic ingredients\\)"),
        Phrase("{s1} claims the taco trophy (most basic ingredients)"),
        ("s1",),
    ),
    Wording(
        "gimme",
        re.compile("P(\\d+) takes the taco trophy \\(more basic ingredients\\)"),
        Phrase("{s1} takes the taco trophy (more basic ingredients)"),
        ("s1",),
    ),
    Wording(
        "round_end",
        re.compile("Round (\\d+) is over \\(the last taco point was taken\\); P(\\d+) wins the taco trophy"),
        Phrase("Round {n} is over (the last taco point was taken); {s1} wins the taco trophy"),
        ("n", "s1"),
    ),
    Wording(
        "round_end",
        re.compile(
            "Round (\\d+) is over \\(the round reached its limit of (\\d+) turns\\); P(\\d+) wins the taco trophy"
        ),
        Phrase("Round {n} is over (the round reached its limit of {m} turns); {s1} wins the taco trophy"),
        ("n", "m", "s1"),
    ),
    Wording(
        "round",
        re.compile("Round (\\d+) begins; P(\\d+) goes first"),
        Phrase("Round {n} begins; {s1} goes first"),
        ("n", "s1"),
    ),
    Wording("game_over", re.compile("The match is over"), Phrase("The match is over"), ()),
    Wording(
        "discard_hand",
        re.compile("P(\\d+) discards their hand \\(no cards\\)"),
        Phrase("{s1} discards their hand (no cards)"),
        ("s1",),
    ),
    Wording(
        "discard_hand",
        re.compile("P(\\d+) discards their hand \\((.+)\\)"),
        Phrase("{s1} discards their hand ({cards})"),
        ("s1", "cards"),
    ),
    Wording(
        "win",
        re.compile("P(\\d+) is the last player in and wins"),
        Phrase("{s1} is the last player in and wins"),
        ("s1",),
    ),
]


def log_line(entry: dict[str, Any], names: list[str], lang: str) -> str | None:
    if lang == ENGLISH:
        return None
    return _worded(str(entry.get("text", "")), str(entry.get("kind")), names, lang)


def recent_line(text: str, names: list[str], lang: str) -> str:
    """One of the screen's recent events (the view keeps their texts only, without their kinds): in the
    table's language where a wording knows it, else the engine's words; the seats named either way."""
    if lang != ENGLISH:
        worded = _worded(text, None, names, lang)
        if worded is not None:
            return worded
    return name_seats(text, names) if names else text


def _worded(text: str, kind: str | None, names: list[str], lang: str) -> str | None:
    for wording in WORDINGS:
        if kind is not None and wording.kind != kind:
            continue
        found = wording.pattern.fullmatch(text)
        if found is None:
            continue
        params = {
            place: _seat(value, names) if place in ("s1", "s2") else value
            for place, value in zip(wording.places, found.groups(), strict=True)
        }
        return say(lang, wording.words.message, **params)
    return None


def _seat(number: str, names: list[str]) -> str:
    seat = int(number)
    return names[seat] if 0 <= seat < len(names) else f"P{seat}"
