"""The fixed action space of one game under one set of options: a stable index for every action.

``game.action_space()`` already lists every action the game can ever offer, sorted and stable; the
index of an action is simply its position in that tuple. Nothing here knows any rule: the legal
actions of a seat come from ``state.legal_actions(seat)`` and are only looked up.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from cardroom.core.action import Action
from cardroom.core.game import Game


class ActionIndex:
    """Action <-> integer for one game and its options, plus legal-action masks."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.actions: tuple[Action, ...] = tuple(game.action_space())
        self._index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError(f"{game!r}: action_space() lists an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, act: Action | str) -> int:
        """The index of an action (or of its text)."""
        found = self._index.get(act if isinstance(act, Action) else self.game.parse_action(act))
        if found is None:
            raise KeyError(f"{act} is not in the action space of {self.game!r}")
        return found

    def action(self, index: int) -> Action:
        """The action at an index."""
        return self.actions[int(index)]

    def mask(self, legal: Iterable[Action | str]) -> np.ndarray:
        """A 0/1 int8 vector with a 1 at every legal action (int8: what PettingZoo and Gymnasium sample with)."""
        out = np.zeros(len(self.actions), dtype=np.int8)
        for act in legal:
            out[self.index(act)] = 1
        return out

    def indices(self, legal: Iterable[Action | str]) -> list[int]:
        """Sorted indices of the given actions (OpenSpiel's legal_actions)."""
        return sorted(self.index(a) for a in legal)

    def describe(self) -> str:
        """The whole table, one ``index  action`` line each: the documented mapping."""
        width = len(str(len(self.actions) - 1))
        return "\n".join(f"{i:>{width}}  {a}" for i, a in enumerate(self.actions))
