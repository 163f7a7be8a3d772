"""The game-agnostic face of Tacocat's kernel: what ``cardroom.fast`` and the fast ISMCTS bot call.

Every game kernel offers the same four names: ``unsupported(game)``, ``simulate(game, games, policy,
seed)``, ``Searcher(game)`` (whose ``search`` runs ISMCTS from one seat's view) and ``warm()``; and, for
the post-game analysis, ``rollouts(game, view, actions, seed, first, worlds)`` (kernel_rollouts.py).
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardroom.core.game import Game
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_search as ks
from cardroom.games.tacocat import kernel_seat as ksp
from cardroom.games.tacocat.game import TacocatGame
from cardroom.games.tacocat.kernel_codec import action_id, action_text, config, encode
from cardroom.games.tacocat.kernel_codec import unsupported as _unsupported
from cardroom.games.tacocat.kernel_jit import COMPILED
from cardroom.games.tacocat.kernel_rollouts import rollouts

__all__ = ["COMPILED", "Searcher", "Settings", "rollouts", "simulate", "unsupported", "warm"]

POLICIES = {"random": k.POLICY_RANDOM, "heuristic": k.POLICY_HEURISTIC}
CHUNK = 64  # playouts between two looks at the clock


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


@dataclass
class Settings:
    """What the search needs from a bot spec (``SearchSettings`` carries the same)."""

    iterations: int | None
    deadline: float  # perf_counter value; inf without a time budget
    exploration: float = 1.0
    bias: float = 0.5
    paired: bool = True
    z: float = 1.0
    spread: float = 0.25
    playout: str = "heuristic"


@dataclass
class Result:
    action: str
    iterations: int = 0
    nodes: int = 0
    root: list[dict[str, Any]] = field(default_factory=list)


_trees = threading.local()


def _tree(capacity: int) -> ks.Tree:
    """This thread's node arrays (made on first use): searches in one thread run one at a time, so
    all the bots of a process share one set instead of holding 42 MB each."""
    found: dict[int, ks.Tree] = getattr(_trees, "by_capacity", None) or {}
    _trees.by_capacity = found
    if capacity not in found:
        found[capacity] = ks.Tree(capacity)
    return found[capacity]


class Searcher:
    """ISMCTS for one game's options. Its node arrays are the thread's, borrowed for each search."""

    def __init__(self, game: Game, capacity: int = 1 << 16) -> None:
        assert isinstance(game, TacocatGame)
        self.game = game
        self.cfg = config(game)
        self.capacity = capacity

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
        n = k.legal(base, self.cfg, seat, moves)
        search_rng = np.array([k.mix(rng.getrandbits(63), 7)], np.int64)
        preferred = int(ksp.choose(base, self.cfg, seat, moves, n, policy, search_rng))
        self.tree = _tree(self.capacity)
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
            choice, summary = _paired_choice(root, results, settings)
            return Result(choice, int(done[0]), int(self.tree.used[0]), summary)
        while done[0] < limit and time.perf_counter() < settings.deadline:
            step = min(CHUNK, limit - int(done[0]))
            ks.puct_worlds(base, self.cfg, seat, policy, settings.exploration, settings.bias, search_rng,
                           step, done, *self._arrays())  # fmt: skip
        node = ks.find(self.tree.keys, self.tree.slots, ks._h(ks.info_key(base, self.cfg, seat), seat))
        if node < 0 or self.tree.visits[node] == 0:
            return Result(action_text(preferred) if action_text(preferred) in legal else legal[0], int(done[0]))
        choice, summary = _root_choice(self.tree, node, settings.bias)
        return Result(choice, int(done[0]), int(self.tree.used[0]), summary)


def _paired_choice(root: np.ndarray[Any, Any], results: np.ndarray[Any, Any], st: Settings) -> tuple[str, list[dict[str, Any]]]:
    """As ``_paired_root``: the default move stands unless another beats it by ``z`` standard errors."""
    best, best_score = 0, 0.0
    summary = []
    for j in range(len(root)):
        plays, total, pairs, dsum, dsq = (float(x) for x in results[j])
        n = pairs
        mean = dsum / n if n else 0.0
        var = (max(dsq - n * mean * mean, 0.0) + st.spread) / n if n else 1.0
        score = mean - st.z * math.sqrt(var / n) if n else -math.inf
        summary.append({"action": action_text(int(root[j])), "worlds": int(plays),
                        "mean": total / plays if plays else None, "vs_default": mean if n else None})  # fmt: skip
        if j and score > best_score:
            best, best_score = j, score
    return action_text(int(root[best])), summary


def _root_choice(tree: ks.Tree, node: int, bias: float) -> tuple[str, list[dict[str, Any]]]:
    """As ``Node.best``: most visits, then the higher mean, then the earlier place in the node's order."""
    n = int(tree.size[node])
    rank = {int(tree.order[node, j]): j for j in range(n)}
    counts, rewards = tree.counts[node], tree.rewards[node]

    def key(i: int) -> tuple[int, float, int]:
        c = int(counts[i])
        return (c, float(rewards[i]) / c if c else 0.0, -rank[i])

    best = max(range(n), key=key)
    pref = int(tree.preferred[node])
    summary = [
        {"action": action_text(int(tree.actions[node, i])), "visits": int(counts[i]),
         "mean": float(rewards[i]) / int(counts[i]) if counts[i] else None,
         "prior": bias if i == pref else (1.0 - bias) / (n - 1)}
        for i in range(n)
    ]  # fmt: skip
    return action_text(int(tree.actions[node, best])), summary


def warm() -> float:
    """Load (or compile) every kernel function once; returns the seconds it took."""
    start = time.perf_counter()
    game = TacocatGame("official")
    simulate(game, 1, "heuristic", 0)
    simulate(game, 1, "random", 0)
    searcher = Searcher(game, capacity=64)
    state = game.new_game(0)
    view = state.view(state.to_act[0])
    for paired in (True, False):
        searcher.search(view, random.Random(0), Settings(iterations=2, deadline=math.inf, paired=paired))
    action_id("done")
    return time.perf_counter() - start
