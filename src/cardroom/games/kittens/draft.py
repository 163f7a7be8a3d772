"""A state being changed: the mutable copy one rule handler works on, and what it says.

The rules (``rules.py``) copy a frozen state into a :class:`Draft`, change it in place through one
handler per verb, then freeze it back, so a transition never half-changes a shared state.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from cardroom.core import events as ev
from cardroom.core.rng import derive
from cardroom.games.kittens import cards as C
from cardroom.games.kittens import knowledge as K
from cardroom.games.kittens.pending import FIELDS

if TYPE_CHECKING:
    from cardroom.games.kittens.state import KittensState


class Draft:
    """A state being changed: the same fields, mutable, plus the events this action produced."""

    __slots__ = ("events", "players", "state", *FIELDS)

    def __init__(self, state: KittensState) -> None:
        self.state = state
        self.players = state.game.players
        self.seed = state.seed
        self.counter = state.counter
        self.hands = list(state.hands)
        self.pile = state.pile
        self.discard = state.discard
        self.removed = state.removed
        self.out = state.out
        self.current = state.current
        self.owed = state.owed
        self.attacked = state.attacked
        self.phase = state.phase
        self.pending = state.pending
        self.undecided = state.undecided
        self.pile_known = list(state.pile_known)
        self.hand_known = list(state.hand_known)
        self.events: list[ev.Event] = []

    # -- helpers ---------------------------------------------------------------------------------

    def rng(self) -> random.Random:
        """The next generator of this game's seeded stream."""
        generator = derive(self.seed, self.counter)
        self.counter += 1
        return generator

    def say(self, kind: str, text: str, audience: frozenset[int] | None = None, **data: object) -> None:
        self.events.append(ev.Event(kind, text, data, audience))

    def living(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.out)

    def next_living(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if other not in self.out:
                return other
        return seat

    def lose(self, seat: int, kind: int) -> None:
        """``seat`` plays a card of ``kind`` face up onto the discard pile."""
        self.hands[seat] = C.without_one(self.hands[seat], kind)
        self.discard = (*self.discard, kind)
        K.lose_known_kind(self.hand_known, seat, kind)

    def freeze(self) -> KittensState:
        prev = self.state
        return type(prev)(
            prev.game,
            step=prev.step + 1,
            history=ev.extend(prev.history, self.events),
            seed=self.seed,
            counter=self.counter,
            hands=tuple(self.hands),
            pile=self.pile,
            discard=self.discard,
            removed=self.removed,
            out=self.out,
            current=self.current,
            owed=self.owed,
            attacked=self.attacked,
            phase=self.phase,
            pending=self.pending,
            undecided=self.undecided,
            pile_known=tuple(self.pile_known),
            hand_known=tuple(self.hand_known),
        )
