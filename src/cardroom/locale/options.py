"""Why a game's options are refused, in the person's language: the core's and the games' English read
back and worded again.

The options' checks (``core/options.py`` and each game's ``check`` of an option) write English only,
like the engines' reasons (the games import nothing but the core), so the room words a refusal made
when a table is created from these wordings, as :mod:`.reasons` words an illegal move's reason: the
first whose pattern reads the whole text gives the words, the nested problem of an option read back by
these wordings too. An option's name, its values and presets stay as they are typed; a text no wording
reads is shown as written.
"""

from __future__ import annotations

from cardroom.locale import Phrase, Plural
from cardroom.locale.readback import Reader

# The first that reads the whole text is used.
WORDINGS: tuple[Phrase, ...] = (
    # core/options.py
    Phrase("option {name} cannot be {value}; allowed: {allowed}"),
    # Before the problems it names: a problem's first place would read the option's name in too.
    Phrase("option {name}: {problem}"),
    Phrase("{game} has no preset {preset}; presets: {presets}"),
    Phrase("{game} has no option {name}; options: {options}"),
    # Tacocat (games/tacocat/board.py, cards.py)
    Plural(
        "{value} has {count} space; Tacocat starts on the centre, so the count must be odd",
        "{value} has {count} spaces; Tacocat starts on the centre, so the count must be odd",
        0,
    ),
    Phrase("a board is a layout name ({names}) or a string like {example}"),
    Phrase("space {space} in {value} is not a deal and an arrow (Y, W or B), like '7B'"),
    Phrase("space {space} deals {deal}; a space deals {least} to {most} cards"),
    Phrase("a deck is one of {names} or twelve counts like {example}"),
    Phrase("{value} is not one of {names} nor twelve counts (values 1 to 12) like {example}"),
    Phrase("a deck needs at least {least} cards so that the largest deal and replacements fit"),
    # T.A.C.O.'s deck by path, on the command line (the room takes only the shipped decks); the system's
    # reason stays as the system words it
    Phrase("cannot read deck file {path}: {why}"),
    # Exploding Kittens (games/kittens/options.py)
    Phrase("Exploding Kittens seats 2 to 10 players (one deck up to 5, two decks from 6), not {value}"),
    Phrase("the deal is 1 to 8 cards per player before the Defuse, not {value}"),
    # T.A.C.O. (games/taco/game.py)
    Phrase("must be None (by player count) or a whole number from 1 to 500"),
    Phrase(
        "must be 'v2' (the current deck), 'v1' (the first deck; 'standard' is its old name) or the path of a deck file"
    ),
)
READER = Reader(WORDINGS, nested=frozenset({"problem"}))


class OptionsRefusal(Phrase):
    """The text of a refused option (``InvalidOptions``), kept as written and worded once its language
    is known."""

    def in_language(self, lang: str) -> str:
        return READER.reworded(self.message, lang)


def known(text: str) -> bool:
    """Whether one of the wordings reads ``text`` (for the tests)."""
    return READER.knows(text)
