"""The ISMCTS trees of T.A.C.O.'s kernel search: nodes in preallocated arrays, keyed by a 60-bit hash
of one seat's information set. The same bookkeeping as Tacocat's and Kittens' kernel searches, and
the same rules as ``bots/tree.py`` (PUCT with the default policy's move as the prior, first-play
urgency at the node's mean, a new node's other actions in a random order)."""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_seat as ksp

NODE_ACTIONS = 64  # a decision with more actions is played by the default policy, not grown

Arr = k.Arr
Floats = npt.NDArray[np.float64]


class Tree:
    """Every seat's nodes in flat arrays: ``slots`` is an open-addressing table from key to node."""

    def __init__(self, capacity: int = 1 << 15) -> None:
        self.keys = np.zeros(capacity, np.int64)
        self.slots = np.zeros(2 * capacity, np.int64)  # node index + 1; 0 = empty
        self.size = np.zeros(capacity, np.int64)
        self.actions = np.zeros((capacity, NODE_ACTIONS), np.int16)
        self.counts = np.zeros((capacity, NODE_ACTIONS), np.int32)
        self.rewards = np.zeros((capacity, NODE_ACTIONS), np.float64)
        self.order = np.zeros((capacity, NODE_ACTIONS), np.int8)
        self.preferred = np.zeros(capacity, np.int64)
        self.visits = np.zeros(capacity, np.int64)
        self.used = np.zeros(1, np.int64)

    def clear(self) -> None:
        self.slots[:] = 0
        self.used[0] = 0


@njit
def find(keys: Arr, slots: Arr, key: int) -> int:
    """The node of ``key`` or -1; probing stops at an empty slot."""
    mask = len(slots) - 1
    i = key & mask
    while slots[i] != 0:
        node = slots[i] - 1
        if keys[node] == key:
            return int(node)
        i = (i + 1) & mask
    return -1


@njit
def insert(keys: Arr, slots: Arr, used: Arr, key: int) -> int:
    if used[0] >= len(keys):
        return -1  # full: the trees stop growing
    node = used[0]
    used[0] += 1
    keys[node] = key
    mask = len(slots) - 1
    i = key & mask
    while slots[i] != 0:
        i = (i + 1) & mask
    slots[i] = node + 1
    return int(node)


@njit
def select(node: int, size: Arr, counts: Arr, rewards: Floats, order: Arr, preferred: Arr, visits: Arr,
           exploration: float, bias: float) -> int:  # fmt: skip
    """PUCT as ``Node.select``: mean + c x prior x sqrt(visits) / (1 + count); untried at the node mean."""
    n_act = size[node]
    v = visits[node]
    root_n = math.sqrt(max(v, 1))
    total = 0.0
    for i in range(n_act):
        total += rewards[node, i]
    fpu = total / v if v else 0.5
    pref = preferred[node]
    best, best_score = order[node, 0], -1e300
    for j in range(n_act):
        i = order[node, j]
        n = counts[node, i]
        q = rewards[node, i] / n if n else fpu
        if pref < 0:
            prior = 1.0 / n_act
        elif i == pref:
            prior = bias
        else:
            prior = (1.0 - bias) / (n_act - 1)
        score = q + exploration * prior * root_n / (1 + n)
        if score > best_score:
            best, best_score = i, score
    return int(best)


@njit
def new_node(node: int, s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, policy: int, rng: Arr, size: Arr,
             actions: Arr, counts: Arr, rewards: Floats, order: Arr, preferred: Arr, visits: Arr) -> None:  # fmt: skip
    """As ``Node.__init__``: the default policy's move first, the others in a random order."""
    pick = ksp.choose(s, cfg, seat, moves, n, policy, rng)
    size[node] = n
    visits[node] = 0
    for i in range(n):
        actions[node, i] = moves[i]
        counts[node, i] = 0
        rewards[node, i] = 0.0
        order[node, i] = i
    for i in range(n - 1, 0, -1):
        j = k.xorshift(rng, i + 1)
        order[node, i], order[node, j] = order[node, j], order[node, i]
    first = 0
    for i in range(n):
        if moves[i] == pick:
            first = i
    preferred[node] = first
    at = 0
    for j in range(n):
        if order[node, j] == first:
            at = j
    for j in range(at, 0, -1):
        order[node, j] = order[node, j - 1]
    order[node, 0] = first
