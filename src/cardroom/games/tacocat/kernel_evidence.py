"""The kernel protocol's ``likelihood`` for Tacocat: how well a sampled world explains the other player's
choices this round (the evidence ``evidence.py`` reads from the seat's log).

Within a round nothing enters a hand after the replacement, so the other's hand at any earlier decision
is its hand in the world now (its face-down duel card and set-aside cards included) plus the cards it
has played face up since (the observation carries their counts). For a duel, an attack or an answer,
the model is the heuristic's choice on that hand, computed by the kernel's own ``heuristic``: it either
agrees with what was played (likelihood 1) or not (the observation's ``miss``, a floor above 0, so no
world is ever ruled out). A bot that asks for it (``cfg[C_MODEL]`` at ``MODEL_READS``,
``kernel_model.py``) reads a shown duel card with the model of the search's duels instead: the chance of
laying that card from the hand, never 0 since the hand held it.

A replacement is one observation: it discarded ``n`` cards face up (the lowest ``low``, 12 for none)
and drew ``n`` unseen. Which ``n`` of the cards it held after the draw are the drawn ones is unknown:
any ``n`` of them alike. The heuristic keeps its lowest card and discards every other card below
``KEEP_AT_LEAST`` (below ``top``: the last discard, when the limit stopped it), lowest first; so its kept cards are one
card no higher than ``low`` and the rest at least ``top``. The observation's likelihood is the chance
the kept cards look so (counted, not enumerated), plus ``miss`` times the chance they do not.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import choose, njit
from cardroom.games.tacocat import kernel as k
from cardroom.games.tacocat import kernel_model as km
from cardroom.games.tacocat.kernel_seat import heuristic

Arr = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

KINDS = ("replace", "duel", "attack", "answer")
O_REPLACE, O_DUEL, O_ATTACK, O_ANSWER = 0, 1, 2, 3
#: Fields of one observation (after the count in slot 0): what it is, the action (a replacement's lowest
#: discard), a replacement's ``top`` or the card answered, a replacement's number drawn, the likelihood
#: of a choice the model would not make, then the counts of values 1..12 played face up since.
HEAD = 5
WIDTH = HEAD + 12


@njit
def kept_as_model(held: Arr, drawn: int, low: int, top: int) -> float:
    """The chance that, with ``drawn`` of the ``held`` cards (counts per value) the drawn ones, the kept
    rest has at most one card below ``top`` and at least one no higher than ``low``."""
    x = y = w = z = 0  # below top and <= low; below top and > low; >= top and <= low; >= top and > low
    for v in range(1, 13):
        c = held[v - 1]
        if v < top:
            if v <= low:
                x += c
            else:
                y += c
        elif v <= low:
            w += c
        else:
            z += c
    total = x + y + w + z
    kept = total - drawn
    if kept < 0:
        return 0.0
    ways = 0.0
    for below in range(2):  # kept cards below ``top``: none or one (from x or from y)
        for from_x in range(below + 1):
            from_y = below - from_x
            rest = kept - below
            picks = choose(x, from_x) * choose(y, from_y)
            high = choose(w + z, rest)
            if from_x == 0:
                high -= choose(z, rest)  # then one of the high kept cards must be no higher than ``low``
            ways += picks * high
    return ways / choose(total, kept)


@njit
def observation(world: Arr, cfg: Arr, other: int, at: int, evidence: Floats, scratch: Arr, moves: Arr) -> float:
    """One observation's likelihood in ``world``, over the most it can be (in (0, 1])."""
    kind, a, b = int(evidence[at]), int(evidence[at + 1]), int(evidence[at + 2])
    drawn, miss = int(evidence[at + 3]), evidence[at + 4]
    if miss >= 1.0:
        return 1.0  # a model that says nothing: exactly 1, so the world is kept without a draw
    for i in range(k.STATE_SIZE):
        scratch[i] = 0
    hand = k.HAND + 12 * other
    for v in range(1, 13):
        c = world[hand + v - 1] + world[k.MARKS + 12 * other + v - 1] + int(evidence[at + HEAD + v - 1])
        if world[k.PICK + other] == v:
            c += 1
        scratch[hand + v - 1] = c
    if kind == O_DUEL and cfg[km.C_MODEL] == km.MODEL_READS:
        return km.duel_odds(scratch, hand, a - k.A_DUEL + 1)
    if kind == O_REPLACE:
        p = kept_as_model(scratch[hand : hand + 12], drawn, a, b)
        return float(p + miss * (1.0 - p))
    scratch[k.ACTOR] = other
    if kind == O_DUEL:
        scratch[k.PHASE] = k.DUEL
    elif kind == O_ATTACK:
        scratch[k.PHASE] = k.ATTACK
    else:
        scratch[k.PHASE] = k.DEFEND
        scratch[k.ATTACK_CARDS] = b
    n = k.legal(scratch, cfg, other, moves)
    agrees = False
    for i in range(n):
        if moves[i] == a:
            agrees = heuristic(scratch, cfg, other, moves, n) == a
            break
    return 1.0 if agrees else miss


@njit
def likelihood(world: Arr, cfg: Arr, seat: int, evidence: Floats) -> float:
    """The product of every observation's likelihood (1.0 without evidence)."""
    p = 1.0
    count = int(evidence[0]) if len(evidence) else 0
    if count == 0:
        return p
    scratch = np.zeros(k.STATE_SIZE, np.int64)
    moves = np.zeros(k.MAX_ACTIONS, np.int64)
    for i in range(count):
        p *= observation(world, cfg, 1 - seat, 1 + WIDTH * i, evidence, scratch, moves)
    return p
