"""The game-agnostic face of Tacocat's kernel: what ``cardroom.fast`` and the fast ISMCTS bot call.

Every game kernel offers the same names: ``unsupported(game)``, ``simulate(game, games, policy,
seed)``, ``Searcher(game)`` (whose ``search`` runs ISMCTS from one seat's view), ``Settings``, ``warm()``
and ``COMPILED``. The search's Python side is shared by every kernel (``games/kernel_face.py``). For
the post-game analysis a kernel may also offer ``rollouts(game, view, actions, seed, first, worlds)``
(kernel_rollouts.py).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from cardroom.core.compiled import COMPILED
from cardroom.core.game import Game
from cardroom.games.kernel_face import Parts, Result, Settings, warm_search
from cardroom.games.kernel_face import Searcher as _Searcher
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_search as ks
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.game import TacocatGame
from cardroom.games.tacocat.kernel_codec import action_id, action_text, config, encode
from cardroom.games.tacocat.kernel_codec import unsupported as _unsupported
from cardroom.games.tacocat.kernel_rollouts import rollouts

__all__ = ["COMPILED", "Result", "Searcher", "Settings", "rollouts", "simulate", "unsupported", "warm"]

PARTS = Parts(k, ksp, ks, encode, config, action_text)  # type: ignore[arg-type]
POLICIES = PARTS.policies


def unsupported(game: Game) -> str | None:
    """Why the kernel cannot play ``game`` (``None``: it can)."""
    if not isinstance(game, TacocatGame):
        return "not a Tacocat game"
    return _unsupported(game)


def simulate(game: Game, games: int, policy: str, seed: int, first: int = 0) -> tuple[np.ndarray[Any, Any], int]:
    """Winners of games ``first`` to ``first + games - 1`` of the run seeded ``seed`` (seat per game; -1
    if a game ran past the step limit) and the total number of actions."""
    assert isinstance(game, TacocatGame)
    winners = np.zeros(games, np.int64)
    actions = ks.simulate(config(game), first, games, POLICIES[policy], seed, winners)
    return winners, int(actions)


class Searcher(_Searcher):
    """ISMCTS for one Tacocat game's options (about 42 MB of node arrays per thread)."""

    parts = PARTS

    def __init__(self, game: Game, capacity: int = 1 << 16) -> None:
        assert isinstance(game, TacocatGame)
        super().__init__(game, capacity)


def warm() -> float:
    """Load (or compile) every kernel function once; returns the seconds it took."""
    start = time.perf_counter()
    game = TacocatGame("official")
    simulate(game, 1, "heuristic", 0)
    simulate(game, 1, "random", 0)
    warm_search(Searcher(game, capacity=64), game.new_game(0))
    action_id("done")
    return time.perf_counter() - start
