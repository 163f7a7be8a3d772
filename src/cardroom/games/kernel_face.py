"""What every game kernel's ``kernel_api`` shares: the search settings and result, the per-thread node
arrays, and the Python side of ISMCTS (the loop that watches the clock and the root's decision).

A game's kernel modules all have the same shape (docs/kernels.md): ``kernel`` (rules: ``legal``,
``mix``, ``MAX_ACTIONS``, ``POLICY_*``), ``kernel_seat`` (``choose``), ``kernel_search`` (``Tree``,
``paired_worlds``, ``puct_worlds``, ``find``, ``info_key``) and ``kernel_codec`` (``encode``,
``config``, ``action_text``). :class:`Parts` names them, and :class:`Searcher` runs any of them. The
differential checks share :class:`KernelMismatch` and :class:`Counts`. No function here is compiled: the compiled work happens inside ``paired_worlds``/``puct_worlds``.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np

from cardroom.core.compiled import mix60
from cardroom.core.game import Game, State

CHUNK = 64  # playouts between two looks at the clock


class KernelMismatch(AssertionError):
    """A game's kernel and its reference engine disagree (raised by every ``kernel_check``)."""


@dataclass
class Counts:
    """What a differential check compared (``random_draws``: draws taken from the reference's
    generators, for kernels whose random events are scripted from them)."""

    games: int = 0
    actions: int = 0
    states: int = 0
    legal_sets: int = 0
    random_draws: int = 0
    heuristic_choices: int = 0

    def add(self, other: Counts) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(frozen=True)
class Parts:
    """One game's kernel modules and codec functions."""

    kernel: ModuleType
    seat: ModuleType
    search: ModuleType
    encode: Callable[[State], Any]
    config: Callable[[Game], Any]
    action_text: Callable[[int], str]

    @property
    def policies(self) -> dict[str, int]:
        return {"random": self.kernel.POLICY_RANDOM, "heuristic": self.kernel.POLICY_HEURISTIC}


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


def thread_tree(search: ModuleType, capacity: int) -> Any:
    """This thread's node arrays for one game's kernel (made on first use): searches in one thread run
    one at a time, so all the bots of a process share one set instead of holding tens of MB each."""
    found: dict[tuple[str, int], Any] = getattr(_trees, "by_kernel", None) or {}
    _trees.by_kernel = found
    key = (search.__name__, capacity)
    if key not in found:
        found[key] = search.Tree(capacity)
    return found[key]


class Searcher:
    """ISMCTS for one game's options on its kernel. Its node arrays are the thread's, borrowed for each
    search."""

    parts: Parts  # set by each game's ``kernel_api``

    def __init__(self, game: Game, capacity: int = 1 << 16) -> None:
        self.game = game
        self.cfg = self.parts.config(game)
        self.capacity = capacity

    def _arrays(self) -> tuple[Any, ...]:
        t = self.tree
        return (t.keys, t.slots, t.size, t.actions, t.counts, t.rewards, t.order, t.preferred, t.visits, t.used)

    def search(self, view: Mapping[str, Any], rng: random.Random, settings: Settings) -> Result:
        """The action ``view``'s seat should take. Only ``rng`` is used: with an iteration budget the
        answer is a pure function of (view, rng)."""
        p = self.parts
        k, ks = p.kernel, p.search
        legal: list[str] = list(view["legal_actions"])
        seat = int(view["seat"])
        policy = p.policies[settings.playout]
        base = p.encode(self.game.sample(dict(view), random.Random(rng.getrandbits(63))))
        moves = np.zeros(k.MAX_ACTIONS, np.int64)
        n = k.legal(base, self.cfg, seat, moves)
        search_rng = np.array([k.mix(rng.getrandbits(63), 7)], np.int64)
        preferred = int(p.seat.choose(base, self.cfg, seat, moves, n, policy, search_rng))
        self.tree = thread_tree(ks, self.capacity)
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
            choice, summary = paired_choice(p.action_text, root, results, settings)
            return Result(choice, int(done[0]), int(self.tree.used[0]), summary)
        while done[0] < limit and time.perf_counter() < settings.deadline:
            step = min(CHUNK, limit - int(done[0]))
            ks.puct_worlds(base, self.cfg, seat, policy, settings.exploration, settings.bias, search_rng,
                           step, done, *self._arrays())  # fmt: skip
        node = ks.find(self.tree.keys, self.tree.slots, mix60(ks.info_key(base, self.cfg, seat), seat))
        if node < 0 or self.tree.visits[node] == 0:
            text = p.action_text(preferred)
            return Result(text if text in legal else legal[0], int(done[0]))
        choice, summary = root_choice(p.action_text, self.tree, node, settings.bias)
        return Result(choice, int(done[0]), int(self.tree.used[0]), summary)


def paired_choice(action_text: Callable[[int], str], root: np.ndarray[Any, Any], results: np.ndarray[Any, Any],
                  st: Settings) -> tuple[str, list[dict[str, Any]]]:  # fmt: skip
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


def root_choice(action_text: Callable[[int], str], tree: Any, node: int, bias: float) -> tuple[str, list[dict[str, Any]]]:
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


def warm_search(searcher: Searcher, state: State) -> None:
    """Run both roots once, two playouts each, so every search function is loaded (or compiled)."""
    view = state.view(state.to_act[0])
    for paired in (True, False):
        searcher.search(view, random.Random(0), Settings(iterations=2, deadline=math.inf, paired=paired))
