"""Cards: a card is its value (1 to 12). Hands are sorted tuples; the deck is a count per value."""

from __future__ import annotations

from collections.abc import Iterable

VALUES = tuple(range(1, 13))

# Count of each value 1..12 in each deck the presets name.
DECKS: dict[str, tuple[int, ...]] = {
    # The retail box lists its 38 cards.
    "official": (1, 1, 1, 2, 2, 4, 5, 5, 5, 5, 4, 3),
    # Assumed: the prototype builds 36 cards from a poker deck but its table of counts is lost.
    "print-and-play": (1, 2, 5, 5, 5, 5, 4, 3, 2, 2, 1, 1),
}

Hand = tuple[int, ...]
MIN_DECK = 36  # the largest deal (9) twice, plus two full replacements


def deck_problem(value: object) -> str | None:
    """Why ``value`` names no deck, or ``None``: a deck name or twelve comma-separated counts."""
    if isinstance(value, str) and value in DECKS:
        return None
    names = ", ".join(repr(n) for n in DECKS)
    if not isinstance(value, str):
        return f"a deck is one of {names} or twelve counts like '1,1,1,2,2,4,5,5,5,5,4,3'"
    parts = value.replace(" ", "").split(",")
    if len(parts) != 12 or not all(p.isdigit() and len(p) <= 3 for p in parts):
        return f"{value[:60]!r} is not one of {names} nor twelve counts (values 1 to 12) like '1,1,1,2,2,4,5,5,5,5,4,3'"
    if sum(int(p) for p in parts) < MIN_DECK:
        return f"a deck needs at least {MIN_DECK} cards so that the largest deal and replacements fit"
    return None


def deck_counts(value: str) -> tuple[int, ...]:
    """The counts per value of a deck named by ``value`` (already checked by :func:`deck_problem`)."""
    found = DECKS.get(value)
    return found if found is not None else tuple(int(p) for p in value.replace(" ", "").split(","))


def deck_cards(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Every card of a deck, lowest first."""
    return tuple(v for v, n in zip(VALUES, counts) for _ in range(n))


def remove(hand: Hand, value: int) -> Hand:
    """The hand without one card of ``value`` (which it must hold)."""
    i = hand.index(value)
    return hand[:i] + hand[i + 1 :]


def remove_all(hand: Hand, values: Iterable[int]) -> Hand:
    rest = list(hand)
    for v in values:
        rest.remove(v)
    return tuple(rest)


def contains(hand: Hand, values: Iterable[int]) -> bool:
    """True if the hand holds every card of ``values`` (a multiset)."""
    rest = list(hand)
    for v in values:
        if v not in rest:
            return False
        rest.remove(v)
    return True


def counts_of(cards: Iterable[int]) -> tuple[int, ...]:
    out = [0] * 12
    for v in cards:
        out[v - 1] += 1
    return tuple(out)


def show(cards: Iterable[int]) -> str:
    """Cards as a person reads them: ``3, 7, 7``; ``nothing`` for none."""
    listed = ", ".join(str(v) for v in cards)
    return listed or "nothing"
