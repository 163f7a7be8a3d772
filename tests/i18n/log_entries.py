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


# T.A.C.O.'s wordings random games seldom reach (a hail, an accent, the taco trophy by most basics, a player
# left alone, a hand discarded on leaving), written as the engine writes them.
TACO_RARE: list[dict[str, object]] = [
    {"kind": "hail", "text": 'P1: "You\'re the Taco Master of the universe, P0!"', "seat": 1},
    {"kind": "discard", "text": "P1 will not hail P0 and discards Rice", "seat": 1, "card": "rice"},
    {"kind": "accent", "text": "P2 keeps up the accent", "seat": 2},
    {"kind": "discard", "text": "P2 drops the accent and discards Onion", "seat": 2, "card": "onion"},
    {"kind": "gimme", "text": "P0 claims the taco trophy (most basic ingredients)", "seat": 0},
    {"kind": "gimme", "text": "P1 takes the taco trophy (more basic ingredients)", "seat": 1},
    {"kind": "discard_hand", "text": "P1 discards their hand (Rice, Onion)", "seat": 1},
    {"kind": "discard_hand", "text": "P1 discards their hand (no cards)", "seat": 1},
    {"kind": "win", "text": "P0 is the last player in and wins", "seat": 0},
    {"kind": "draw", "text": "P0 cannot draw: deck and discard pile are empty", "seat": 0},
    {"kind": "reshuffle", "text": "The discard pile is shuffled into a new deck"},
    {"kind": "round_end", "text": "Round 2 is over (the round reached its limit of 40 turns); P1 wins the taco trophy"},
]
