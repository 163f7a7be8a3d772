"""Words for a person shared by every game's wording of its actions (``games/<game>/words.py``) and
the analysis: a card's name from its slug, a seat named in an action, a count of cards."""

from __future__ import annotations

from collections.abc import Sequence


def card(slug: str) -> str:
    """A card's name from its slug: "no-way-jose" -> "No Way Jose"."""
    return " ".join(w.capitalize() for w in slug.split("-"))


def whose(names: Sequence[str], seat: int, target: str, own: str = "your") -> str:
    """A seat named in an action: "your" for the acting seat, else "Bo's"."""
    k = int(target)
    return own if k == seat else f"{names[k]}'s" if 0 <= k < len(names) else f"seat {k + 1}'s"


def person(names: Sequence[str], seat: int, target: str) -> str:
    k = int(target)
    return "yourself" if k == seat else names[k] if 0 <= k < len(names) else f"player {k + 1}"


def cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
