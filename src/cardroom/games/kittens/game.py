"""Exploding Kittens under one set of options: the ``Game`` the registry makes."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core.action import Action, Form, Grammar, action
from cardroom.core.game import Game, View
from cardroom.core.rng import fresh_seed
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.hidden import sample
from cardroom.games.kittens.legal import pairable
from cardroom.games.kittens.notation import from_json
from cardroom.games.kittens.options import OPTION_SPECS, PRESETS
from cardroom.games.kittens.setup import new_state, pile_size_at_start
from cardroom.games.kittens.state import KittensState

GRAMMAR = Grammar(
    [
        Form("draw", (), "draw", "draw the top card, ending one turn"),
        Form("play", ("W",), "play <attack|skip|shuffle|see-the-future>", "play an action card"),
        Form("favor", ("N",), "favor <seat>", "play a Favor on a player"),
        Form("pair", ("W", "N"), "pair <card> <seat>", "two of a kind: steal a random card"),
        Form("triple", ("W", "N"), "triple <card> <seat>", "three of a kind: then name the card you want"),
        Form("name", ("W",), "name <card>", "name the card your three of a kind asks for"),
        Form("five", ("W",), "five <card>", "pick one card of five different icons"),
        Form("take", ("W",), "take <card>", "take a card from the discard pile"),
        Form("give", ("W",), "give <card>", "give a card to the player whose Favor hit you"),
        Form("nope", (), "nope", "play a Nope on the action in the window"),
        Form("pass", (), "pass", "let the action in the window stand"),
        Form("place", ("N",), "place <position>", "put the defused Kitten back: 0 = top"),
    ]
)


class KittensGame(Game):
    name = "exploding-kittens"
    title = "Exploding Kittens"
    option_specs = OPTION_SPECS
    presets = PRESETS
    default_preset = "classic"
    grammar = GRAMMAR
    heuristic_bot = "cardroom.games.kittens.bot:HeuristicBot"
    progress_keys: ClassVar[frozenset[str]] = Game.progress_keys | {"hand_sizes"}

    counts: tuple[int, ...]
    pairable: frozenset[int]

    def _setup(self) -> None:
        self.counts = C.deck_counts(self.players)
        self.pairable = frozenset(pairable(self.options["pairs"]))
        self._space: tuple[Action, ...] | None = None

    @property
    def players(self) -> int:
        players: int = self.options["players"]
        return players

    def new_game(self, seed: int | None = None) -> KittensState:
        return new_state(self, fresh_seed() if seed is None else seed)

    def load(self, data: Mapping[str, Any] | str) -> KittensState:
        return from_json(self, data)

    def sample(self, view: View, rng: random.Random) -> KittensState:
        return sample(self, view, rng)

    def action_space(self) -> tuple[Action, ...]:
        if self._space is None:
            seats = range(self.players)
            holdable = [C.SLUGS[k] for k in C.HOLDABLE]
            pairs = [C.SLUGS[k] for k in sorted(self.pairable)]
            space = [action("draw"), action("nope"), action("pass")]
            space += [action("play", C.SLUGS[k]) for k in C.SIMPLE_ACTIONS]
            space += [action("favor", s) for s in seats]
            space += [action(verb, k, s) for verb in ("pair", "triple") for k in pairs for s in seats]
            space += [action(verb, k) for verb in ("name", "give") for k in holdable]
            if self.options["five_combo"]:
                space += [action(verb, k) for verb in ("five", "take") for k in holdable]
            space += [action("place", p) for p in range(pile_size_at_start(self))]
            self._space = tuple(sorted(space))
        return self._space
