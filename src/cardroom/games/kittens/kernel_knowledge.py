"""Exploding Kittens' kernel: the seats' knowledge of one another's hands kept up to date as cards move
(the reference's ``knowledge.py``, on the state array's known-card counts).
"""

from __future__ import annotations

from cardroom.core.compiled import njit
from cardroom.games.kittens.kernel import C_PLAYERS, NK, Arr, hk


@njit
def gain(s: Arr, cfg: Arr, knower: int, holder: int, kind: int) -> None:
    if knower != holder:
        s[hk(cfg, knower, holder) + kind] += 1


@njit
def lose_known_kind(s: Arr, cfg: Arr, holder: int, kind: int) -> None:
    """``holder`` gave up a card of ``kind`` in sight of every knower."""
    for knower in range(cfg[C_PLAYERS]):
        at = hk(cfg, knower, holder) + kind
        if s[at] > 0:
            s[at] -= 1


@njit
def lose_unseen(s: Arr, cfg: Arr, holder: int, a: int, b: int) -> None:
    """``holder`` lost one card unseen by all but ``a`` and ``b``: any known card may be it, so every
    other knower's count of each kind drops by one (knowledge.lose_unseen on a sorted tuple)."""
    for knower in range(cfg[C_PLAYERS]):
        if knower in (a, b):
            continue
        at = hk(cfg, knower, holder)
        for k in range(NK):
            if s[at + k] > 0:
                s[at + k] -= 1
