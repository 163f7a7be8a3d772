"""The game-agnostic face of T.A.C.O.'s kernel: what ``cardroom.fast`` calls.

Like every game kernel it offers ``unsupported(game)``, ``simulate(game, games, policy, seed)``,
``Searcher(game)`` (whose ``search`` runs ISMCTS from one seat's view) and ``warm()``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from cardroom.core.compiled import COMPILED, mix60
from cardroom.core.compiled_tree import find
from cardroom.core.game import Game
from cardroom.games.kernel_face import Result, Settings, paired_choice, root_choice, thread_tree
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_legal as kl
from cardroom.games.taco import kernel_search as ks
from cardroom.games.taco import kernel_seat as ksp
from cardroom.games.taco import kernel_tree as kt
from cardroom.games.taco.game import TacoGame
from cardroom.games.taco.kernel_codec import action_text, config, encode
from cardroom.games.taco.kernel_codec import unsupported as _unsupported

__all__ = ["COMPILED", "Result", "Searcher", "Settings", "simulate", "unsupported", "warm"]

POLICIES = {"random": k.POLICY_RANDOM, "heuristic": k.POLICY_HEURISTIC}
CHUNK = 16  # playouts between two looks at the clock (a T.A.C.O. playout is a whole game)


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


class Searcher:
    """ISMCTS for one game's options. Its node arrays are the thread's, borrowed for each search.

    The settings, the result, the per-thread tree and the root's choice are every kernel's
    (``games/kernel_face.py``); the loop is T.A.C.O.'s own: its legal actions, generator and tree
    live in their own modules, its action names need the game, and a playout is a whole match."""

    def __init__(self, game: Game, capacity: int = 1 << 15) -> None:
        assert isinstance(game, TacoGame)
        self.game = game
        self.cfg = config(game)
        self.capacity = capacity
        self.tree: kt.Tree = thread_tree(kt, capacity)

    def _arrays(self) -> tuple[Any, ...]:
        t = self.tree
        return (t.keys, t.slots, t.size, t.actions, t.counts, t.rewards, t.order, t.preferred, t.visits, t.used)

    def search(self, view: Mapping[str, Any], rng: random.Random, settings: Settings) -> Result:
        """The action ``view``'s seat should take. Only ``rng`` is used: with an iteration budget the
        answer is a pure function of (view, rng)."""
        legal: list[str] = list(view["legal_actions"])
        seat = int(view["seat"])
        policy = POLICIES[settings.playout]
        base = encode(self.game.sample(dict(view), random.Random(rng.getrandbits(63))))
        moves = np.zeros(k.MAX_ACTIONS, np.int64)
        n = kl.legal(base, self.cfg, seat, moves)
        search_rng = np.zeros(k.RNG_SIZE, np.int64)
        search_rng[k.R_STATE] = k.mix(rng.getrandbits(63), 7)
        preferred = int(ksp.choose(base, self.cfg, seat, moves, n, policy, search_rng))
        self.tree = thread_tree(kt, self.capacity)
        self.tree.clear()
        limit = settings.iterations if settings.iterations is not None else 1 << 62
        done = np.zeros(1, np.int64)
        if settings.paired:
            root = np.array([preferred] + [int(a) for a in moves[:n] if a != preferred], np.int64)
            results = np.zeros((len(root), 5), np.float64)
            while done[0] < limit and time.perf_counter() < settings.deadline:
                step = min(CHUNK, limit - int(done[0]))
                ks.paired_worlds(base, self.cfg, seat, root, len(root), policy, settings.exploration,
                                 settings.bias, search_rng, step, done, results, *self._arrays())  # fmt: skip
            choice, summary = paired_choice(self._text, root, results, settings)
            return Result(choice, int(done[0]), int(self.tree.used[0]), summary)
        while done[0] < limit and time.perf_counter() < settings.deadline:
            step = min(CHUNK, limit - int(done[0]))
            ks.puct_worlds(base, self.cfg, seat, policy, settings.exploration, settings.bias, search_rng,
                           step, done, *self._arrays())  # fmt: skip
        t = self.tree
        node = find(t.keys, t.slots, mix60(ks.info_key(base, self.cfg, seat), seat))
        if node < 0 or t.visits[node] == 0:
            text = action_text(self.game, preferred)
            return Result(text if text in legal else legal[0], int(done[0]))
        choice, summary = root_choice(self._text, t, node, settings.bias)
        return Result(choice, int(done[0]), int(t.used[0]), summary)

    def _text(self, action: int) -> str:
        return action_text(self.game, action)


def warm() -> float:
    """Load (or compile) every kernel function once; returns the seconds it took."""
    start = time.perf_counter()
    game = TacoGame("standard")
    simulate(game, 1, "heuristic", 0)
    simulate(game, 1, "random", 0)
    searcher = Searcher(game, capacity=64)
    state = game.new_game(0)
    view = state.view(state.to_act[0])
    for paired in (True, False):
        searcher.search(view, random.Random(0), Settings(iterations=2, deadline=math.inf, paired=paired))
    return time.perf_counter() - start
