"""T.A.C.O.'s antics at an online table: the actions a person takes by speaking (docs/contract.md).

With the antics cards in play (the ``antics`` option), a card may ask a person to hail the Taco Master
of the universe, or to keep speaking in an accent, or else discard a card. At a table that is done by
talking, so a room takes both from the seat's chat: a message that names the Taco Master ("taco
master" anywhere in it, any case) is that seat's ``hail``; any message from a seat asked to keep up its
accent is its ``accent`` (nobody can judge an accent from text: speaking up is the part that shows).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardroom.core.spoken import Spoken

HAIL_WORDS = "taco master"

# In the order a room looks for them among a seat's legal actions.
SPOKEN: Mapping[str, Spoken] = {
    "hail": Spoken(
        "hail",
        'hail in the chat: say "You\'re the Taco Master of the universe!" (or discard a card)',
        HAIL_WORDS,
    ),
    "accent": Spoken("accent", "keep up your accent in the chat: say something in it (or discard a card)"),
}
NONE: Mapping[str, Spoken] = {}


def spoken_actions(antics: bool) -> Mapping[str, Spoken]:
    """The spoken actions of a match with (or without) the antics cards."""
    return SPOKEN if antics else NONE
