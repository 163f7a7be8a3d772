"""Tacocat in the balance lab: its probe."""

from __future__ import annotations

from typing import Any

from cardroom.core.game import State
from cardroom.core.lab import LabDetails, Probe


class TacocatProbe(Probe):
    """Tacocat: its rounds (a duel and an attack each) from the public view."""

    def finish(self, state: State) -> dict[str, Any]:
        facts = super().finish(state)
        facts["rounds"] = max(1, int(state.view(None).get("round") or 1))
        return facts


LAB = LabDetails(probe=TacocatProbe)
