"""Seeded positions part-way through random games: where the bot tests ask for decisions."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardroom.core.game import Game, State


def positions(game: Game, count: int, seed: int = 0) -> Iterator[tuple[State, int]]:
    """``count`` (state, seat to act) pairs from random play, spread over early, middle and late game."""
    rng = random.Random(seed)
    made = 0
    deal = 0
    while made < count:
        state = game.new_game(10_000 + seed * 1_000 + deal)
        deal += 1
        stop = rng.randrange(0, 60)
        while not state.is_over and state.step < stop:
            seat = rng.choice(state.to_act)
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        yield state, rng.choice(state.to_act)
        made += 1
