"""Tacocat Spelled Backwards: the Game, i.e. the rules under one set of options."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardroom.core.action import Action, action
from cardroom.core.game import Game, View
from cardroom.core.rng import fresh_seed
from cardroom.games.tacocat import hidden, notation, rules
from cardroom.games.tacocat.actions import GRAMMAR, action_space
from cardroom.games.tacocat.board import Board, parse_layout
from cardroom.games.tacocat.cards import deck_cards, deck_counts
from cardroom.games.tacocat.legal import LegalActions
from cardroom.games.tacocat.options import OPTION_SPECS, PRESETS
from cardroom.games.tacocat.state import TacocatState


class TacocatGame(Game):
    """Two players pull Tacocat toward their own goal, one round of cards at a time."""

    name = "tacocat"
    title = "Tacocat Spelled Backwards"
    option_specs = OPTION_SPECS
    presets = PRESETS
    default_preset = "official"
    grammar = GRAMMAR
    heuristic_bot = "cardroom.games.tacocat.bot:HeuristicBot"
    # A simultaneous replacement moves only these counters for the other seat (see docs/contract.md).
    progress_keys: ClassVar[frozenset[str]] = Game.progress_keys | {
        "waiting_for",
        "decided",
        "done",
        "laid",
        "hand_sizes",
        "opponent_hand_size",
    }

    deck: tuple[int, ...]
    deck_cards: tuple[int, ...]
    board: Board
    jumbo: str
    ties: str
    legal: LegalActions

    def _setup(self) -> None:
        self.deck = deck_counts(self.options["deck"])
        self.deck_cards = deck_cards(self.deck)
        self.board = parse_layout(self.options["board"])
        self.jumbo = self.options["jumbo"]
        self.ties = self.options["ties"]
        self.legal = LegalActions(self.jumbo)
        self._space = action_space(self.deck, max(self.board.deals), self.jumbo)

    def __reduce__(self) -> tuple[Any, ...]:
        # Rebuild from preset and options rather than copying the memo tables of legal actions.
        return (_make, (self.preset, dict(self.options)))

    @property
    def players(self) -> int:
        return 2

    def new_game(self, seed: int | None = None) -> TacocatState:
        return rules.new_game(self, fresh_seed() if seed is None else seed)

    def load(self, data: Mapping[str, Any] | str) -> TacocatState:
        """A state from ``to_json()`` data or a position line (see ``TacocatState.notation``)."""
        return notation.load(self, data)

    def sample(self, view: View, rng: random.Random) -> TacocatState:
        return hidden.sample(self, view, rng)

    def action_space(self) -> tuple[Action, ...]:
        return self._space

    def parse_action(self, text: str | Action) -> Action:
        """As the grammar, but jumbo cards may come in any order, and ``sacrifice N`` is read (to refuse
        it with the rule: a sacrifice is always the lowest card, so it takes no number)."""
        if isinstance(text, Action):
            return text
        if isinstance(text, str):
            words = text.split()
            if len(words) == 2 and words[0].lower() == "sacrifice" and words[1].isdigit() and len(words[1]) <= 6:
                return action("sacrifice", int(words[1]))
        parsed = self.grammar.parse(text)
        if parsed.verb == "attack" and len(parsed.args) > 1:
            return action("attack", *sorted(int(a) for a in parsed.args))
        return parsed


def _make(preset: str, options: dict[str, Any]) -> TacocatGame:
    return TacocatGame(preset, **options)
