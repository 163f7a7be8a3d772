"""Where the others put a defused Kitten back, as far as one seat's log can say.

A player who defuses a Kitten puts it back in secret, anywhere in the draw pile. Nobody else sees
where, but players are not uniform about it: the heuristic always puts it where the next player will
draw it first, and the compiled search does so about two times in three (``bench/bots/place_rates.py``).
A seat that imagines the Kitten anywhere in the pile with equal chance therefore draws, after the
other's Defuse, a card it should fear. Each placement the seat did not see is one observation: the
pile it went into (``pile_before`` cards, so ``pile_before + 1`` places), how many turns its placer
still owed (the next player's first draw is then ``owed - 1`` from the top) and how many cards have
been drawn off the top since. The opponent model gives the chance of each place; the kernel's
``likelihood`` (``kernel_evidence.placement``) weighs a world by the chance of where its Kitten is.

An observation holds only while the pile above the Kitten is known to have moved by draws alone: a
Shuffle, another Kitten put back (which may go above it) or any Kitten drawn since (which may be this
one) drops it rather than being modelled. Everything here reads only the view and its log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from cardroom.games.kittens.shipped import model_row

#: Where a Kitten went back, as the rates count it: the next player's first draw, the bottom, elsewhere.
PLACES = ("first", "bottom", "other")
MIXED = 0.05  # the share of a uniformly random place mixed into every model: no world is ruled out


@dataclass(frozen=True)
class Placement:
    """One Kitten another seat put back, unseen: into how big a pile, owing how many turns, and how many
    cards have been drawn off the top since."""

    seat: int
    pile_before: int
    owed: int
    drawn_since: int = 0

    @property
    def first(self) -> int:
        """The place the next player draws first: after the placer's own remaining draws."""
        return min(self.owed - 1, self.pile_before)


def placements(view: Mapping[str, Any]) -> list[Placement]:
    """The last Kitten another seat put back, if the log still says where it is (see the module's note)."""
    last: Placement | None = None
    turn: tuple[int, int] | None = None  # (seat, owed) of the latest turn line still in force
    for event in view.get("log", ()):
        kind = event["kind"]
        if kind == "turn":
            turn = (int(event["seat"]), int(event["owed"]))
        elif kind == "draw":
            if last is not None:
                last = replace(last, drawn_since=last.drawn_since + 1)
            turn = None  # a draw ends an owed turn; a turn line follows if more are owed
        elif kind == "play" and event.get("card") in ("skip", "attack"):
            turn = None  # so does a Skip or an Attack (after a Noped one, owed reads as 1: rare)
        elif kind in ("shuffle", "kitten"):
            last = None
        elif kind == "place":  # a Kitten that may go above the last one: only the newest says anything
            seat = int(event["seat"])
            last = Placement(seat, -1, turn[1] if turn is not None and turn[0] == seat else 1)
            turn = None
    if last is None or last.seat == int(view["seat"]):
        return []
    # The pile holds the Kitten and has lost ``drawn_since`` cards since: that says how big it was.
    return [replace(last, pile_before=int(view["draw_pile"]) + last.drawn_since - 1)]


@cache
def shares(model: str) -> tuple[float, float, float]:
    """The model's share of Kittens put at the next player's first draw, the bottom and elsewhere (the
    table ``bench/bots/place_rates.py`` measured and the package ships)."""
    row = model_row("place_rates.json", model, "placements")
    counts = [float(row["counts"][place]) for place in PLACES]
    total = sum(counts)
    return counts[0] / total, counts[1] / total, counts[2] / total


def chances(p: Placement, model: str) -> tuple[float, float, float]:
    """The chance, under ``model``, of the first-draw place, of the bottom, and of each other single
    place, for this placement's pile; every place keeps :data:`MIXED` of a uniform choice."""
    first, bottom, other = shares(model)
    places = p.pile_before + 1
    if p.first == p.pile_before:  # an empty pile, or owing as many as it holds: first is the bottom
        first, bottom = first + bottom, 0.0
    rest = places - 1 - (p.first != p.pile_before)
    if rest == 0:
        first, bottom, other = first / (first + bottom), bottom / (first + bottom), 0.0
    uniform = MIXED / places
    each_other = (1 - MIXED) * other / rest + uniform if rest else 0.0
    return (1 - MIXED) * first + uniform, (1 - MIXED) * bottom + uniform, each_other


def rows(view: Mapping[str, Any], model: str) -> list[tuple[float, ...]]:
    """The placement section's rows of the evidence array, ``kernel_evidence.PLACE_WIDTH`` fields each:
    cards drawn since, the pile it went into, the first-draw place, and the three chances."""
    out: list[tuple[float, ...]] = []
    for p in placements(view):
        first, bottom, other = chances(p, model)
        out.append((p.drawn_since, p.pile_before, p.first, first, bottom, other))
    return out
