"""Pips' heuristic: lead the highest card; follow with the lowest card that takes the trick, or else
with the lowest card of all. Its kernel plays the same (``kernel_search.heuristic``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from cardroom.core.game import Game


class HeuristicBot:
    name = "heuristic"

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        hand = sorted(view["hand"])
        led = int(view["led"])
        if led == 0:
            return f"play {hand[-1]}"
        takers = [c for c in hand if c > led]
        return f"play {(takers or hand)[0]}"
