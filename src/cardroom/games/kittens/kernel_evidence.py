"""The kernel protocol's ``likelihood`` for Exploding Kittens: how well a sampled world explains the others'
Nope-window passes (the evidence ``evidence.py`` reads from the seat's log).

One observation: ``holder`` passed a window where a player holding a card of ``kind`` passes with chance
``p_holds`` and one holding none with ``p_not``. In a world where the holder now has ``n`` of that kind
among ``h`` cards, what it held then depends on which of its cards came later: ``seen`` of them (of
which ``seen_kind`` of the kind) are cards the searching seat saw it gain, and ``unseen`` more are
draws, any ``unseen`` of the other ``h - seen`` cards, so the number of the kind among them is
hypergeometric. It held ``n - seen_kind - k + lost`` then (``lost``: the kind played or handed over
since). The observation's likelihood is the pass chance averaged over ``k``, over the most it can be;
a world's is the product over observations, at most 1: the chance rejection sampling keeps it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import choose, njit
from cardroom.games.kittens.kernel import HAND, NK, hand_size

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

WIDTH = 8  # evidence.FIELDS


@njit
def observation(world: Arr, at: int, evidence: Floats) -> float:
    """One observation's likelihood in ``world``, over the most it can be (in [0, 1])."""
    holder, kind = int(evidence[at]), int(evidence[at + 1])
    p_not, p_holds = evidence[at + 2], evidence[at + 3]
    lost, unseen = int(evidence[at + 4]), int(evidence[at + 5])
    seen, seen_kind = int(evidence[at + 6]), int(evidence[at + 7])
    pool = max(hand_size(world, holder) - seen, 0)  # the cards that may be its unseen gains
    of_kind = min(max(world[HAND + NK * holder + kind] - seen_kind, 0), pool)
    draws = min(unseen, pool)
    ways = choose(pool, draws)
    total = 0.0
    for k in range(max(0, draws - (pool - of_kind)), min(draws, of_kind) + 1):
        chance = choose(of_kind, k) * choose(pool - of_kind, draws - k) / ways
        total += chance * (p_holds if of_kind - k + lost >= 1 else p_not)
    return float(total / max(p_holds, p_not))


@njit
def likelihood(world: Arr, cfg: Arr, seat: int, evidence: Floats) -> float:
    """The product of every observation's likelihood (1.0 without evidence)."""
    p = 1.0
    for i in range(int(evidence[0]) if len(evidence) else 0):
        p *= observation(world, 1 + WIDTH * i, evidence)
    return p
