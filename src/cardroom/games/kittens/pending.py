"""The action waiting on a reaction window (or on a follow-up decision), and the phases of play."""

from __future__ import annotations

from dataclasses import dataclass, replace

# Phases: whose decision it is and what kind.
TURN = "turn"  # the current player plays a card or draws
WINDOW = "window"  # every living player answers a Nope-able play: pass or nope
FAVOR = "favor"  # a Favor's target picks the card to give
NAME = "name"  # the player of three of a kind names the card they want
FIVE = "five"  # the player of five different icons picks the next card
TAKE = "take"  # the five-card combo resolved: pick a card from the discard pile
PLACE = "place"  # a Kitten was drawn and defused: the player picks where it goes back
OVER = "over"
PHASES = (TURN, WINDOW, FAVOR, NAME, FIVE, TAKE, PLACE, OVER)

# The kinds of Nope-able action.
ACTION_KINDS = ("attack", "skip", "shuffle", "see-the-future", "favor", "pair", "triple", "five")


@dataclass(frozen=True, slots=True)
class Pending:
    """A play that is declared but not yet resolved.

    ``cards`` are the cards it put on the discard pile; ``nopes`` the seats that played a Nope on it, in
    order. An odd number of Nopes cancels it. ``target`` and ``named`` are -1 when they do not apply.
    """

    kind: str
    actor: int
    cards: tuple[int, ...]
    target: int = -1
    named: int = -1
    nopes: tuple[int, ...] = ()

    @property
    def cancelled(self) -> bool:
        return len(self.nopes) % 2 == 1

    def noped_by(self, seat: int) -> Pending:
        return replace(self, nopes=(*self.nopes, seat))
