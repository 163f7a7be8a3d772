"""The game-agnostic face of T.A.C.O.'s kernel: what ``cardroom.fast`` calls.

Like every game kernel it offers ``unsupported(game)``, ``simulate(game, games, policy, seed)`` and
``warm()``. It has no compiled search yet (``SEARCH = False``): the ``ismcts`` bot keeps the reference
search for T.A.C.O.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from cardroom.core.game import Game
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_search as ks
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.kernel_codec import config
from cardroom.games.taco.kernel_codec import unsupported as _unsupported
from cardroom.games.tacocat.kernel_jit import COMPILED

__all__ = ["COMPILED", "SEARCH", "simulate", "unsupported", "warm"]

POLICIES = {"random": k.POLICY_RANDOM, "heuristic": k.POLICY_HEURISTIC}
SEARCH = False  # no compiled ISMCTS for T.A.C.O. yet


def unsupported(game: Game) -> str | None:
    """Why the kernel cannot play ``game`` (``None``: it can)."""
    if not isinstance(game, TacoGame):
        return "not a T.A.C.O. game"
    return _unsupported(game)


def simulate(game: Game, games: int, policy: str, seed: int, first: int = 0) -> tuple[np.ndarray[Any, Any], int]:
    """Winners of games ``first`` to ``first + games - 1`` of the run seeded ``seed`` (seat per game; -1
    for a shared first place or a game cut off) and the total number of actions."""
    assert isinstance(game, TacoGame)
    winners = np.zeros(games, np.int64)
    actions = ks.simulate(config(game), first, games, POLICIES[policy], seed, winners)
    return winners, int(actions)


def warm() -> float:
    """Load (or compile) every kernel function once; returns the seconds it took."""
    start = time.perf_counter()
    game = TacoGame("standard")
    simulate(game, 1, "heuristic", 0)
    simulate(game, 1, "random", 0)
    return time.perf_counter() - start
