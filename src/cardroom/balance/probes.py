"""What the lab records about one game: the game's own probe (its kit's lab details), else the generic
one (``core/lab.py``: facts from the contract alone)."""

from __future__ import annotations

from cardroom.core.game import Game, State
from cardroom.core.lab import Probe
from cardroom.core.registry import kit_of


def probe_for(game: Game, start: State) -> Probe:
    return kit_of(game).lab_details().probe(game, start)
