"""What a player reads: actions and log texts in player words, people by their seat names.

The engines write actions in a compact notation ("discard 7", "pair cattermelon 1", "play shrimp 2")
and their logs name seats P0, P1… (Tacocat its sides YAY and WOW). The analysis reports decisions and
events to a person, so it words them here, from the public action text and the seat names alone:
``did`` says what the seat did ("you replaced your 7"), ``instead`` what it could have done ("keep
your 7"), ``named`` puts the names into a log text. Unknown notation is shown as it is rather than
guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardroom.core.seatnames import name_seats

# The grouped entry for events the seat could not see (another seat's hidden choice): named as such
# rather than listed as luck with no event.
HIDDEN = "the others' hidden choices"
# An event of the seat's own that wrote nothing to its log (a Tacocat card kept) is named by the move.
OWN = "your move: "
SIDES = ("YAY", "WOW")  # Tacocat's sides, seat 0 and seat 1


def default_names(players: int) -> list[str]:
    return [f"Player {k + 1}" for k in range(players)]


def card(slug: str) -> str:
    """A card's name from its slug: "no-way-jose" -> "No Way Jose"."""
    return " ".join(w.capitalize() for w in slug.split("-"))


def _who(names: Sequence[str], seat: int, target: str, own: str = "your") -> str:
    """A seat named in an action: "your" for the acting seat, else "Bo's"."""
    k = int(target)
    return own if k == seat else f"{names[k]}'s" if 0 <= k < len(names) else f"seat {k + 1}'s"


def _person(names: Sequence[str], seat: int, target: str) -> str:
    k = int(target)
    return "yourself" if k == seat else names[k] if 0 <= k < len(names) else f"player {k + 1}"


def _words(game: str, text: str, names: Sequence[str], seat: int) -> tuple[str, str] | None:
    """(past, bare) forms of an action: "replaced your 7", "replace your 7"."""
    verb, *args = text.split(" ")
    if verb == "concede":
        return "conceded", "concede"
    if text == "play on":
        return "played on", "play on"
    if game == "tacocat":
        cards = " + ".join(args)
        forms = {"discard": ("replaced your {c}", "replace your {c}"), "keep": ("kept your {c}", "keep your {c}"),
                 "duel": ("duelled with your {c}", "duel with your {c}"),
                 "attack": ("attacked with {c}", "attack with {c}"), "defend": ("defended with your {c}", "defend with your {c}"),
                 "sacrifice": ("took the hit", "take the hit"), "done": ("finished replacing", "finish replacing")}  # fmt: skip
        if verb in forms:
            past, bare = forms[verb]
            return past.format(c=cards), bare.format(c=cards)
    if game == "exploding-kittens":
        name = card(args[0]) if args else ""
        if verb == "draw":
            return "drew a card", "draw a card"
        if verb == "play" and args:
            return f"played {name}", f"play {name}"
        if verb == "favor" and args:
            return f"asked {_person(names, seat, args[0])} for a Favor", f"ask {_person(names, seat, args[0])} for a Favor"
        if verb in ("pair", "triple") and len(args) == 2:
            how = "a pair" if verb == "pair" else "three"
            return (f"played {how} of {name} on {_person(names, seat, args[1])}",
                    f"play {how} of {name} on {_person(names, seat, args[1])}")
        if verb == "five" and args:
            return f"put {name} into a five-different combo", f"put {name} into a five-different combo"
        simple = {"name": "named", "take": "took", "give": "gave"}
        if verb in simple and args:
            return f"{simple[verb]} {name}", f"{verb} {name}"
        if verb == "nope":
            return "played Nope", "play Nope"
        if verb == "pass":
            return "let it happen", "let it happen"
        if verb == "place" and args:
            where = "on top of the draw pile" if args[0] == "0" else f"with {_cards(int(args[0]))} above it"
            return f"put the Kitten back {where}", f"put the Kitten back {where}"
    if game == "taco":
        name = card(args[0]) if args else ""
        if verb == "play" and len(args) == 2:
            return (f"played {name} into {_who(names, seat, args[1])} taco",
                    f"play {name} into {_who(names, seat, args[1])} taco")
        if verb == "target" and len(args) == 2:
            return (f"targeted {name} in {_who(names, seat, args[1])} taco",
                    f"target {name} in {_who(names, seat, args[1])} taco")
        if verb == "choose" and args:
            return f"chose {_person(names, seat, args[0])}", f"choose {_person(names, seat, args[0])}"
        simple = {"use": "used", "discard": "discarded"}
        if verb in simple and args:
            return f"{simple[verb]} {name}", f"{verb} {name}"
        if verb == "instant" and args:
            return f"answered with {name}", f"answer with {name}"
        if verb == "pass":
            return "passed", "pass"
        if verb == "end":
            return "ended your turn", "end your turn"
    return None


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def did(game: str, text: str, names: Sequence[str], seat: int) -> str:
    """What the seat did, past tense: "replaced your 7"."""
    found = _words(game, text, names, seat)
    return found[0] if found else text


def instead(game: str, text: str, names: Sequence[str], seat: int) -> str:
    """An action the seat could have taken: "keep your 7"."""
    found = _words(game, text, names, seat)
    return found[1] if found else text


_SIDE = re.compile(r"\b(YAY|WOW)\b(?!'s goal| goal)")


def named(game: str, text: str, names: Sequence[str], seat: int) -> str:
    """A log text with people named: "P1 draws a card" -> "Bo draws a card"; in Tacocat "WOW attacks"
    -> "Bo (WOW) attacks"; the seat's own silent move in words ("you kept your 3")."""
    if text.startswith(OWN):
        return f"you {did(game, text[len(OWN):], names, seat)}"
    out = name_seats(text, names)
    if game == "tacocat" and len(names) >= 2:
        out = _SIDE.sub(lambda m: f"{names[SIDES.index(m[1])]} ({m[1]})", out)
    return out
