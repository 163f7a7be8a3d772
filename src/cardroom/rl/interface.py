"""What every adapter shares: a game, its fixed action index and its observation encoder.

The adapters (PettingZoo, Gymnasium, OpenSpiel) own no rules. They ask the state who acts and what is
legal, and turn one seat's view into numbers; this class is where that happens, once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

import cardroom
from cardroom.core.game import Game, State
from cardroom.rl.encoders import Encoder, encoder_for
from cardroom.rl.spaces import ActionIndex


class Interface:
    """A game seen as numbers: ``observation(state, seat)``, ``mask(state, seat)``, index <-> action."""

    def __init__(self, game: Game, encoder: Encoder | None = None) -> None:
        self.game = game
        self.actions = ActionIndex(game)
        self.encoder = encoder if encoder is not None else encoder_for(game)

    @classmethod
    def make(cls, name: str, preset: str | None = None, *, generic_encoder: bool = False, **options: Any) -> Interface:
        game = cardroom.make(name, preset=preset, **options)
        return cls(game, encoder_for(game, generic=generic_encoder))

    @property
    def players(self) -> int:
        return self.game.players

    def observation(self, state: State, seat: int) -> np.ndarray:
        """The seat's observation vector, computed from ``state.view(seat)`` alone."""
        return self.encoder.encode(state.view(seat))

    def encode_view(self, view: Mapping[str, Any]) -> np.ndarray:
        return self.encoder.encode(view)

    def named(self, state: State, seat: int | None) -> dict[str, np.ndarray]:
        """The observation split into its named pieces, for debugging (``None``: a spectator)."""
        return self.encoder.named(state.view(seat))

    def mask(self, state: State, seat: int) -> np.ndarray:
        """1 at every action the seat may take now (all zeros when it is not to act)."""
        return self.actions.mask(state.legal_actions(seat))

    def legal_indices(self, state: State, seat: int) -> list[int]:
        return self.actions.indices(state.legal_actions(seat))
