"""The ISMCTS trees of T.A.C.O.'s kernel search: nodes in preallocated arrays, keyed by a 60-bit hash
of one seat's information set. The same bookkeeping as Tacocat's and Kittens' kernel searches, and
the same rules as ``bots/tree.py`` (PUCT with the default policy's move as the prior, first-play
urgency at the node's mean, a new node's other actions in a random order)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.core.compiled_tree import NodeArrays, fill_node
from cardroom.games.taco import kernel as k
from cardroom.games.taco import kernel_seat as ksp

NODE_ACTIONS = 64  # a decision with more actions is played by the default policy, not grown

Arr = k.Arr
Floats = npt.NDArray[np.float64]


class Tree(NodeArrays):
    """Every seat's nodes in flat arrays (``NodeArrays``), up to ``NODE_ACTIONS`` actions a node."""

    def __init__(self, capacity: int = 1 << 15) -> None:
        super().__init__(capacity, NODE_ACTIONS)


@njit
def new_node(node: int, s: Arr, cfg: Arr, seat: int, moves: Arr, n: int, policy: int, rng: Arr, size: Arr,
             actions: Arr, counts: Arr, rewards: Floats, order: Arr, preferred: Arr, visits: Arr) -> None:  # fmt: skip
    """As ``Node.__init__``: the default policy's move first, the others in a random order."""
    pick = ksp.choose(s, cfg, seat, moves, n, policy, rng)
    fill_node(node, moves, n, pick, rng, size, actions, counts, rewards, order, preferred, visits)
