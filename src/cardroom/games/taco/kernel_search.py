"""Batch self-play on T.A.C.O.'s kernel, compiled with it: whole games without leaving machine code."""

from __future__ import annotations

import numpy as np

from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_legal as kl
from cardroom.games.taco import kernel_rules as kr
from cardroom.games.taco import kernel_seat as ksp
from cardroom.games.tacocat.kernel_jit import njit

Arr = k.Arr


@njit
def play_out(s: Arr, cfg: Arr, policy: int, rng: Arr, moves: Arr, seats: Arr) -> int:
    """Play ``s`` to the end in place with ``policy`` in every seat (the first seat to act moves first,
    as in ``cardroom.fast``'s reference loop); returns the number of actions. A game that reaches
    ``MAX_STEPS``, or a decision without a legal action, stops there with no winner."""
    steps = 0
    while not s[k.OVER] and steps < k.MAX_STEPS:
        if kl.to_act(s, cfg, seats) == 0:
            break
        seat = int(seats[0])
        n = kl.legal(s, cfg, seat, moves)
        if n == 0:
            s[k.STUCK] = 1
            break
        a = int(moves[0]) if n == 1 else ksp.choose(s, cfg, seat, moves, n, policy, rng)
        kl.apply(s, cfg, seat, a, rng)
        steps += 1
    return steps


@njit
def simulate(cfg: Arr, first: int, games: int, policy: int, seed: int, winners: Arr) -> int:
    """Play games ``first`` to ``first + games - 1`` (game i from ``mix(seed, i)``, so a run split into
    parts plays the same games); winners[i - first] is game i's winning seat (-1: a shared first place
    or a game cut off). Returns the number of actions taken in all."""
    s = np.zeros(k.STATE_SIZE, np.int64)
    rng = np.zeros(k.RNG_SIZE, np.int64)
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    seats = np.zeros(k.MAXP, np.int64)
    total = 0
    for i in range(games):
        rng[k.R_STATE] = k.mix(seed, first + i)
        kr.new_game(s, cfg, int(cfg[k.C_POOL]), rng)
        total += play_out(s, cfg, policy, rng, moves, seats)
        winners[i] = k.winner(s, cfg)
    return total
