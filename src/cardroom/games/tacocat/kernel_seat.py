"""Tacocat's kernel from one seat's side: the heuristic policy, the default policies, and re-dealing
what the seat cannot know. Split from ``kernel.py`` (the rules) only to keep files small."""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import shuffle
from cardroom.games.tacocat.kernel import (
    A_DEFEND,
    A_DISCARD,
    A_DONE,
    A_DUEL,
    A_KEEP,
    A_SACRIFICE,
    ACTOR,
    ATTACK,
    BOTH,
    C_DECK,
    DECIDED,
    DEFEND,
    DRAW_AT,
    DUEL,
    DUEL_AT_LEAST,
    FLOOR,
    HAND,
    KEEP_AT_LEAST,
    MARKS,
    MAX_DECK,
    ORDER,
    PHASE,
    PICK,
    REPLACE,
    Arr,
    attack_cards,
    highest,
    lowest,
    next_undecided,
    rand_below,
)

# -- the heuristic bot, on arrays -------------------------------------------------------------------


@njit
def heuristic(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int) -> int:
    """The action ``HeuristicBot`` (bot.py) chooses, from what the seat knows; ``moves[:n]`` is legal."""
    if n == 1:
        return int(moves[0])
    phase = s[PHASE]
    h = HAND + 12 * seat
    if phase == REPLACE:
        if s[ACTOR] == BOTH:
            v = next_undecided(s, seat)
            if s[DECIDED + seat] > 0 and v < KEEP_AT_LEAST:
                return A_DISCARD + v - 1
            return A_KEEP + v - 1
        # The lowest card stays; the next lowest goes if it is weak (a discard is legal here).
        low = lowest(s, seat)
        if low == 0:
            return A_DONE
        second = 0
        for v in range(low, 13):
            c = s[h + v - 1] - (1 if v == low else 0)
            if c > 0:
                second = v
                break
        if second and second < KEEP_AT_LEAST:
            return A_DISCARD + second - 1
        return A_DONE
    if phase == DUEL:
        low = lowest(s, seat)
        for v in range(max(DUEL_AT_LEAST, low), 13):
            if s[h + v - 1] - (1 if v == low else 0) > 0:
                return A_DUEL + v - 1
        return A_DUEL + highest(s, seat) - 1
    if phase == ATTACK:
        low = lowest(s, seat)
        spare_low = s[h + low - 1] - 1
        cards = np.zeros(8, np.int64)
        best, best_score = moves[0], -1e18
        for i in range(n):
            size = attack_cards(moves[i], cards)
            uses_low = 0
            total = 0
            top = 0
            for j in range(size):
                c = cards[j]
                uses_low += 1 if c == low else 0
                total += c - 8
                top = max(top, c)
            if uses_low > spare_low:
                score = -1000.0
            else:
                score = total + 0.5 * size + top / 100
            if score > best_score:
                best, best_score = moves[i], score
        return int(best)
    if phase == DEFEND:
        low = lowest(s, seat)
        spare = s[h + low - 1] > 1
        for i in range(n):
            a = moves[i]
            if A_DEFEND <= a < A_SACRIFICE:
                v = a - A_DEFEND + 1
                if v != low or spare:
                    return int(a)
        return A_SACRIFICE
    return int(moves[0])


# -- dealing what one seat cannot know --------------------------------------------------------------


@njit
def determinize(s: Arr, cfg: Arr, seat: int, rng: Arr) -> None:
    """Re-deal, in place, every card ``seat`` cannot know: the other hand, its set-aside cards and face-
    down duel card, and the draw pile's order. The same rules as ``hidden.py``: the other seat's hand is
    dealt from the cards not below its floor, and which of its decided cards it set aside is drawn anew.
    """
    other = 1 - seat
    size = cfg[C_DECK]
    pool = np.zeros(MAX_DECK, np.int64)
    n = 0
    for i in range(s[DRAW_AT], size):
        pool[n] = s[ORDER + i]
        n += 1
    held = 0
    for v in range(1, 13):
        c = s[HAND + 12 * other + v - 1] + s[MARKS + 12 * other + v - 1]
        held += c
        for _ in range(c):
            pool[n] = v
            n += 1
        s[HAND + 12 * other + v - 1] = 0
        s[MARKS + 12 * other + v - 1] = 0
    picked = s[PICK + other] != 0
    if picked:
        pool[n] = s[PICK + other]
        n += 1
    shuffle(pool, 0, n, rng)
    floor = s[FLOOR + other]
    taken = np.zeros(MAX_DECK, np.bool_)
    got = 0
    for i in range(n):
        if got == held:
            break
        if pool[i] >= floor:
            taken[i] = True
            s[HAND + 12 * other + pool[i] - 1] += 1
            got += 1
    if s[PHASE] == REPLACE and s[ACTOR] == BOTH:
        # Which of its lowest ``decided`` cards it set aside: each one independently, as hidden.py.
        k = 0
        for v in range(1, 13):
            c = s[HAND + 12 * other + v - 1]
            for _ in range(c):
                if k < s[DECIDED + other] and rand_below(rng, 2) == 0:
                    s[HAND + 12 * other + v - 1] -= 1
                    s[MARKS + 12 * other + v - 1] += 1
                k += 1
    at = s[DRAW_AT]
    for i in range(n):
        if taken[i]:
            continue
        if picked:
            s[PICK + other] = pool[i]
            picked = False
            continue
        s[ORDER + at] = pool[i]
        at += 1
