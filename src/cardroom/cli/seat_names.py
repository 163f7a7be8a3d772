"""What the terminal calls each seat: the person by name, a bot by its seat ("Bot 2").

The words match the room's defaults ("Player 1", "Bot 2 (hard)"), so a person who plays in both
reads the same names; the bot's kind is left out of the short name because an 80-column board has
room for little more, and said where a line has room (:func:`described`). The record keeps its own
short list ("you", bot specs) unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.locale import ENGLISH, say

PERSON = "you"  # how a record marks the person's seat (a code, never shown)


def display_names(seats: Sequence[str], person_name: str | None = None, lang: str = ENGLISH) -> list[str]:
    """One short name per seat from a record's seat list ("you" for the person, a bot spec otherwise)."""
    return [
        (person_name or say(lang, "Player {n}", n=i + 1)) if spec == PERSON else say(lang, "Bot {n}", n=i + 1)
        for i, spec in enumerate(seats)
    ]


def described(seats: Sequence[str], seat: int, lang: str = ENGLISH) -> str:
    """The seat's name with its bot's kind, where a line has room: "Bot 2 (hard)"."""
    name = display_names(seats, lang=lang)[seat]
    return name if seats[seat] == PERSON else f"{name} ({seats[seat]})"
