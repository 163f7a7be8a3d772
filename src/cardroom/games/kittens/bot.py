"""The heuristic bot: counts cards, escapes a likely Kitten, and steals Defuses. It reads only the view.

- Risk: the chance the top card is a Kitten. What this seat saw (See the Future, where it put a Kitten)
  fixes known positions; the rest of the Kittens spread over the unknown positions.
- On its turn it first steals whenever it can, from the player most likely to hold a Defuse (a known
  holder, else the biggest hand): three or two of a kind among its cheap cards, a Favor, and five
  icons when a Defuse lies in the discard and it holds none (five cards are too dear otherwise). A
  steal leaves the pile as it was, and every card taken is one the other cannot use. Then it looks ahead with See the Future when the risk is real, escapes with Attack
  or Skip (or a Shuffle) when the risk is high and it holds no Defuse, and otherwise draws.
- A defused Kitten goes just where the next player will draw it (after its own remaining draws).
- In a Nope window it Nopes what threatens it (an Attack landing on it, any steal aimed at it, another
  player's five icons) and answers a Nope on its own escape with a Nope of its own.
- Asked for a Favor, it gives its least useful card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.core.bot import BriefBot, envelope
from cardroom.core.game import Game
from cardroom.games.kittens.state import KittensState
from cardroom.games.kittens.view import build_view

# How much the bot wants to keep a card (higher: keep); a cat is worth more when it makes a pair.
VALUE = {
    "defuse": 100,
    "nope": 45,
    "attack": 50,
    "skip": 40,
    "see-the-future": 30,
    "shuffle": 25,
    "favor": 20,
}
CATS = ("tacocat", "cattermelon", "hairy-potato-cat", "beard-cat", "rainbow-ralphing-cat")
#: The cards it spends on two or three of a kind, in this order: the cats, then the two action cards it
#: values least (a steal is worth more than a Favor's or a Shuffle's own effect).
STEAL_WITH = (*CATS, "favor", "shuffle")
ESCAPE_RISK = 0.25  # without a Defuse, dodge a draw this likely to explode
LOOK_RISK = 0.12  # worth a See the Future before drawing


def card_value(card: str, hand: list[str]) -> int:
    if card in VALUE:
        return VALUE[card]
    return 12 if hand.count(card) >= 2 else 5


def top_risk(view: Mapping[str, Any]) -> float:
    """The chance that the next card drawn is an Exploding Kitten, given what this seat knows."""
    known = {int(p): c for p, c in view["known_pile"]}
    if 0 in known:
        return 1.0 if known[0] == "exploding-kitten" else 0.0
    kittens = view["kittens_in_pile"] - sum(1 for c in known.values() if c == "exploding-kitten")
    unknown = view["draw_pile"] - len(known)
    return kittens / unknown if unknown > 0 else 0.0


def next_living(view: Mapping[str, Any], seat: int) -> int:
    n = view["players"]
    for step in range(1, n + 1):
        other = (seat + step) % n
        if other not in view["out"]:
            return int(other)
    return seat


def brief_view(state: KittensState, seat: int) -> dict[str, Any]:
    """What this bot reads of ``state.view(seat)`` (:class:`~cardroom.core.bot.BriefBot`): the game's
    own part and the envelope's seat, player count and legal actions, not the rest of the envelope."""
    return build_view(state, seat) | envelope(state, seat)


class HeuristicBot(BriefBot[KittensState]):
    state_type = KittensState

    def brief(self, state: KittensState, seat: int) -> dict[str, Any]:
        return brief_view(state, seat)

    def decide(self, game: Game, view: Mapping[str, Any], legal: list[str], rng: random.Random) -> str:
        handler = {
            "turn": self._turn,
            "window": self._window,
            "favor": self._give,
            "name": self._name,
            "five": self._five,
            "take": self._take,
            "place": self._place,
        }.get(view["phase"])
        choice = handler(view, legal) if handler else None
        return choice if choice in legal else ("draw" if "draw" in legal else rng.choice(legal))

    # -- decisions -------------------------------------------------------------------------------

    def _turn(self, view: Mapping[str, Any], legal: list[str]) -> str:
        hand: list[str] = view["hand"]
        risk = top_risk(view)
        has_defuse = "defuse" in hand
        known_top = any(int(p) == 0 for p, _ in view["known_pile"])
        steal = self._steal(view, legal)
        if risk >= 1.0:
            for escape in ("play attack", "play skip", "play shuffle"):
                if escape in legal:
                    return escape
            return steal or "draw"
        if steal:
            return steal
        if risk == 0.0 and known_top:
            return "draw"
        if not known_top and risk >= LOOK_RISK and "play see-the-future" in legal:
            return "play see-the-future"
        if not has_defuse and risk >= ESCAPE_RISK:
            for escape in ("play attack", "play skip"):
                if escape in legal:
                    return escape
        elif has_defuse and view["turns_owed"] > 1 and risk >= ESCAPE_RISK and "play attack" in legal:
            return "play attack"
        return "draw"

    def _steal(self, view: Mapping[str, Any], legal: list[str]) -> str | None:
        """A play that takes a card, maybe a Defuse: three of a kind naming it, two of a kind, a Favor,
        five icons for a discarded Defuse."""
        target = self._likely_defuse_holder(view)
        if target is None:
            return None
        for verb in ("triple", "pair"):
            for card in STEAL_WITH:
                if f"{verb} {card} {target}" in legal:
                    return f"{verb} {card} {target}"
        if f"favor {target}" in legal:
            return f"favor {target}"
        if "defuse" in view["discard"] and "defuse" not in view["hand"]:
            fives = [a for a in legal if a.startswith("five ")]
            if fives:
                return min(fives, key=lambda a: card_value(a.split()[1], view["hand"]))
        return None

    def _likely_defuse_holder(self, view: Mapping[str, Any]) -> int | None:
        me = view["seat"]
        sizes = view["hand_sizes"]
        candidates = [s for s in range(view["players"]) if s != me and s not in view["out"] and sizes[s] > 0]
        if not candidates:
            return None
        known = {int(h): cards for h, cards in view["known_hands"]}
        holders = [s for s in candidates if "defuse" in known.get(s, [])]
        if holders:
            return holders[0]
        return max(candidates, key=lambda s: (sizes[s], s == next_living(view, me)))

    def _window(self, view: Mapping[str, Any], legal: list[str]) -> str:
        if "nope" not in legal:
            return "pass"
        pending = view["pending"]
        me = view["seat"]
        hand: list[str] = view["hand"]
        stands = not pending["cancelled"]
        actor, kind = pending["actor"], pending["action"]
        if actor == me:
            # Someone Noped my play: answer when it was an escape or a steal I needed.
            needed = kind in ("attack", "skip") and (top_risk(view) >= ESCAPE_RISK or "defuse" not in hand)
            needed = needed or (kind in ("triple", "five") and "defuse" not in hand)
            return "nope" if not stands and needed else "pass"
        if not stands:
            return "pass"
        if kind == "attack" and next_living(view, actor) == me:
            return "nope"
        if kind == "five" or (pending["target"] == me and kind in ("pair", "triple", "favor")):
            return "nope"
        return "pass"

    def _give(self, view: Mapping[str, Any], legal: list[str]) -> str:
        hand: list[str] = view["hand"]
        return min(legal, key=lambda a: card_value(a.split()[1], hand))

    def _name(self, view: Mapping[str, Any], legal: list[str]) -> str:
        return "name defuse"

    def _five(self, view: Mapping[str, Any], legal: list[str]) -> str:
        return self._give(view, legal)

    def _take(self, view: Mapping[str, Any], legal: list[str]) -> str:
        hand: list[str] = view["hand"]
        return max(legal, key=lambda a: card_value(a.split()[1], hand))

    def _place(self, view: Mapping[str, Any], legal: list[str]) -> str:
        # My own remaining draws come first; the next card after them is the next player's.
        mine = view["turns_owed"] - 1
        return f"place {min(mine, view['draw_pile'])}"
