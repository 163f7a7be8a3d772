"""The action waiting on a reaction window (or on a follow-up decision), the phases of play, and the
fields a game in progress holds."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardroom.games.kittens import cards as C

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

# What a game in progress holds besides its game, step and log: the fields a state has and a rule
# step's draft copies and changes (state.py, rules.py).
FIELDS = (
    "seed", "counter", "hands", "pile", "discard", "removed", "out", "current", "owed", "attacked",
    "phase", "pending", "undecided", "pile_known", "hand_known",
)  # fmt: skip

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

    def to_json(self) -> dict[str, Any]:
        """The pending play as a saved game and a position's JSON hold it (cards by slug)."""
        return {
            "kind": self.kind,
            "actor": self.actor,
            "cards": C.slugs(self.cards),
            "target": self.target,
            "named": self.named,
            "nopes": list(self.nopes),
        }
