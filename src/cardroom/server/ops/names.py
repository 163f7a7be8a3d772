"""Seat names: what a person may call their seat, and when two names are the same.

A name is shown to everyone at the table, in the log, the chat and the lobby, so it must read as what
it is: no control characters, and none of the invisible marks that change the direction text is drawn
in (U+202E and its kin), with which "Zed" could be written to display as another seat's name. Two
seats at one table may not have names that differ only by case or by Unicode's compatibility forms
("ZED", "zed", "Ｚｅｄ"): people tell seats apart by name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from cardroom.locale import Phrase
from cardroom.server.errors import Refused
from cardroom.server.ops.limits import clean_text

NAME_MAX = 40  # characters, the seats.name column's width
# Bidirectional embeddings, overrides, isolates and marks: they reorder or hide how a name is drawn.
# What a name with such a character is told ({what}: which name; {code}: the character's code point).
INVISIBLE = (
    "{what} may not contain invisible formatting characters such as U+{code} (they change how text is drawn, "
    "so one name could look like another): use letters, digits, spaces and punctuation"
)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Format characters still allowed: the joiners that build emoji and some scripts' letters.
JOINERS = frozenset("\u200c\u200d")


def seat_name(value: str | None) -> str | None:
    """The name as stored (trimmed, at most :data:`NAME_MAX` characters), ``None`` if empty;
    :class:`Refused` with the reason if it holds characters a name may not."""
    text = (value or "").strip()
    clean_text(text, Phrase("a seat name"))
    for c in text:
        if c in BIDI_CONTROLS or (unicodedata.category(c) == "Cf" and c not in JOINERS):
            raise Refused(INVISIBLE, what=Phrase("a seat name"), code=f"{ord(c):04X}")
    return text[:NAME_MAX] or None


def name_key(name: str) -> str:
    """What two names are compared by: case-folded, in Unicode's compatibility form."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def refuse_taken(name: str, others: Iterable[str]) -> None:
    """:class:`Refused` if another seat at the table already has this name (compared by :func:`name_key`)."""
    key = name_key(name)
    for other in others:
        if name_key(other) == key:
            raise Refused("another seat at this table is already called {name}: choose another name", name=repr(other))
