"""A player's actions in the person's language, read back from the games' English words.

Each game words its actions for the analysis in English (its kit's ``words``: "replaced your 7",
"asked Bo for a Favor"), a past form for what the seat did and a bare one for what it could have done;
the games stay free of any catalogue. The analysis's result keeps those words, and a page that asks
in another language gets them worded again here (:mod:`.readback`): each form is listed once as a
catalogue message, and German says both forms the same way, as what the move is ("deine 7
tauschen"), so a sentence shows it after "dein Zug:" or "besser:" alike. Kittens' cards carry the
German edition's names; T.A.C.O.'s keep the deck's; seats keep their names.
"""

from __future__ import annotations

import functools

from cardroom.locale import Phrase, Plural
from cardroom.locale.readback import Reader, coded_cards

# The most particular first: a form is read by the first wording that reads all of it.
WORDINGS: tuple[Phrase, ...] = (
    # Every game
    Phrase("conceded"),
    Phrase("concede"),
    Phrase("played on"),
    Phrase("play on"),
    # Exploding Kittens (games/kittens/words.py)
    Phrase("drew a card"),
    Phrase("draw a card"),
    Phrase("asked {person} for a Favor"),
    Phrase("ask {person} for a Favor"),
    Phrase("played a pair of {title} on {person}"),
    Phrase("play a pair of {title} on {person}"),
    Phrase("played three of {title} on {person}"),
    Phrase("play three of {title} on {person}"),
    Phrase("put {title} into a five-different combo"),
    Phrase("named {title}"),
    Phrase("name {title}"),
    Phrase("gave {title}"),
    Phrase("give {title}"),
    Phrase("let it happen"),
    Phrase("put the Kitten back on top of the draw pile"),
    Plural("put the Kitten back with {count} card above it", "put the Kitten back with {count} cards above it", 0),
    # Tacocat (games/tacocat/words.py)
    Phrase("replaced your {cards}"),
    Phrase("replace your {cards}"),
    Phrase("kept your {cards}"),
    Phrase("keep your {cards}"),
    Phrase("duelled with your {cards}"),
    Phrase("duel with your {cards}"),
    Phrase("attacked with {cards}"),
    Phrase("attack with {cards}"),
    Phrase("defended with your {cards}"),
    Phrase("defend with your {cards}"),
    Phrase("took the hit"),
    Phrase("take the hit"),
    Phrase("finished replacing"),
    Phrase("finish replacing"),
    # T.A.C.O. (games/taco/words.py): its cards keep the deck's names
    Phrase("played {card} into your taco"),
    Phrase("play {card} into your taco"),
    Phrase("played {card} into {name}'s taco"),
    Phrase("play {card} into {name}'s taco"),
    Phrase("targeted {card} in your taco"),
    Phrase("target {card} in your taco"),
    Phrase("targeted {card} in {name}'s taco"),
    Phrase("target {card} in {name}'s taco"),
    Phrase("chose {person}"),
    Phrase("choose {person}"),
    Phrase("used {card}"),
    Phrase("use {card}"),
    Phrase("discarded {card}"),
    Phrase("discard {card}"),
    Phrase("answered with {card}"),
    Phrase("answer with {card}"),
    Phrase("passed"),
    Phrase("pass"),
    Phrase("ended your turn"),
    Phrase("end your turn"),
    # Read last: they would also read the more particular ones above.
    Phrase("took {title}"),
    Phrase("take {title}"),
    Phrase("played {title}"),
    Phrase("play {title}"),
)


@functools.cache
def _reader() -> Reader:
    """Built on first use: the cards' names come from the registered games (:mod:`.readback`)."""
    # A card as an action names it: its code's words, capitalized ("See The Future").
    card_words = {" ".join(w.capitalize() for w in code.split("-")): p for code, p in coded_cards().items()}
    return Reader(WORDINGS, named={"title": card_words, "person": {"yourself": Phrase("yourself")}})


def action_in(words: str, lang: str) -> str:
    """A game's words for an action ("replaced your 7") in ``lang``; as written where no wording reads it."""
    return _reader().reworded(words, lang)


def known(words: str) -> bool:
    return _reader().knows(words)
