"""A model of how the compiled search lays its duel card, for the expert's worlds and playouts.

The plain search lays its highest card in only about a third of its duels, and likes a 7 or an 8; the
heuristic, which plays every off-tree move of a playout, lays its lowest spare card of 7 or more (its
highest until 2026-11-28) and nothing else. A search that imagines
the other seat's duel card with the heuristic (or as any unseen card, when the other laid it first)
answers a player that does not exist. With ``cfg[C_MODEL]`` set, the kernel's playouts lay duel cards
with the odds below and the other seat's face-down duel card is dealt from its hand with the same odds.
At :data:`MODEL_READS` a duel card the other has shown also weighs a world by the same odds of that card
from that world's hand (``kernel_evidence.py``); measured, that reading did not make the expert stronger
(docs/inference.md), so the expert imagines duel cards by the model and reads them by the heuristic's rule.

The odds are a conditional logit over the distinct values in hand: a weight per value, a bonus for the
highest, a penalty for the lowest and a small bonus for a value held twice or more; fitted to the duel
choices of ``ismcts:iterations=2000`` in self-play (``bench/tacocat_duel_model.py``).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.games.tacocat import kernel as k

#: The options array's slot that switches the model on (0: the heuristic's duel, as the plain search;
#: 1: the model's, in playouts and in the other's face-down card; MODEL_READS: also in reading shown cards).
C_MODEL = 5
MODEL_READS = 2
VALUE_LOGIT = np.array([-0.67, -0.82, -1.56, -1.44, -0.35, 0.93, 1.89, 1.44, 0.75, 0.24, -0.28, -0.15])
HIGHEST_LOGIT, LOWEST_LOGIT, PAIR_LOGIT = 1.55, -1.7, 0.24


@njit
def duel_weight(counts: k.Arr, at: int, v: int, low: int, high: int) -> float:
    """The unnormalised odds of laying ``v`` from the hand counted at ``counts[at : at + 12]``."""
    z = VALUE_LOGIT[v - 1]
    if v == high:
        z += HIGHEST_LOGIT
    if v == low:
        z += LOWEST_LOGIT
    if counts[at + v - 1] >= 2:
        z += PAIR_LOGIT
    return math.exp(z)


@njit
def hand_ends(counts: k.Arr, at: int) -> tuple[int, int]:
    """The lowest and highest value held in the hand counted at ``counts[at : at + 12]`` (0, 0: none)."""
    low = high = 0
    for v in range(1, 13):
        if counts[at + v - 1] > 0:
            high = v
            if low == 0:
                low = v
    return low, high


@njit
def held_weights(counts: k.Arr, at: int, weights: npt.NDArray[np.float64]) -> float:
    """Each held value's unnormalised odds into ``weights[v]`` (0 for a value not held), worked out once
    for the hand counted at ``counts[at : at + 12]``; returns their sum."""
    low, high = hand_ends(counts, at)
    weights[:] = 0.0
    total = 0.0
    for v in range(low, high + 1):
        if counts[at + v - 1] > 0:
            weights[v] = duel_weight(counts, at, v, low, high)
            total += weights[v]
    return total


@njit
def duel_odds(counts: k.Arr, at: int, card: int) -> float:
    """The model's chance of laying ``card`` from the hand counted at ``counts[at : at + 12]`` (0 when
    it is not held): what a shown duel card says about the hand it came from."""
    weights = np.zeros(13)
    total = held_weights(counts, at, weights)
    return weights[card] / total if total > 0 else 0.0


@njit
def duel_card(counts: k.Arr, at: int, rng: k.Arr) -> int:
    """A duel card drawn from the hand counted at ``counts[at : at + 12]`` with the model's odds."""
    weights = np.zeros(13)
    total = held_weights(counts, at, weights)
    x = k.rand_below(rng, 1 << 30) / float(1 << 30) * total
    high = 0
    for v in range(1, 13):
        if weights[v] > 0:
            high = v
            x -= weights[v]
            if x < 0:
                return v
    return high


@njit
def redeal_pick(s: k.Arr, cfg: k.Arr, other: int, rng: k.Arr) -> None:
    """With the model on, the other's face-down duel card taken from its hand and that card by the
    model's odds (the cards were dealt together uniformly; which one it laid is the model's)."""
    if cfg[C_MODEL] == 0 or s[k.PICK + other] == 0:
        return
    h = k.HAND + 12 * other
    s[h + s[k.PICK + other] - 1] += 1
    v = duel_card(s, h, rng)
    s[h + v - 1] -= 1
    s[k.PICK + other] = v
