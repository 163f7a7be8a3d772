"""Tacocat's kernel from one seat's side: the heuristic policy, the default policies, and re-dealing
what the seat cannot know. Split from ``kernel.py`` (the rules) only to keep files small."""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import shuffle
from cardroom.games.tacocat import kernel as k  # the layout and the rules' helpers, as k.NAME

# -- the heuristic bot, on arrays -------------------------------------------------------------------


@njit
def heuristic(s: k.Arr, cfg: k.Arr, seat: int, moves: k.Arr, n: int) -> int:
    """The action ``HeuristicBot`` (bot.py) chooses, from what the seat knows; ``moves[:n]`` is legal."""
    if n == 1:
        return int(moves[0])
    phase = s[k.PHASE]
    h = k.HAND + 12 * seat
    if phase == k.REPLACE:
        if s[k.ACTOR] == k.BOTH:
            v = k.next_undecided(s, seat)
            if s[k.DECIDED + seat] > 0 and v < k.KEEP_AT_LEAST:
                return k.A_DISCARD + v - 1
            return k.A_KEEP + v - 1
        # The lowest card stays; the next lowest goes if it is weak (a discard is legal here).
        low = k.lowest(s, seat)
        if low == 0:
            return k.A_DONE
        second = 0
        for v in range(low, 13):
            c = s[h + v - 1] - (1 if v == low else 0)
            if c > 0:
                second = v
                break
        if second and second < k.KEEP_AT_LEAST:
            return k.A_DISCARD + second - 1
        return k.A_DONE
    if phase == k.DUEL:
        low = k.lowest(s, seat)
        for v in range(max(k.DUEL_AT_LEAST, low), 13):
            if s[h + v - 1] - (1 if v == low else 0) > 0:
                return k.A_DUEL + v - 1
        return k.A_DUEL + k.highest(s, seat) - 1
    if phase == k.ATTACK:
        low = k.lowest(s, seat)
        spare_low = s[h + low - 1] - 1
        cards = np.zeros(8, np.int64)
        best, best_score = moves[0], -1e18
        for i in range(n):
            size = k.attack_cards(moves[i], cards)
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
    if phase == k.DEFEND:
        low = k.lowest(s, seat)
        spare = s[h + low - 1] > 1
        for i in range(n):
            a = moves[i]
            if k.A_DEFEND <= a < k.A_SACRIFICE:
                v = a - k.A_DEFEND + 1
                if v != low or spare:
                    return int(a)
        return k.A_SACRIFICE
    return int(moves[0])


# -- dealing what one seat cannot know --------------------------------------------------------------


@njit
def determinize(s: k.Arr, cfg: k.Arr, seat: int, rng: k.Arr) -> None:
    """Re-deal, in place, every card ``seat`` cannot know: the other hand, its set-aside cards and face-
    down duel card, and the draw pile's order. The same rules as ``hidden.py``: the other seat's hand is
    dealt from the cards not below its floor, and which of its decided cards it set aside is drawn anew.
    """
    other = 1 - seat
    size = cfg[k.C_DECK]
    pool = np.zeros(k.MAX_DECK, np.int64)
    n = 0
    for i in range(s[k.DRAW_AT], size):
        pool[n] = s[k.ORDER + i]
        n += 1
    held = 0
    for v in range(1, 13):
        c = s[k.HAND + 12 * other + v - 1] + s[k.MARKS + 12 * other + v - 1]
        held += c
        for _ in range(c):
            pool[n] = v
            n += 1
        s[k.HAND + 12 * other + v - 1] = 0
        s[k.MARKS + 12 * other + v - 1] = 0
    picked = s[k.PICK + other] != 0
    if picked:
        pool[n] = s[k.PICK + other]
        n += 1
    shuffle(pool, 0, n, rng)
    floor = s[k.FLOOR + other]
    taken = np.zeros(k.MAX_DECK, np.bool_)
    got = 0
    for i in range(n):
        if got == held:
            break
        if pool[i] >= floor:
            taken[i] = True
            s[k.HAND + 12 * other + pool[i] - 1] += 1
            got += 1
    if s[k.PHASE] == k.REPLACE and s[k.ACTOR] == k.BOTH:
        # Which of its lowest ``decided`` cards it set aside: each one independently, as hidden.py.
        looked = 0
        for v in range(1, 13):
            c = s[k.HAND + 12 * other + v - 1]
            for _ in range(c):
                if looked < s[k.DECIDED + other] and k.rand_below(rng, 2) == 0:
                    s[k.HAND + 12 * other + v - 1] -= 1
                    s[k.MARKS + 12 * other + v - 1] += 1
                looked += 1
    at = s[k.DRAW_AT]
    for i in range(n):
        if taken[i]:
            continue
        if picked:
            s[k.PICK + other] = pool[i]
            picked = False
            continue
        s[k.ORDER + at] = pool[i]
        at += 1
