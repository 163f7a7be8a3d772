"""Pips' reference engine: the authority its kernel is checked against (rules in the package's docstring)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core import events as ev
from cardroom.core.action import Action, Form, Grammar, action
from cardroom.core.errors import CorruptState
from cardroom.core.game import Game, State, View
from cardroom.core.options import Option
from cardroom.core.outcome import Outcome
from cardroom.core.rng import derive, fresh_seed, seed_from

NAME = "pips"
CARDS = tuple(range(1, 8))
HAND = 3
TRICKS = 3


class PipsState(State):
    __slots__ = ("game", "hands", "history", "leader", "led", "seed", "set_aside", "step", "tricks")

    def __init__(self, game: Game, seed: int, hands: tuple[tuple[int, ...], tuple[int, ...]], set_aside: int,
                 leader: int, led: int, tricks: tuple[int, int], step: int, history: ev.Chain) -> None:  # fmt: skip
        self.game, self.seed, self.hands, self.set_aside = game, seed, hands, set_aside
        self.leader, self.led, self.tricks, self.step, self.history = leader, led, tricks, step, history

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over:
            return ()
        return (self.leader if self.led == 0 else 1 - self.leader,)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act:
            return ()
        return tuple(action("play", c) for c in sorted(self.hands[seat]))

    def _why_illegal(self, seat: int, act: Action) -> str:
        cards = ", ".join(str(c) for c in sorted(self.hands[seat]))
        return f"you can play only a card in your hand: {cards}"

    def _apply(self, seat: int, act: Action) -> State:
        card = int(act.args[0])
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        played = ev.Event("play", f"P{seat} plays {card}", {"seat": seat, "card": card})
        if self.led == 0:
            history = ev.append(self.history, played)
            return PipsState(self.game, self.seed, (hands[0], hands[1]), self.set_aside, self.leader, card,
                             self.tricks, self.step + 1, history)  # fmt: skip
        taker = seat if card > self.led else self.leader
        tricks = (self.tricks[0] + (taker == 0), self.tricks[1] + (taker == 1))
        took = ev.Event("trick", f"P{taker} takes the trick", {"seat": taker})
        history = ev.extend(self.history, [played, took])
        return PipsState(self.game, self.seed, (hands[0], hands[1]), self.set_aside, taker, 0, tricks,
                         self.step + 1, history)  # fmt: skip

    @property
    def outcome(self) -> Outcome | None:
        if sum(self.tricks) < TRICKS:
            return None
        best = 0 if self.tricks[0] > self.tricks[1] else 1
        return Outcome((best,), ((best,), (1 - best,)), "more tricks", (float(self.tricks[0]), float(self.tricks[1])))

    def _view(self, seat: int | None) -> View:
        return {
            "hand": None if seat is None else sorted(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "leader": self.leader,
            "led": self.led,
            "tricks": list(self.tricks),
            "played": sorted(c for c in CARDS if c != self.set_aside and all(c not in h for h in self.hands)),
        }

    def to_json(self) -> dict[str, Any]:
        return {"game": NAME, "seed": self.seed, "hands": [list(h) for h in self.hands], "set_aside": self.set_aside,
                "leader": self.leader, "led": self.led, "tricks": list(self.tricks), "step": self.step}  # fmt: skip

    def census(self) -> Mapping[str, int]:
        played = len(CARDS) - 1 - len(self.hands[0]) - len(self.hands[1])
        return {"cards": len(self.hands[0]) + len(self.hands[1]) + 1 + played}

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        unseen = [*(self.hands[1 - seat] if seat is not None else ()), self.set_aside]
        if seat is None:
            unseen = [*self.hands[0], *self.hands[1], self.set_aside]
        rng.shuffle(unseen)
        return self._redealt(seat, unseen)

    def _redealt(self, seat: int | None, unseen: list[int]) -> PipsState:
        """This position with the cards ``seat`` cannot see (the others' hands, then the set-aside card)
        taken in turn from ``unseen``."""
        hands = list(self.hands)
        for other in (0, 1):
            if other != seat:
                size = len(hands[other])
                hands[other], unseen = tuple(sorted(unseen[:size])), unseen[size:]
        return PipsState(self.game, self.seed, (hands[0], hands[1]), unseen[0], self.leader, self.led, self.tricks,
                         self.step, self.history)  # fmt: skip


class PipsGame(Game):
    name = NAME
    title = "Pips (test game)"
    option_specs = (Option("players", 2, "seats: two", choices=(2,)),)
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"standard": {}}
    default_preset = "standard"
    grammar = Grammar([Form("play", ("N",), "play N")])
    heuristic_bot = "cardroom.games.pips.bot:HeuristicBot"

    @property
    def players(self) -> int:
        return 2

    def new_game(self, seed: int | None = None) -> State:
        seed = fresh_seed() if seed is None else seed
        deck = list(CARDS)
        derive(seed, 0).shuffle(deck)
        hands = (tuple(sorted(deck[:HAND])), tuple(sorted(deck[HAND : 2 * HAND])))
        return PipsState(self, seed, hands, deck[2 * HAND], 0, 0, (0, 0), 0, None)

    def load(self, data: Mapping[str, Any] | str) -> State:
        if isinstance(data, str):
            raise CorruptState("Pips has no position notation; give its JSON")
        self._check_json(data)
        hands = tuple(tuple(int(c) for c in h) for h in data["hands"])
        return PipsState(self, int(data["seed"]), (hands[0], hands[1]), int(data["set_aside"]), int(data["leader"]),
                         int(data["led"]), (int(data["tricks"][0]), int(data["tricks"][1])), int(data["step"]),
                         None)  # fmt: skip

    def sample(self, view: View, rng: random.Random) -> State:
        seat = int(view["seat"])
        mine = tuple(view["hand"])
        unseen = [c for c in CARDS if c not in mine and c not in view["played"] and c != view["led"]]
        rng.shuffle(unseen)
        hidden = (0,) * int(view["hand_sizes"][1 - seat])  # stands for the other hand: only its size counts
        hands = (mine, hidden) if seat == 0 else (hidden, mine)
        known = PipsState(self, seed_from(rng), hands, 0, int(view["leader"]), int(view["led"]),
                          (int(view["tricks"][0]), int(view["tricks"][1])), int(view["step"]), None)  # fmt: skip
        return known._redealt(seat, unseen)

    def action_space(self) -> tuple[Action, ...]:
        return tuple(action("play", c) for c in CARDS)
