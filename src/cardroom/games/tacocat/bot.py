"""A heuristic Tacocat bot: keep your lowest card to the end, fight with your high ones.

The round is won by the lower final card, so the one card that matters is your lowest: never attack
with it, never spend it on a defence, and lose it only when a sacrifice forces you. Everything else is
ammunition: attack with the highest cards (jumbos of high cards force several answers), defend with the
cheapest card that holds, replace every card under 10 but the lowest, and duel with a middle card (the
lowest of 7 or more beside the lowest), keeping the high ones for the fight. It reads only the seat's
view.

Its brief view (see :class:`~cardroom.core.bot.BriefBot`) is the few entries of the seat's view it
reads: its hand, the phase, its replacement turn, its legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom.core.bot import BriefBot
from cardroom.core.game import Game
from cardroom.games.tacocat.board import BOTH, NAMES
from cardroom.games.tacocat.phases import REPLACE
from cardroom.games.tacocat.state import TacocatState, is_done, next_undecided

#: Replace non-lowest cards below this. A middle card is the least use: too high to win the round,
#: too low to attack or defend well; a fresh card is often better at one or the other.
KEEP_AT_LEAST = 10
DUEL_AT_LEAST = 7  # duel with the lowest spare card this high: the duel is not worth a 12


def brief_view(state: TacocatState, seat: int) -> dict[str, Any]:
    """The entries of ``state.view(seat)`` this bot reads, with the same values, for a seat to act."""
    both = state.phase == REPLACE and state.actor == BOTH
    deciding = both and not is_done(state, seat)
    return {
        "legal_actions": [str(a) for a in state.legal_actions(seat)],
        "you": NAMES[seat],
        "phase": state.phase,
        "hand": sorted(state.hands[seat] + state.marks[seat]),
        "replace": None
        if state.phase != REPLACE
        else {
            "decided": [state.decided[0], state.decided[1]] if both else None,
            "your_next": next_undecided(state, seat) if deciding else None,
        },
    }


class HeuristicBot(BriefBot[TacocatState]):
    state_type = TacocatState

    def brief(self, state: TacocatState, seat: int) -> dict[str, Any]:
        return brief_view(state, seat)

    def decide(self, game: Game, view: Mapping[str, Any], legal: list[str], rng: random.Random) -> str:
        hand: list[int] = list(view["hand"])
        phase = view["phase"]
        if phase == "replace":
            return self._replace(view, hand, legal)
        if phase == "duel":
            return self._duel(hand, legal)
        if phase == "attack":
            return self._attack(hand, legal)
        if phase == "defend":
            return self._defend(view, hand, legal)
        return legal[0]

    @staticmethod
    def _replace(view: Mapping[str, Any], hand: list[int], legal: Sequence[str]) -> str:
        rep = view["replace"]
        if rep["your_next"] is not None:
            # The centre space: one decision per dealt card, lowest first. The first is the lowest
            # card, which stays; every later card under the threshold goes (a second copy of the
            # lowest too).
            v = int(rep["your_next"])
            seat = 0 if view["you"] == "YAY" else 1
            first = rep["decided"][seat] == 0
            return f"discard {v}" if not first and v < KEEP_AT_LEAST else f"keep {v}"
        keep = min(hand) if hand else 0
        spare = sorted(hand)
        if keep in spare:
            spare.remove(keep)  # the lowest card stays
        for v in spare:
            if v < KEEP_AT_LEAST and f"discard {v}" in legal:
                return f"discard {v}"
        return "done"

    @staticmethod
    def _duel(hand: list[int], legal: Sequence[str]) -> str:
        # Winning the duel means attacking first, but a high card spent on it is missed in the fight:
        # lay the lowest spare card of DUEL_AT_LEAST or more, else the highest spare (never the lowest
        # card unless we hold it twice).
        spare = sorted(hand)[1:]
        middle = [v for v in spare if v >= DUEL_AT_LEAST]
        card = middle[0] if middle else (spare[-1] if spare else None)
        return f"duel {card}" if card is not None and f"duel {card}" in legal else legal[-1]

    @staticmethod
    def _attack(hand: list[int], legal: Sequence[str]) -> str:
        lowest = min(hand)
        spare_lowest = hand.count(lowest) - 1

        def score(text: str) -> float:
            cards = [int(w) for w in text.split()[1:]]
            if cards.count(lowest) > spare_lowest:
                return -1000.0  # would play the card we mean to keep
            return sum(c - 8 for c in cards) + 0.5 * len(cards) + max(cards) / 100

        return max(legal, key=score)

    @staticmethod
    def _defend(view: Mapping[str, Any], hand: list[int], legal: Sequence[str]) -> str:
        lowest = min(hand)
        spare_lowest = hand.count(lowest) > 1
        defences = [int(t.split()[1]) for t in legal if t.startswith("defend ")]
        usable = [v for v in defences if v != lowest or spare_lowest]
        if usable:
            return f"defend {min(usable)}"
        return "sacrifice"
