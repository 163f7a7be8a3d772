"""T.A.C.O.'s kernel re-deals what one seat cannot know: the search's worlds (``determinize``).

The reference is ``TacoState.shuffle_unknown``; the kernel uses its own generator, so a search's
re-deal is never a scripted one.
"""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import shuffle as own_shuffle
from cardroom.games.taco.kernel import (
    C_N,
    DECK,
    DECK_LEN,
    HAND_LEN,
    KNOWN,
    MAXC,
    REC,
    STACK,
    STACK_LEN,
    T_WINDOW,
    Arr,
    hand_at,
)


@njit
def determinize(s: Arr, cfg: Arr, seat: int, rng: Arr) -> None:
    """``TacoState.shuffle_unknown``: the deck and every card in another hand that ``seat`` has not seen
    are shuffled together and dealt back into the same hand sizes; the other seats' secret Instant
    choices in an open window are forgotten (they are shown as passes). Uses the kernel's generator
    (its own mode) and leaves the game's counter as it is."""
    n = cfg[C_N]
    bit = 1 << seat
    every = (1 << n) - 1
    pool = np.zeros(MAXC, np.int64)
    m = 0
    for i in range(s[DECK_LEN]):
        pool[m] = s[DECK + i]
        m += 1
    for p in range(n):
        if p == seat:
            continue
        at = hand_at(p)
        for i in range(s[HAND_LEN + p]):
            c = s[at + i]
            if not (s[KNOWN + c] & bit) and s[KNOWN + c] != every:
                pool[m] = c
                m += 1
    own_shuffle(pool, 0, m, rng)  # the kernel's own generator: a search's re-deal, never scripted
    used = 0
    for p in range(n):
        if p == seat:
            continue
        at = hand_at(p)
        size = s[HAND_LEN + p]
        keep = np.zeros(MAXC, np.int64)
        kept = 0
        for i in range(size):
            c = s[at + i]
            if (s[KNOWN + c] & bit) or s[KNOWN + c] == every:
                keep[kept] = c
                kept += 1
        for i in range(size - kept):
            keep[kept + i] = pool[used]
            used += 1
        keep[:size].sort()
        for i in range(size):
            s[at + i] = keep[i]
    for i in range(m - used):
        s[DECK + i] = pool[used + i]
    for r in range(s[STACK_LEN]):
        rec = STACK + REC * r
        if s[rec] == T_WINDOW:
            for p in range(n):
                if p != seat and s[rec + 5 + p] > 0:
                    s[rec + 5 + p] = 0
