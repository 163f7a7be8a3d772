"""Every game's compiled kernel as Python sees it: one :class:`Kernel` per game, the same names for all.

A game's kernel is its ``kernel_search`` module (the kernel protocol of ``core/compiled_protocol.py``,
and the search core builds on it) and its codec (reference state to array, actions to text and back).
:class:`Kernel` turns those into what bots, analysis, arena and the lab call, the names each game's
``kernel_api`` module exports: ``unsupported(game)``, ``simulate(game, games, policy, seed)``,
``rollouts(game, view, actions, seed, first, worlds)``, ``Searcher(game)`` (ISMCTS from one seat's
view, the oracle from the true state, and the analysis's paired root of given actions: one paired-root
loop for all three), ``warm()``, ``Settings`` and ``COMPILED``. The differential
checks share :class:`KernelMismatch` and :class:`Counts` (``kernel_diff.py``). Nothing here is
compiled: the compiled work happens inside the calls to the game's ``SEARCH``.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import COMPILED
from cardroom.core.compiled_random import mix
from cardroom.core.compiled_tree import NodeArrays
from cardroom.core.game import Game, State
from cardroom.core.search_clock import now
from cardroom.core.search_stats import SearchStats

__all__ = [
    "COMPILED",
    "HOLD",
    "Codec",
    "Counts",
    "Kernel",
    "KernelMismatch",
    "PairedRoot",
    "Result",
    "Searcher",
    "Settings",
    "StopRule",
]

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

#: In ``rollouts``' actions: no action of the seat's own (the position is played on as it stands).
HOLD = ""
NO_FLOATS: Floats = np.zeros(0, np.float64)
#: Playouts between two looks at the clock, and the most bytes one thread's node arrays may grow to.
CHUNK = 64
MAX_TREE_BYTES = 256 << 20
FIRST_CAPACITY = 1 << 14  # nodes a thread's arrays start with; they double as a search fills them


class KernelMismatch(AssertionError):
    """A game's kernel and its reference engine disagree (raised by the differential check)."""


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
class Codec:
    """A game's Python side of its kernel: which games it plays, and arrays and actions both ways."""

    game_class: type[Game]
    encode: Callable[[Any], Arr]  # reference state -> state array
    config: Callable[[Any], Arr]  # game -> options array
    action_text: Callable[[Any, int], str]  # (game, action number) -> the reference's text
    action_id: Callable[[Any, str], int]
    unsupported: Callable[[Any], str | None]  # why the kernel cannot hold the game's options
    example: Callable[[], Game]  # a game to warm the compiled code with


@dataclass
class Settings:
    """What the search needs from a bot spec (``SearchSettings`` carries the same)."""

    iterations: int | None
    deadline: float  # a core.search_clock.now() value; inf without a time budget
    exploration: float = 1.0
    bias: float = 0.5
    paired: bool = True
    z: float = 1.0
    spread: float = 0.25
    playout: str = "heuristic"
    #: The others' observed choices, in the game's ``evidence.py`` layout (empty: none), which the
    #: sampled worlds are kept by; playouts cut after ``cut`` steps off the trees (0: played to the end)
    #: and scored by the learned value with ``weights``.
    evidence: Floats = field(default_factory=lambda: NO_FLOATS)
    cut: int = 0
    weights: Floats = field(default_factory=lambda: NO_FLOATS)


@dataclass(slots=True)
class Result(SearchStats):
    """A search's answer (``action``) with what it did; ``dealt``, ``rejected`` and ``capped`` count the
    worlds the evidence weighed: dealt, dealt again, and kept as the likeliest at the cap (all 0 without
    evidence). ``seconds`` and ``aborted`` stay 0: the caller keeps the time."""

    action: str = ""


@dataclass(frozen=True)
class PairedRoot:
    """A paired root's worlds so far: its actions (``root``, the first the one the others are paired
    against) and a row per action in ``results``: worlds, reward sum, pairs, paired difference sum and
    its square sum; ``playouts`` played, ``nodes`` in the trees below."""

    root: Arr
    results: Floats
    playouts: int
    nodes: int


#: Asked after every chunk of a paired root's worlds (the results so far): ``True`` ends the search.
StopRule = Callable[[PairedRoot], bool]

_trees = threading.local()


def thread_tree(name: str, node_actions: int, capacity: int) -> NodeArrays:
    """This thread's node arrays for one game's kernel, at least ``capacity`` nodes: searches in one
    thread run one at a time, so all the bots of a process share one set instead of holding one each."""
    found: dict[str, NodeArrays] = getattr(_trees, "by_kernel", None) or {}
    _trees.by_kernel = found
    tree = found.get(name)
    if tree is None or len(tree.keys) < capacity:
        tree = found[name] = NodeArrays(capacity, node_actions)
    return tree


class Kernel:
    """One game's compiled kernel: ``rules`` is its ``kernel_search`` module (protocol and ``SEARCH``)."""

    Settings = Settings
    COMPILED = COMPILED

    def __init__(self, name: str, rules: ModuleType, codec: Codec, module: str) -> None:
        self.name, self.rules, self.codec, self.search = name, rules, codec, rules.SEARCH
        self.module = module  # the kernel_api module that offers this object (the loader's key)
        self.policies = {"random": int(rules.POLICY_RANDOM), "heuristic": int(rules.POLICY_HEURISTIC)}
        self.Searcher: type[Searcher] = type(f"{name.title()}Searcher", (Searcher,), {"kernel": self})
        node_bytes = 40 + 15 * int(rules.NODE_ACTIONS)  # see NodeArrays: 15 bytes an action, 40 a node
        self.max_capacity = 1 << int(math.log2(MAX_TREE_BYTES // node_bytes))

    def exports(self) -> tuple[type[Searcher], Callable[..., Any], Callable[..., Any], Callable[..., Any],
                               Callable[[], float]]:  # fmt: skip
        """``Searcher, simulate, rollouts, unsupported, warm``: the names a ``kernel_api`` module offers."""
        return self.Searcher, self.simulate, self.rollouts, self.unsupported, self.warm

    def searcher(self, game: Game, model: int = 0) -> Searcher:
        """A :class:`Searcher` whose playouts model the other seats by opponent model ``model`` (the game's
        kit's ``opponent_models`` index, written into the options array's ``MODEL_SLOT``; 0: the heuristic)."""
        found = self.Searcher(game)
        if model:
            slot = getattr(self.rules, "MODEL_SLOT", None)
            if slot is None:
                raise ValueError(f"the {self.name} kernel models no other seat but by its heuristic")
            found.cfg = found.cfg.copy()
            found.cfg[int(slot)] = model
        return found

    def unsupported(self, game: Game) -> str | None:
        """Why the kernel cannot play ``game`` (``None``: it can)."""
        if not isinstance(game, self.codec.game_class):
            title = str(getattr(self.codec.game_class, "title", self.name))
            return f"not {'an' if title[0] in 'AEIOU' else 'a'} {title} game"
        return self.codec.unsupported(game)

    def config(self, game: Game) -> Arr:
        """The options array of ``game``; a :class:`ValueError` if the kernel cannot hold its options."""
        problem = self.unsupported(game)
        if problem is not None:
            raise ValueError(f"the {self.name} kernel cannot play these options: {problem}")
        return self.codec.config(game)

    def simulate(self, game: Game, games: int, policy: str, seed: int, first: int = 0) -> tuple[Arr, int]:
        """Winners of games ``first`` to ``first + games - 1`` of the run seeded ``seed`` (seat per game;
        -1: no single winner) and the total number of actions."""
        winners = np.zeros(games, np.int64)
        actions = self.search.simulate(self.config(game), first, games, self.policies[policy], seed, winners)
        return winners, int(actions)

    def rollouts(self, game: Game, view: Mapping[str, Any], actions: Sequence[str], seed: int, first: int,
                 worlds: int) -> Floats:  # fmt: skip
        """The analysis's evaluator on the kernel: ``view``'s seat's reward in worlds ``first`` to
        ``first + worlds - 1`` (rows) for each of ``actions`` (columns). World ``i`` re-deals all the
        seat cannot know, so it depends only on (``view``, ``seed``, ``i``); reads nothing but the view.
        The action :data:`HOLD` is none of the seat's own: the world plays on as it stands, so the seat's
        chance is valued at any position, whoever is to act (the analysis's luck per event)."""
        base = self.codec.encode(game.sample(dict(view), random.Random(seed)))
        acts = np.array([-1 if a == HOLD else self.codec.action_id(game, a) for a in actions], np.int64)
        out = np.zeros((worlds, len(acts)), np.float64)
        self.search.play_worlds(base, self.config(game), int(view["seat"]), acts, seed, first, worlds, out)
        return out

    def warm(self) -> float:
        """Load (or compile) every kernel function once; returns the seconds it took."""
        start = time.perf_counter()
        game = self.codec.example()
        self.simulate(game, 1, "heuristic", 0)
        self.simulate(game, 1, "random", 0)
        state = game.new_game(0)
        view = state.view(state.to_act[0])
        searcher = self.Searcher(game)
        for paired in (True, False):
            searcher.search(view, random.Random(0), Settings(iterations=2, deadline=math.inf, paired=paired))
        self.rollouts(game, view, list(view["legal_actions"])[:1], 0, 0, 1)
        return time.perf_counter() - start


class Searcher:
    """ISMCTS for one game's options on its kernel; :meth:`search_state` is the oracle (the true state,
    the same playouts). The node arrays are the thread's, borrowed for each search; they start at
    ``capacity`` nodes and double whenever a search comes near filling them (up to ``max_capacity``),
    so a long search keeps growing its trees."""

    kernel: Kernel  # set on each game's subclass (``Kernel.Searcher``)

    def __init__(self, game: Game, capacity: int = FIRST_CAPACITY, max_capacity: int | None = None) -> None:
        self.game = game
        self.cfg = self.kernel.config(game)
        self.capacity = capacity
        self.max_capacity = max(capacity, max_capacity or self.kernel.max_capacity)
        self.tree = thread_tree(self.kernel.name, int(self.kernel.rules.NODE_ACTIONS), capacity)
        self.tally = np.zeros(3, np.int64)  # the last search's worlds dealt, rejected, kept at the cap

    def search(self, view: Mapping[str, Any], rng: random.Random, settings: Settings,
               stop: StopRule | None = None) -> Result:  # fmt: skip
        """The action ``view``'s seat should take. Only ``rng`` is used: with an iteration budget the
        answer is a pure function of (view, rng). With a paired root, ``stop`` is asked after every
        chunk of worlds whether to end the search there (the answer is then the one so far)."""
        base = self._world(view, rng)
        return self._run(base, int(view["seat"]), list(view["legal_actions"]), rng, settings, True, stop)

    def search_state(self, state: State, seat: int, rng: random.Random, settings: Settings) -> Result:
        """The oracle: the same search from the true ``state`` (it cheats; only the arena seats it)."""
        base = self.kernel.codec.encode(state)
        rng.getrandbits(63)  # as _world(): the same draws from rng, so the two compare playout for playout
        return self._run(base, seat, [str(a) for a in state.legal_actions(seat)], rng, settings, False, None)

    def paired_root(self, view: Mapping[str, Any], rng: random.Random, settings: Settings, actions: Sequence[str],
                    worlds: int) -> PairedRoot:  # fmt: skip
        """The paired root with a given root: ``worlds`` worlds dealt from ``view`` alone (the same first
        draws as :meth:`search`), each of ``actions`` played in every one of them on the same generator
        (``actions[0]`` the one the others are paired against), the trees playing on below. Counted in
        worlds, never on the clock."""
        base = self._world(view, rng)
        root = np.array([self.kernel.codec.action_id(self.game, a) for a in actions], np.int64)
        return self._paired(base, int(view["seat"]), rng, settings, True, root, worlds * len(root), math.inf, None)

    def answer(self, found: PairedRoot, settings: Settings) -> Result:
        """A paired root's choice (:func:`paired_choice`) and its root rows, as :meth:`search` gives them."""
        choice, summary = paired_choice(self._text, found.root, found.results, settings)
        return self._result(choice, found.playouts, found.nodes, summary)

    def _world(self, view: Mapping[str, Any], rng: random.Random) -> Arr:
        """A search's first draw: the world its root is encoded from, dealt from ``view`` alone."""
        return self.kernel.codec.encode(self.game.sample(dict(view), random.Random(rng.getrandbits(63))))

    def _generator(self, rng: random.Random) -> Arr:
        """A search's second draw: the kernel's own generator, which every playout then draws from."""
        search_rng = np.zeros(int(self.kernel.rules.RNG_SIZE), np.int64)
        search_rng[0] = mix(rng.getrandbits(63), 7)
        return search_rng

    def _clear(self) -> None:
        """This thread's node arrays, emptied for a new search."""
        self.tree = thread_tree(self.kernel.name, int(self.kernel.rules.NODE_ACTIONS), self.capacity)
        self.tree.clear()
        self.tally = np.zeros(3, np.int64)

    def _result(self, action: str, iterations: int, nodes: int, root: list[dict[str, Any]]) -> Result:
        """The last search's answer, with the worlds it dealt, rejected and kept at the cap (counted by
        ``compiled_search.imagine``)."""
        dealt, rejected, capped = (int(t) for t in self.tally)
        return Result(iterations=iterations, nodes=nodes, root=root, dealt=dealt, rejected=rejected, capped=capped,
                      action=action)  # fmt: skip

    def _preferred(self, base: Arr, seat: int, policy: int, search_rng: Arr) -> tuple[Arr, int]:
        """The seat's legal actions and the default policy's move among them (the paired root's
        yardstick, the PUCT root's prior)."""
        moves = np.zeros(int(self.kernel.rules.MAX_ACTIONS), np.int64)
        n = self.kernel.rules.legal(base, self.cfg, seat, moves)
        return moves[:n], int(self.kernel.search.choose(base, self.cfg, seat, moves, n, policy, search_rng))

    def _run(self, base: Arr, seat: int, legal: list[str], rng: random.Random, st: Settings, fair: bool,
             stop: StopRule | None) -> Result:  # fmt: skip
        limit = st.iterations if st.iterations is not None else 1 << 62
        if st.paired:
            return self.answer(self._paired(base, seat, rng, st, fair, None, limit, st.deadline, stop), st)
        if stop is not None:
            raise ValueError("a stop rule needs the paired root (paired=True)")
        run, policy = self.kernel.search, self.kernel.policies[st.playout]
        search_rng = self._generator(rng)
        preferred = self._preferred(base, seat, policy, search_rng)[1]
        self._clear()
        done = np.zeros(1, np.int64)
        while done[0] < limit and now() < st.deadline:
            step = min(CHUNK, limit - int(done[0]))
            run.puct_worlds(base, self.cfg, seat, fair, policy, st.exploration, st.bias, search_rng, step, done,
                            st.evidence, self.tally, st.cut, st.weights, *self._arrays(step))  # fmt: skip
        node = self.tree.find(run.root_key(base, self.cfg, seat))
        if node < 0 or self.tree.visits[node] == 0:
            text = self._text(preferred)
            return self._result(text if text in legal else legal[0], int(done[0]), 0, [])
        choice, summary = root_choice(self._text, self.tree, node, st.bias)
        return self._result(choice, int(done[0]), int(self.tree.used[0]), summary)

    def _paired(self, base: Arr, seat: int, rng: random.Random, st: Settings, fair: bool, root: Arr | None,
                limit: int, deadline: float, stop: StopRule | None) -> PairedRoot:  # fmt: skip
        """The paired root's world loop, written once: every root action (``root``; ``None``: every legal
        action, the default policy's move first) played in each world on the same generator, until
        ``limit`` playouts, the ``deadline`` or ``stop``, asked after every chunk."""
        run, policy = self.kernel.search, self.kernel.policies[st.playout]
        search_rng = self._generator(rng)
        if root is None:
            moves, preferred = self._preferred(base, seat, policy, search_rng)
            root = np.array([preferred] + [int(a) for a in moves if a != preferred], np.int64)
        self._clear()
        results = np.zeros((len(root), 5), np.float64)
        done = np.zeros(1, np.int64)
        # A call starts a fresh world at the first root action, so a chunk holds whole worlds: with
        # more root actions than CHUNK, a smaller chunk would never reach the later ones.
        whole = -(-CHUNK // len(root)) * len(root)
        while done[0] < limit and now() < deadline:
            step = min(whole, limit - int(done[0]))
            run.paired_worlds(base, self.cfg, seat, fair, root, len(root), policy, st.exploration, st.bias,
                              search_rng, step, done, results, st.evidence, self.tally, st.cut, st.weights,
                              *self._arrays(step))  # fmt: skip
            if stop is not None and stop(PairedRoot(root, results, int(done[0]), int(self.tree.used[0]))):
                break
        return PairedRoot(root, results, int(done[0]), int(self.tree.used[0]))

    def _arrays(self, playouts: int) -> tuple[Any, ...]:
        """The node arrays for the next ``playouts``, grown first if they could fill (a playout adds at
        most one node per seat): the trees then grow as they would in arrays without end."""
        t = self.tree
        room = playouts * int(self.kernel.rules.MAXP)
        if int(t.used[0]) + room > len(t.keys) and len(t.keys) < self.max_capacity:
            t = self.tree = t.grown(min(2 * len(t.keys), self.max_capacity))
            _trees.by_kernel[self.kernel.name] = t
        return (t.keys, t.slots, t.size, t.actions, t.counts, t.rewards, t.order, t.preferred, t.visits, t.used)

    def _text(self, action: int) -> str:
        return self.kernel.codec.action_text(self.game, action)


def paired_choice(action_text: Callable[[int], str], root: Arr, results: Floats,
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


def root_choice(action_text: Callable[[int], str], tree: NodeArrays, node: int,
                bias: float) -> tuple[str, list[dict[str, Any]]]:  # fmt: skip
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
