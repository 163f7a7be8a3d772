"""Rollouts for the post-game analysis, on Tacocat's kernel: each action's result in common worlds.

``rollouts(game, view, actions, seed, first, worlds)`` is the analysis's evaluator (see
``cardroom.analysis.evaluate``) run by the kernel. World ``i`` re-deals every card the view's seat
cannot know (``determinize``, from a ``game.sample`` of the view), then each action is taken there and
the kernel's heuristic plays every seat to the end, every action of the world with the same generator
(common random numbers). A world depends only on (``view``, ``seed``, ``i``), so an analysis can ask
for worlds in batches, for fewer actions as it drops some, and get the same numbers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.core.game import Game
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_search as ks
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.game import TacocatGame
from cardroom.games.tacocat.kernel_codec import action_id, config, encode

Floats = npt.NDArray[np.float64]


@njit
def play_worlds(base: k.Arr, cfg: k.Arr, seat: int, acts: k.Arr, seed: int, first: int, worlds: int,
                out: Floats) -> int:  # fmt: skip
    """Fill ``out[w, j]`` with ``seat``'s reward in world ``first + w`` after ``acts[j]``, then heuristic
    play for everyone (0.5 for a playout cut off at ``MAX_STEPS``). Returns the actions played."""
    world = np.zeros(k.STATE_SIZE, np.int64)
    play = np.zeros(k.STATE_SIZE, np.int64)
    rng = np.zeros(1, np.int64)
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    seats = np.zeros(2, np.int64)
    total = 0
    for w in range(worlds):
        world_seed = k.mix(seed, first + w)
        rng[0] = k.mix(world_seed, 0)
        world[:] = base
        ksp.determinize(world, cfg, seat, rng)
        for j in range(len(acts)):
            play[:] = world
            rng[0] = k.mix(world_seed, 1)  # the same generator for every action: common random numbers
            k.apply(play, cfg, seat, acts[j], rng)
            total += 1 + ks.play_out(play, cfg, k.POLICY_HEURISTIC, rng, moves, seats)
            won = k.winner(play)
            out[w, j] = 0.5 if won < 0 else (1.0 if won == seat else 0.0)
    return total


def rollouts(game: Game, view: Mapping[str, Any], actions: Sequence[str], seed: int, first: int,
             worlds: int) -> Floats:  # fmt: skip
    """``view``'s seat's reward in worlds ``first`` to ``first + worlds - 1`` (rows) for each of
    ``actions`` (columns, legal actions' texts): see the module doc. Reads nothing but the view."""
    assert isinstance(game, TacocatGame)
    seat = int(view["seat"])
    # Any world consistent with the view will do as the base: determinize re-deals all it hides.
    base = encode(game.sample(dict(view), random.Random(seed)))
    acts = np.array([action_id(a) for a in actions], np.int64)
    out = np.zeros((worlds, len(acts)), np.float64)
    play_worlds(base, config(game), seat, acts, seed, first, worlds, out)
    return out
