"""The kernel protocol's ``likelihood`` for Exploding Kittens: how well a sampled world explains the others'
Nope-window passes and where they put a defused Kitten back (the evidence ``evidence.py`` and
``placements.py`` read from the seat's log). The array: the number of observations of both kinds, then
the Nope section (its count, ``WIDTH`` fields each) and the placement section (its count,
``PLACE_WIDTH`` fields each).

One observation: ``holder`` passed a window where a player holding a card of ``kind`` passes with chance
``p_holds`` and one holding none with ``p_not``. In a world where the holder now has ``n`` of that kind
among ``h`` cards, what it held then depends on which of its cards came later: ``seen`` of them (of
which ``seen_kind`` of the kind) are cards the searching seat saw it gain, and ``unseen`` more are
draws, any ``unseen`` of the other ``h - seen`` cards, so the number of the kind among them is
hypergeometric. It held ``n - seen_kind - k + lost`` then (``lost``: the kind played or handed over
since). The observation's likelihood is the pass chance averaged over ``k``, over the most it can be;
a world's is the product over observations, at most 1: the chance rejection sampling keeps it.

A placement: the Kitten went ``first`` (the next player's first draw) with chance ``p_first``, to the
bottom (``pile_before``) with ``p_bottom``, anywhere else with ``p_other`` each; ``drawn`` cards have
left the top since. A world's Kitten ``j`` from the top now went in at ``j + drawn``. With ``K``
Kittens in the pile the placed one is any of them: the chances of their places, summed, over the most
``K`` places could sum to (exact with one Kitten, as in a two-player game).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import choose, njit
from cardroom.games.kittens.kernel import HAND, KITTEN, NK, PILE, PILE_LEN, hand_size

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

WIDTH = 8  # evidence.FIELDS
PLACE_WIDTH = 6  # drawn, pile_before, first, p_first, p_bottom, p_other


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
def _chance(place: int, pile_before: int, first: int, p_first: float, p_bottom: float, p_other: float) -> float:
    if place == first:
        return p_first
    return p_bottom if place == pile_before else p_other


@njit
def placement(world: Arr, at: int, evidence: Floats) -> float:
    """One placement's likelihood in ``world``, over the most it can be (in [0, 1])."""
    drawn, pile_before, first = int(evidence[at]), int(evidence[at + 1]), int(evidence[at + 2])
    p_first, p_bottom, p_other = evidence[at + 3], evidence[at + 4], evidence[at + 5]
    size = world[PILE_LEN]
    kittens, found = 0, 0.0
    for j in range(size):  # j from the top; the pile is stored bottom first
        if world[PILE + size - 1 - j] == KITTEN:
            kittens += 1
            found += _chance(j + drawn, pile_before, first, p_first, p_bottom, p_other)
    if kittens == 0:
        return 1.0
    # The most ``kittens`` places still in the pile could give: the two named ones, then others (a first
    # draw already drawn is no longer a place the Kitten can be).
    p_first = p_first if first >= drawn else 0.0
    best, left = 0.0, kittens
    for p in (max(p_first, p_bottom), min(p_first, p_bottom)):
        if left > 0 and p > p_other:
            best += p
            left -= 1
    best += left * p_other
    return float(min(found / best, 1.0)) if best > 0 else 1.0


@njit
def likelihood(world: Arr, cfg: Arr, seat: int, evidence: Floats) -> float:
    """The product of every observation's likelihood (1.0 without evidence)."""
    p = 1.0
    if len(evidence) == 0 or evidence[0] == 0:
        return p
    at = 1
    for _ in range(int(evidence[at])):
        p *= observation(world, at + 1, evidence)
        at += WIDTH
    at += 1
    for _ in range(int(evidence[at])):
        p *= placement(world, at + 1, evidence)
        at += PLACE_WIDTH
    return p
