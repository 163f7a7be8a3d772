"""The cards of Exploding Kittens: kinds as small ints, their printed names and slugs, and the deck by player count.

Cards of one kind are interchangeable, so a zone is a tuple of kinds (hands sorted, piles in order).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

KITTEN = 0
DEFUSE = 1
NOPE = 2
ATTACK = 3
SKIP = 4
FAVOR = 5
SHUFFLE = 6
SEE_THE_FUTURE = 7
TACOCAT = 8
CATTERMELON = 9
HAIRY_POTATO_CAT = 10
BEARD_CAT = 11
RAINBOW_RALPHING_CAT = 12

TITLES: tuple[str, ...] = (
    "Exploding Kitten",
    "Defuse",
    "Nope",
    "Attack",
    "Skip",
    "Favor",
    "Shuffle",
    "See the Future",
    "Tacocat",
    "Cattermelon",
    "Hairy Potato Cat",
    "Beard Cat",
    "Rainbow-Ralphing Cat",
)
# A card's code, the word its actions and log write: its printed name in lower case, dashes for spaces.
SLUGS: tuple[str, ...] = tuple(title.lower().replace(" ", "-") for title in TITLES)
#: Each card's code to its printed name: the kit's ``printed_names``, which a person's language words again.
PRINTED_NAMES: Mapping[str, str] = MappingProxyType(dict(zip(SLUGS, TITLES, strict=True)))
KIND_OF: dict[str, int] = {slug: kind for kind, slug in enumerate(SLUGS)}
KINDS = range(len(SLUGS))
CATS: tuple[int, ...] = (TACOCAT, CATTERMELON, HAIRY_POTATO_CAT, BEARD_CAT, RAINBOW_RALPHING_CAT)
# Cards played alone from the hand with no target (a Favor names a target, so it has its own verb).
SIMPLE_ACTIONS: tuple[int, ...] = (ATTACK, SKIP, SHUFFLE, SEE_THE_FUTURE)
# Every kind a player can ever hold: a drawn Kitten is resolved at once and never joins a hand.
HOLDABLE: tuple[int, ...] = tuple(k for k in KINDS if k != KITTEN)

# One 56-card deck.
ONE_DECK: tuple[int, ...] = (4, 6, 5, 4, 4, 4, 4, 5, 4, 4, 4, 4, 4)


def decks_for(players: int) -> int:
    """2-5 players share one deck; 6-10 combine two (the rule text's 5+ variant)."""
    return 1 if players <= 5 else 2


def deck_counts(players: int) -> tuple[int, ...]:
    """How many of each kind exist in the game, in every zone together.

    Kittens are always players - 1. Two decks hold 8, so a 10-player game adds a ninth Kitten
    (as if from a third deck): the rulings ask for players - 1 Kittens at every count.
    """
    decks = decks_for(players)
    counts = [n * decks for n in ONE_DECK]
    counts[KITTEN] = max(counts[KITTEN], players - 1)
    return tuple(counts)


def slug(kind: int) -> str:
    return SLUGS[kind]


def slugs(kinds: tuple[int, ...] | list[int]) -> list[str]:
    return [SLUGS[k] for k in kinds]


def without_one(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``hand`` (sorted) with one card of ``kind`` removed; the caller knows one is there."""
    i = hand.index(kind)
    return hand[:i] + hand[i + 1 :]


def with_one(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """``hand`` (sorted) with one more card of ``kind``, kept sorted."""
    i = 0
    n = len(hand)
    while i < n and hand[i] <= kind:
        i += 1
    return (*hand[:i], kind, *hand[i:])


def multiset_minus(have: tuple[int, ...], take: tuple[int, ...]) -> tuple[int, ...]:
    """Sorted ``have`` minus as many of ``take`` as it holds (a lower-bound subtraction)."""
    out = list(have)
    for kind in take:
        if kind in out:
            out.remove(kind)
    return tuple(out)
