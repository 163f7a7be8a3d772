"""The node arrays of every kernel search's ISMCTS trees, and the compiled steps that only touch them.

The kernel searches (each game's ``kernel_search``) are ``bots/search.py`` and ``bots/tree.py`` on
arrays: nodes live in preallocated flat arrays keyed by a 60-bit hash of one seat's information set
(``compiled.mix60``), found through an open-addressing table. What here is the same for every game:
the arrays (:class:`NodeArrays`), finding and adding a node, and PUCT's choice at a node. What a game's
search adds (its rules, its default policy, how a new node is filled) is compiled with its own kernel.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import rand_below

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


class NodeArrays:
    """Every seat's nodes in flat arrays: ``slots`` is an open-addressing table from key to node.

    A node holds up to ``node_actions`` actions; a game's search picks that bound (a decision with more
    is played by its default policy instead of growing a node)."""

    def __init__(self, capacity: int, node_actions: int) -> None:
        self.keys = np.zeros(capacity, np.int64)
        self.slots = np.zeros(2 * capacity, np.int64)  # node index + 1; 0 = empty
        self.size = np.zeros(capacity, np.int64)  # actions per node
        # Small types where they suffice: an action below 32,768, a visit count below 2**31, and an
        # index into the node's actions below 128.
        self.actions = np.zeros((capacity, node_actions), np.int16)
        self.counts = np.zeros((capacity, node_actions), np.int32)
        self.rewards = np.zeros((capacity, node_actions), np.float64)
        self.order = np.zeros((capacity, node_actions), np.int8)
        self.preferred = np.zeros(capacity, np.int64)  # index of the default policy's move; -1 none
        self.visits = np.zeros(capacity, np.int64)
        self.used = np.zeros(1, np.int64)

    def clear(self) -> None:
        self.slots[:] = 0
        self.used[0] = 0

    def find(self, key: int) -> int:
        """The node of ``key`` or -1."""
        return int(find(self.keys, self.slots, key))

    def grown(self, capacity: int) -> NodeArrays:
        """A copy with room for ``capacity`` nodes: the same nodes at the same indices, so a search
        carries on exactly as it would have in arrays that large from the start."""
        new = NodeArrays(capacity, self.actions.shape[1])
        used = int(self.used[0])
        for name in ("keys", "size", "actions", "counts", "rewards", "order", "preferred", "visits"):
            getattr(new, name)[:used] = getattr(self, name)[:used]
        new.used[0] = used
        rehash(new.keys, new.slots, used)
        return new


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
def rehash(keys: Arr, slots: Arr, used: int) -> None:
    """Fill an empty ``slots`` table with nodes 0 to ``used - 1``, in order (as ``insert`` placed them)."""
    mask = len(slots) - 1
    for node in range(used):
        i = keys[node] & mask
        while slots[i] != 0:
            i = (i + 1) & mask
        slots[i] = node + 1


@njit
def insert(keys: Arr, slots: Arr, used: Arr, key: int) -> int:
    """A new node for ``key``; -1 when the arrays are full (the trees stop growing, playouts go on)."""
    if used[0] >= len(keys):
        return -1
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
    """PUCT as ``Node.select``: mean + c x prior x sqrt(visits) / (1 + count); untried at the node mean.
    The prior is ``bias`` for the default policy's move and the rest shared evenly; ties go to the
    earlier place in the node's (shuffled) order."""
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
def fill_node(node: int, moves: Arr, n: int, pick: int, rng: Arr, size: Arr, actions: Arr, counts: Arr,
              rewards: Floats, order: Arr, preferred: Arr, visits: Arr) -> None:  # fmt: skip
    """As ``Node.__init__``: a new node for the ``n`` legal ``moves``, the default policy's move ``pick``
    first and the others in a random order (drawn from the kernel's generator ``rng``)."""
    size[node] = n
    visits[node] = 0
    for i in range(n):
        actions[node, i] = moves[i]
        counts[node, i] = 0
        rewards[node, i] = 0.0
        order[node, i] = i
    for i in range(n - 1, 0, -1):
        j = rand_below(rng, i + 1)
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
