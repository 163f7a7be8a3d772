"""Tacocat's options and the three presets (sets of option values, one per rule text)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.options import Option
from cardroom.games.tacocat.board import ASSUMED, layout_problem
from cardroom.games.tacocat.cards import deck_problem

JUMBO_CHOICES = ("sets-and-sequences", "sets", "none")
TIE_CHOICES = ("arrow", "duel-winner", "redeal")

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "deck",
        "official",
        "which deck: 'official' is the retail box's 38 cards; 'print-and-play' is the prototype's 36 cards, "
        "whose counts per value are assumed (1,2,5,5,5,5,4,3,2,2,1,1); or your own twelve counts, "
        "values 1 to 12, like '1,1,1,2,2,4,5,5,5,5,4,3'",
        check=deck_problem,
    ),
    Option(
        "jumbo",
        "sets-and-sequences",
        "which jumbo attacks are allowed: sets of 2+ equal cards and runs of 3+ consecutive values, "
        "sets only, or none (single cards only, the beginner's game)",
        choices=JUMBO_CHOICES,
    ),
    Option(
        "ties",
        "arrow",
        "who wins equal final cards: the player the space's arrow points at ('arrow'; on the double arrow "
        "the round is replayed), the last duel's winner ('duel-winner'), or nobody ('redeal': a new round "
        "on the same space)",
        choices=TIE_CHOICES,
    ),
    Option(
        "board",
        "assumed",
        "the board's spaces from YAY's side: deal and arrow (Y, W or B for both) per space; 'assumed' is "
        f"{ASSUMED} (deals and arrows assumed: arrows point at the trailing player)",
        check=layout_problem,
        assumed=True,
    ),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    "official": {"deck": "official", "jumbo": "sets-and-sequences", "ties": "arrow", "board": "assumed"},
    "print-and-play": {"deck": "print-and-play", "jumbo": "sets", "ties": "duel-winner", "board": "assumed"},
    "quick-reference": {
        "deck": "official",
        "jumbo": "sets-and-sequences",
        "ties": "redeal",
        "board": "assumed",
    },
}
