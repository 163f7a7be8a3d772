"""Exploding Kittens in the balance lab: its probe."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import Game, State
from cardroom.core.lab import LabDetails, Probe


class KittensProbe(Probe):
    """Exploding Kittens logs only owed turns, so turns are counted from the public view: a new turn
    whenever the current player or the turns they owe change."""

    def __init__(self, game: Game, start: State) -> None:
        super().__init__(game, start)
        self.key = self._key(start)
        self.turns = 1

    @staticmethod
    def _key(state: State) -> tuple[Any, Any]:
        view = state.view(None)
        return (view.get("current"), view.get("turns_owed"))

    def step(self, state: State) -> None:
        if state.is_over:
            return
        key = self._key(state)
        if key != self.key:
            self.key = key
            self.turns += 1

    def finish(self, state: State) -> dict[str, Any]:
        facts = super().finish(state)
        facts["turns"] = self.turns
        return facts


LAB = LabDetails(probe=KittensProbe)
