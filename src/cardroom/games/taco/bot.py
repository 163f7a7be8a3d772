"""A heuristic T.A.C.O. bot: take the most points now, feed bad cards to the leader, keep Instants to defend.

It reads only the seat's view (never the state): tacos, pool, its own hand, the decision on the table.
Each legal action gets a score; the best one wins, ties broken at random.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.core.bot import BriefBot, envelope
from cardroom.core.game import Game
from cardroom.games.taco.cards import CardSpec, Deck
from cardroom.games.taco.state import TacoState, public_view

# What an effect is worth, roughly in taco points, to whoever gets it.
EFFECT_VALUE = {
    "play_another": 1.5,
    "place_ingredient": 0.8,
    "draw": 0.8,
    "destroy": 1.5,
    "steal": 2.5,
    "swap": 1.0,
    "return_card": 1.0,
    "take_random": 1.0,
    "make_discard": 0.5,
    "revive": 1.5,
}
HARMFUL = frozenset(("destroy", "steal", "swap", "return_card", "take_random", "make_discard"))


def brief_view(state: TacoState, seat: int) -> dict[str, Any]:
    """What this bot reads of ``state.view(seat)`` (:class:`~cardroom.core.bot.BriefBot`): the game's
    own part and the envelope's seat, player count and legal actions, not the rest of the envelope."""
    return public_view(state, seat) | envelope(state, seat)


class HeuristicBot(BriefBot[TacoState]):
    state_type = TacoState

    def __init__(self) -> None:
        self._deck: Deck | None = None
        self._specs: dict[str, CardSpec] = {}

    def brief(self, state: TacoState, seat: int) -> dict[str, Any]:
        return brief_view(state, seat)

    def decide(self, game: Game, view: Mapping[str, Any], legal: list[str], rng: random.Random) -> str:
        deck: Deck = game.deck  # type: ignore[attr-defined]
        if deck is not self._deck:
            self._deck, self._specs = deck, specs_by_slug(deck)
        judge = _Judge(self._specs, view)
        scored = [(judge.score(text), rng.random(), text) for text in legal]
        return max(scored)[2]


def specs_by_slug(deck: Deck) -> dict[str, CardSpec]:
    """Each slug's card spec, as ``deck.by_slug`` finds it (the first spec with that slug), in a dict:
    the bot looks up a slug for every card it weighs, thousands of times per search."""
    found: dict[str, CardSpec] = {}
    for spec in deck.specs:
        found.setdefault(spec.slug, spec)
    return found


class _Judge:
    def __init__(self, specs: dict[str, CardSpec], view: Mapping[str, Any]) -> None:
        self.specs = specs
        self.view = view
        self.me = int(view["seat"])
        self.n = int(view["players"])
        self.pool = int(view["pool"])
        standing = [int(t) + int(p) for t, p in zip(view["totals"], view["taco_points"])]
        others = [s for s in range(self.n) if s != self.me]
        self.leader = max(others, key=lambda s: (standing[s], -s))
        self.standing = standing
        self.prompt: dict[str, Any] = view["prompt"] or {}
        self.hand = [self.spec(c["card"]) for c in view["hand"] or []]

    def spec(self, slug: str) -> CardSpec:
        return self.specs[slug]

    def weight(self, seat: int) -> float:
        """How much hurting ``seat`` helps me: the leader counts most."""
        return 1.5 if seat == self.leader else 1.0

    def gain(self, spec: CardSpec) -> float:
        pts = min(spec.points, self.pool) if spec.points > 0 else spec.points
        return pts + EFFECT_VALUE.get(spec.effect, 0.0)

    def score(self, text: str) -> float:
        words = text.split()
        verb = words[0]
        kind = self.prompt.get("kind")
        if verb in ("end", "pass"):
            return 0.0
        if verb in ("hail", "accent"):
            return 10.0  # bots comply with the antics
        if verb == "play":
            return self.score_play(self.spec(words[1]), int(words[2]))
        if verb == "use":
            return self.score_use(self.spec(words[1]))
        if verb == "instant":
            return self.score_instant(self.spec(words[1]))
        if verb == "target":
            return self.score_target(int(words[2]), words[1])
        if verb == "choose":
            seat = int(words[1])
            return float(self.view["hand_sizes"][seat]) * 0.1 + self.weight(seat)
        if verb == "discard":
            value = -self.keep_value(self.spec(words[1]))
            return value + (0.0 if kind != "hail" else -5.0)
        return 0.0

    def score_play(self, spec: CardSpec, seat: int) -> float:
        mine = seat == self.me
        if spec.type == "poison":
            return -4.0 if mine else 2.0 * self.weight(seat)
        value = self.gain(spec)
        if spec.type == "shell":
            current = self.view["tacos"][seat][0]["points"]
            value = min(spec.points, self.pool + current) - current + EFFECT_VALUE.get(spec.effect, 0.0)
        if mine:
            return value
        if spec.points < 0:
            return -spec.points * self.weight(seat) - 0.5
        return -value * self.weight(seat) - 1.0

    def best_taco_card(self, pred: Any, others_only: bool = True) -> float:
        best = 0.0
        for seat, taco in enumerate(self.view["tacos"]):
            if others_only and seat == self.me:
                continue
            for entry in taco[1:]:
                spec = self.spec(entry["card"])
                if pred(spec):
                    best = max(best, entry["points"] * self.weight(seat))
        return best

    def own_has(self, pred: Any) -> bool:
        return any(pred(self.spec(e["card"])) for e in self.view["tacos"][self.me][1:])

    def score_use(self, spec: CardSpec) -> float:
        effect, params = spec.effect, spec.params
        kind = params.get("kind")
        if effect == "draw":
            return 0.9 * int(params.get("count", 1))
        if effect == "destroy" and params.get("what") == "poison":
            return 3.0 if self.own_has(lambda s: s.type == "poison") else -1.0
        if effect == "destroy":
            best = self.best_taco_card(lambda s: s.is_ingredient and kind in (None, s.food))
            if self.own_has(lambda s: s.is_ingredient and s.points < 0):
                best = max(best, 2.0)
            return best - 0.5
        if effect == "steal":
            return 2 * self.best_taco_card(lambda s: s.is_ingredient and kind in (None, s.food)) - 0.5
        if effect == "swap":
            return self.best_taco_card(lambda s: s.is_ingredient) - 1.0
        if effect == "return_card":
            return (
                2.5
                if self.own_has(lambda s: s.type == "poison")
                else self.best_taco_card(lambda s: s.is_ingredient) - 1.0
            )
        if effect == "revive":
            for entry in reversed(self.view["discard"]):
                found = self.spec(entry["card"])
                if found.is_ingredient:
                    return self.gain(found)
            return -1.0
        return 0.5

    def score_instant(self, spec: CardSpec) -> float:
        chain = self.prompt.get("chain") or []
        if not chain:
            return -1.0
        top = chain[-1]
        top_spec = self.spec(top["card"])
        by, dest = int(top["by"]), int(top["taco"])
        narrow = 0.1 if spec.params.get("types") else 0.0  # spend the narrow Instants first
        extra = 0.2 * float(spec.params.get("draw", 0))
        if top_spec.type == "instant":
            return (3.0 if len(chain) >= 2 and int(chain[-2]["by"]) == self.me else -1.0) + narrow + extra
        if by == self.me:
            return -5.0
        if dest == self.me and (top_spec.type == "poison" or top_spec.points < 0):
            return 3.0 + narrow + extra
        if top_spec.type == "action" and top_spec.effect in HARMFUL:
            exposed = self.standing[self.me] >= max(self.standing) or self.own_has(
                lambda s: s.is_ingredient and s.points >= 2
            )
            return (1.0 if exposed else -1.0) + narrow + extra
        if dest == by and top_spec.points >= 3 and by == self.leader and self.standing[by] > self.standing[self.me]:
            return 0.5 + narrow + extra
        return -1.0

    def score_target(self, seat: int, slug: str) -> float:
        spec = self.spec(slug)
        effect = self.prompt.get("effect")
        points = float(max(e["points"] for e in self.view["tacos"][seat] if e["card"] == slug))
        mine = seat == self.me
        if effect == "destroy":
            if spec.type == "poison":
                return 4.0 if mine else -1.0
            return -points if mine else points * self.weight(seat)
        if effect == "steal":
            return points * self.weight(seat) + EFFECT_VALUE.get(spec.effect, 0.0)
        if effect == "swap":
            if self.prompt.get("stage") == "yours":
                return 4.0 if spec.type == "poison" else -points
            return -4.0 if spec.type == "poison" else points * self.weight(seat)
        if effect == "return_card":
            if spec.type == "poison":
                return 4.0 if mine else -2.0
            return (-points if mine else points * self.weight(seat)) + (0.5 if mine else 0.0)
        return 0.0

    def keep_value(self, spec: CardSpec) -> float:
        if spec.type == "instant":
            return 6.0
        if spec.type == "action":
            return 3.0
        if spec.type == "poison":
            return 2.0
        if spec.points < 0:
            return 2.5
        return spec.points + EFFECT_VALUE.get(spec.effect, 0.0)
