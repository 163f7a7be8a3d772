"""Legal actions by hand, memoised per game: the same few hands recur constantly in simulations."""

from __future__ import annotations

from cardroom.core.action import Action, action
from cardroom.games.tacocat.actions import DONE, SACRIFICE, attack_shapes
from cardroom.games.tacocat.cards import Hand

_LIMIT = 200_000  # entries per table before it is cleared; keeps long simulations' memory flat

Key = tuple[Hand, int]


class LegalActions:
    """Sorted tuples of legal actions for a hand in each kind of decision."""

    def __init__(self, jumbo: str) -> None:
        self.jumbo = jumbo
        self._attacks: dict[Hand, tuple[Action, ...]] = {}
        self._defences: dict[Key, tuple[Action, ...]] = {}
        self._duels: dict[Hand, tuple[Action, ...]] = {}
        self._discards: dict[Hand, tuple[Action, ...]] = {}
        self._decisions = {v: (action("discard", v), action("keep", v)) for v in range(1, 13)}

    def attacks(self, hand: Hand) -> tuple[Action, ...]:
        found = self._attacks.get(hand)
        if found is None:
            if len(self._attacks) > _LIMIT:
                self._attacks.clear()
            shapes = attack_shapes(hand, self.jumbo)
            # Actions sort by verb, then size, then cards: the same order as (size, cards) here.
            shapes.sort(key=lambda cards: (len(cards), cards))
            found = self._attacks[hand] = tuple(action("attack", *cards) for cards in shapes)
        return found

    def defences(self, hand: Hand, card: int) -> tuple[Action, ...]:
        key = (hand, card)
        found = self._defences.get(key)
        if found is None:
            if len(self._defences) > _LIMIT:
                self._defences.clear()
            higher = sorted({v for v in hand if v >= card})
            found = self._defences[key] = (*(action("defend", v) for v in higher), SACRIFICE)
        return found

    # Duels and discards depend only on which values a hand holds: keyed by those (a hand is sorted,
    # so dict.fromkeys gives them in order), the few hundred tables cover every hand.

    def duels(self, hand: Hand) -> tuple[Action, ...]:
        key = tuple(dict.fromkeys(hand))
        found = self._duels.get(key)
        if found is None:
            found = self._duels[key] = tuple(action("duel", v) for v in key)
        return found

    def discards(self, hand: Hand) -> tuple[Action, ...]:
        """Discard any card held, or be done ("discard" sorts before "done")."""
        key = tuple(dict.fromkeys(hand))
        found = self._discards.get(key)
        if found is None:
            found = self._discards[key] = (*(action("discard", v) for v in key), DONE)
        return found

    def decisions(self, card: int) -> tuple[Action, ...]:
        """The simultaneous replacement's one decision about ``card``: discard it or keep it."""
        return self._decisions[card]
