"""A tiny game for testing the server without depending on the real games' details.

Each seat is dealt 2 cards from 1..9 (hidden). On a turn a seat plays a card; then every seat is
asked in a reaction window: ``pass``, or ``nope`` while it has a Nope token (one each). A nope opens
a new window. When everyone has passed the card scores for its player unless it was noped an odd
number of times. The game ends when all hands are empty; most points wins.

With the option ``nopes="dealt"`` the Nope tokens are hidden instead, and dealt afresh (each seat
holds one with probability 1/2, from the game's seed) every time a window opens: whether a seat can
Nope is then a hidden fact drawn anew at each window, unrelated to how far the game has gone, as the
timing tests need.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import cardroom
from cardroom.core import Action, Form, Game, Grammar, Outcome, State, action
from cardroom.core import events as ev
from cardroom.core.rng import derive, fresh_seed


class ToyState(State):
    __slots__ = ("_d", "game", "history", "step")

    def __init__(self, game: Game, step: int, history: ev.Chain, d: dict[str, Any]) -> None:
        self.game, self.step, self.history, self._d = game, step, history, d

    @property
    def to_act(self) -> tuple[int, ...]:
        d = self._d
        if d["over"]:
            return ()
        if d["pending"] is None:
            return (d["turn"],)
        return tuple(s for s in range(self.game.players) if s not in d["decided"])

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act:
            return ()
        d = self._d
        if d["pending"] is None:
            return tuple(sorted(action("play", c) for c in d["hands"][seat]))
        acts = [action("pass")]
        if d["nopes"][seat] > 0:
            acts.append(action("nope"))
        return tuple(sorted(acts))

    @property
    def reaction_window(self) -> bool:
        return self._d["pending"] is not None and bool(self.to_act)

    def default_answer(self, seat: int) -> str | None:
        return "pass" if self.reaction_window and seat in self.to_act else None

    def _why_illegal(self, seat: int, act: Action) -> str:
        if act.verb == "play":
            return "you can only play a card from your hand"
        return f"{act} is not possible now"

    def _apply(self, seat: int, act: Action) -> State:
        d = {k: (list(v) if isinstance(v, list) else v) for k, v in self._d.items()}
        d["hands"] = [list(h) for h in self._d["hands"]]
        d["decided"] = list(self._d["decided"])
        d["nopes"] = list(self._d["nopes"])
        d["scores"] = list(self._d["scores"])
        events = []
        if act.verb == "play":
            card = int(act.args[0])
            d["hands"][seat].remove(card)
            d["pending"] = card
            d["noped"] = 0
            d["decided"] = []
            self._deal_nopes(d)
            events.append(ev.Event("play", f"P{seat} plays {card}", {"seat": seat, "card": card}))
        elif act.verb == "nope":
            d["nopes"][seat] -= 1
            d["noped"] += 1
            d["decided"] = []
            self._deal_nopes(d)
            events.append(ev.Event("nope", f"P{seat} says nope", {"seat": seat}))
        else:
            d["decided"].append(seat)
            if len(d["decided"]) == self.game.players:
                if d["noped"] % 2 == 0:
                    d["scores"][d["turn"]] += d["pending"]
                d["pending"] = None
                d["decided"] = []
                d["turn"] = (d["turn"] + 1) % self.game.players
                if not any(d["hands"]):
                    d["over"] = True
        return ToyState(self.game, self.step + 1, ev.extend(self.history, events), d)

    def _deal_nopes(self, d: dict[str, Any]) -> None:
        """A new window: with dealt Nopes, each seat's is drawn again (hidden)."""
        if "seed" in d:
            draw = derive(d["seed"], self.step + 1)
            d["nopes"] = [int(draw.random() < 0.5) for _ in d["nopes"]]

    @property
    def outcome(self) -> Outcome | None:
        if not self._d["over"]:
            return None
        scores = self._d["scores"]
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        order = sorted(set(scores), reverse=True)
        ranking = tuple(tuple(s for s, v in enumerate(scores) if v == x) for x in order)
        return Outcome(winners, ranking, "most points", tuple(float(x) for x in scores))

    def _view(self, seat: int | None) -> dict[str, Any]:
        d = self._d
        return {
            "hand": sorted(d["hands"][seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in d["hands"]],
            "pending": d["pending"],
            "scores": list(d["scores"]),
            "nopes": [n if "seed" not in d or s == seat else None for s, n in enumerate(d["nopes"])],
            "turn": d["turn"],
        }

    def to_json(self) -> dict[str, Any]:
        return {"game": "toy", "step": self.step, "d": self._d}

    def census(self) -> Mapping[str, int]:
        return {}

    def shuffle_unknown(self, seat: int | None, rng: random.Random) -> State:
        return self


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    option_specs = (
        cardroom.core.Option("players", 2, "seats", choices=(2, 3, 4)),
        cardroom.core.Option(
            "nopes", "tokens", "one public Nope each, or hidden ones dealt at every window", choices=("tokens", "dealt")
        ),
    )
    presets: Mapping[str, Mapping[str, Any]] = {"standard": {}}
    default_preset = "standard"
    grammar = Grammar([Form("play", ("N",), "play N"), Form("pass", (), "pass"), Form("nope", (), "nope")])
    heuristic_bot = "cardroom.bots.uniform:RandomBot"

    @property
    def players(self) -> int:
        return int(self.options["players"])

    def new_game(self, seed: int | None = None) -> State:
        seed = fresh_seed() if seed is None else seed
        deck = list(range(1, 10))
        derive(seed, 0).shuffle(deck)
        n = self.players
        d = {
            "hands": [sorted(deck[2 * i : 2 * i + 2]) for i in range(n)],
            "pending": None,
            "noped": 0,
            "decided": [],
            "nopes": [1] * n,
            "scores": [0] * n,
            "turn": 0,
            "over": False,
        }
        if self.options["nopes"] == "dealt":
            d["seed"] = seed
        return ToyState(self, 0, None, d)

    def load(self, data: Mapping[str, Any] | str) -> State:
        raise NotImplementedError

    def sample(self, view: dict[str, Any], rng: random.Random) -> State:
        raise NotImplementedError

    def action_space(self) -> tuple[Action, ...]:
        return tuple(sorted([action("pass"), action("nope"), *(action("play", c) for c in range(1, 10))]))


def register() -> None:
    cardroom.register("toy", ToyGame)
