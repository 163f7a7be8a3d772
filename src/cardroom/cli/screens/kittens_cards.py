"""Exploding Kittens' cards by name in the terminal's language: in English a card is shown by its code,
the word typed to play it; in another language by its printed name there (the German edition's, as
the table page names them). Used by the screen and by its log (:mod:`.kittens_log`)."""

from __future__ import annotations

from cardroom.locale import ENGLISH, Phrase

# The printed names (English as the message; the German edition's names in the catalogue).
PRINTED = {
    "exploding-kitten": Phrase("Exploding Kitten"),
    "defuse": Phrase("Defuse"),
    "nope": Phrase("Nope"),
    "attack": Phrase("Attack"),
    "skip": Phrase("Skip"),
    "favor": Phrase("Favor"),
    "shuffle": Phrase("Shuffle"),
    "see-the-future": Phrase("See the Future"),
    "tacocat": Phrase("Tacocat"),
    "cattermelon": Phrase("Cattermelon"),
    "hairy-potato-cat": Phrase("Hairy Potato Cat"),
    "beard-cat": Phrase("Beard Cat"),
    "rainbow-ralphing-cat": Phrase("Rainbow-Ralphing Cat"),
}


def card_name(slug: str, lang: str = ENGLISH) -> str:
    printed = PRINTED.get(slug)
    return slug if lang == ENGLISH or printed is None else printed.in_language(lang)
