"""A tiny game registered from outside cardroom, to prove the RL adapters need nothing per game.

"High card": each seat is dealt three cards; every round all seats play one card face down at once
(a simultaneous decision), the highest card scores a point; after three rounds the most points win.
It has hidden hands, a hidden pending choice and a real ``sample``, which is all the adapters use.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.core import rng as rngmod
from cardroom.core.action import Action, Form, Grammar, action
from cardroom.core.game import Game, State, View
from cardroom.core.options import Option
from cardroom.core.outcome import Outcome

HAND = 3


class HighCardState(State):
    __slots__ = ("game", "hands", "history", "pending", "played", "scores", "seed", "step")

    def __init__(
        self,
        game: HighCardGame,
        seed: int,
        hands: tuple[tuple[int, ...], ...],
        pending: tuple[int | None, ...],
        scores: tuple[int, ...],
        played: tuple[tuple[int, ...], ...],
        step: int,
    ) -> None:
        self.game, self.seed, self.hands, self.pending = game, seed, hands, pending
        self.scores, self.played, self.step, self.history = scores, played, step, None

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return tuple(s for s, p in enumerate(self.pending) if p is None)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act:
            return ()
        return tuple(sorted(action("play", v) for v in set(self.hands[seat])))

    def _why_illegal(self, seat: int, act: Action) -> str:
        return "you can only play a card from your hand"

    def _apply(self, seat: int, act: Action) -> State:
        value = int(act.args[0])
        hands = list(self.hands)
        hand = list(hands[seat])
        hand.remove(value)
        hands[seat] = tuple(hand)
        pending = list(self.pending)
        pending[seat] = value
        scores, played = self.scores, self.played
        if all(p is not None for p in pending):
            cards = tuple(int(p) for p in pending)  # type: ignore[arg-type]
            best = max(cards)
            scores = tuple(s + (c == best) for s, c in zip(scores, cards))
            played = (*played, cards)
            pending = [None] * len(pending)
        return HighCardState(self.game, self.seed, tuple(hands), tuple(pending), scores, played, self.step + 1)

    @property
    def outcome(self) -> Outcome | None:
        if len(self.played) < HAND:
            return None
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        losers = tuple(s for s in range(self.game.players) if s not in winners)
        ranking = (winners, losers) if losers else (winners,)
        return Outcome(winners, ranking, "most points", tuple(float(s) for s in self.scores))

    def _view(self, seat: int | None) -> View:
        return {
            "hand": sorted(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "played": [list(r) for r in self.played],
            "my_choice": None if seat is None else self.pending[seat],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "seed": self.seed,
            "hands": [list(h) for h in self.hands],
            "pending": list(self.pending),
            "scores": list(self.scores),
            "played": [list(r) for r in self.played],
            "step": self.step,
        }

    def census(self) -> Mapping[str, int]:
        return {}

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        return self


class HighCardGame(Game):
    name = "high-card"
    title = "High card (test game)"
    option_specs = (Option("players", 2, "seats", choices=(2, 3)),)
    presets: Mapping[str, Mapping[str, Any]] = {"two": {"players": 2}, "three": {"players": 3}}
    default_preset = "two"
    grammar = Grammar([Form("play", ("N",), "play N")])

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def deck(self) -> list[int]:
        return list(range(1, HAND * self.players + 3))

    def new_game(self, seed: int | None = None) -> State:
        seed = rngmod.fresh_seed() if seed is None else seed
        deck = self.deck()
        rngmod.derive(seed, 0).shuffle(deck)
        hands = tuple(tuple(sorted(deck[i * HAND : (i + 1) * HAND])) for i in range(self.players))
        n = self.players
        return HighCardState(self, seed, hands, (None,) * n, (0,) * n, (), 0)

    def load(self, data: Mapping[str, Any] | str) -> State:
        assert not isinstance(data, str)
        return HighCardState(
            self,
            data["seed"],
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["pending"]),
            tuple(data["scores"]),
            tuple(tuple(r) for r in data["played"]),
            data["step"],
        )

    def sample(self, view: View, rng: random.Random) -> State:
        seat = int(view["seat"])
        played = [c for r in view["played"] for c in r]
        mine = list(view["hand"]) + ([view["my_choice"]] if view["my_choice"] is not None else [])
        unseen = [c for c in self.deck() if c not in played and c not in mine]
        rng.shuffle(unseen)
        n = self.players
        hands: list[tuple[int, ...]] = []
        pending: list[int | None] = []
        for s in range(n):
            if s == seat:
                hands.append(tuple(view["hand"]))
                pending.append(view["my_choice"])
                continue
            size = view["hand_sizes"][s]
            chose = s not in view["to_act"] and not view["is_over"]
            take = size + (1 if chose else 0)
            cards, unseen = unseen[:take], unseen[take:]
            hands.append(tuple(sorted(cards[:size])))
            pending.append(cards[size] if chose else None)
        return HighCardState(
            self,
            rngmod.seed_from(rng),
            tuple(hands),
            tuple(pending),
            tuple(view["scores"]),
            tuple(tuple(r) for r in view["played"]),
            int(view["step"]),
        )

    def action_space(self) -> tuple[Action, ...]:
        return tuple(action("play", v) for v in self.deck())


class HighestCardBot:
    """A stand-in 'heuristic': plays its highest card."""

    name = "heuristic"

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        return str(view["legal_actions"][-1])
