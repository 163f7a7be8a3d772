"""One log entry of each wording a game writes, from seeded games of random moves: what the log
worders (the page's and the terminal's) are checked against."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from typing import Any


def every_wording(game_name: str, settings: Iterable[Mapping[str, Any]], seeds: int) -> list[dict[str, object]]:
    """Each kind of entry, as every seat and a spectator read it, from ``seeds`` games of random moves
    under each of ``settings`` (the game's options and preset); the engines are deterministic. One of
    each wording: the kind, its fields, and the engine's words with numbers as #."""
    from cardroom.core.registry import make

    found: dict[tuple[object, ...], dict[str, object]] = {}
    for options in settings:
        for seed in range(seeds):
            game = make(game_name, **options)
            state, rng = game.new_game(seed), random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                state = state.apply(seat, str(rng.choice(state.legal_actions(seat))))
            for viewer in (None, *range(game.players)):
                for entry in state.log(viewer):
                    key = (entry["kind"], tuple(sorted(entry)), re.sub(r"\d+", "#", str(entry["text"])))
                    found.setdefault(key, entry)
    return list(found.values())
