"""Tacocat's compiled fast path: the rules over two small integer arrays (see docs/kernels.md).

The reference engine (``rules.py`` and friends) is the authority; this is the same game written for
speed: a state is one ``int64`` array (layout below), the options are another (``cfg``), and actions
are small integers (``A_*``). Every function is a pure step on those arrays, compiled by Numba when it
is installed and plain Python otherwise. ``tests/kernels`` and ``bench/fast_differential.py`` play both
engines side by side and compare legal actions, whole states and results after every action.

Randomness is the kernel's own (``rng``, a one-element array holding a xorshift32 state), so a kernel
game is a pure function of its seed, compiled or not. The reference's shuffles use another generator:
where the two must agree (the differential test), the caller deals the reference's order with
:func:`deal` instead of :func:`shuffle_deal`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import mix as mix
from cardroom.core.compiled_random import rand_below as rand_below
from cardroom.core.compiled_random import shuffle

Arr = npt.NDArray[np.int64]

MAX_DECK = 64  # larger custom decks fall back to the reference engine
MAX_POS = 16  # goals included
MAX_ACTIONS = 64  # more than any hand of at most 9 cards can offer
MAX_STEPS = 20_000  # a playout this long is called a draw, as in the reference search

# -- the options array ------------------------------------------------------------------------------
C_DECK, C_JUMBO, C_TIES, C_NPOS, C_CENTRE = 0, 1, 2, 3, 4
C_DEALS, C_ARROWS, C_COUNTS, C_CARDS = 8, 24, 40, 64
CFG_SIZE = C_CARDS + MAX_DECK
JUMBO_NONE, JUMBO_SETS, JUMBO_RUNS = 0, 1, 2  # "none", "sets", "sets-and-sequences"
TIES_ARROW, TIES_DUEL, TIES_REDEAL = 0, 1, 2

# -- the state array --------------------------------------------------------------------------------
POS, COVERED, ROUND, PHASE, ACTOR, LIMIT, SWAPPED = 0, 1, 2, 3, 4, 5, 6
DECIDED, PICK, DUEL_WIN, FLOOR = 7, 9, 11, 12  # each of these four is two slots, one per seat
STEP, COUNTER, DRAW_AT, ATTACK_LEN, ANSWER_LEN = 14, 15, 16, 17, 18
LAST_DUEL = 19  # two slots; 0 0 = none yet
LAST_PLAY_WHO, LAST_PLAY_LEN = 21, 22  # who = -1: none yet
LAST_ROUND = 24  # three slots: YAY's card, WOW's card (0: none yet), winner (-1: nobody)
NEED_DEAL = 27  # 1 between a round's start and its deal
HAND, MARKS, DISCARD = 32, 56, 80  # counts per value: hands and marks are 12 slots per seat
ATTACK_CARDS, ANSWERS, LAST_ATTACK, LAST_ANSWERS = 92, 100, 108, 116  # 8 slots each
ORDER = 128  # the round's shuffled deck; the draw pile is ORDER[DRAW_AT:deck size]
STATE_SIZE = ORDER + MAX_DECK

REPLACE, DUEL, ATTACK, DEFEND, OVER = 0, 1, 2, 3, 4
BOTH = -1

# -- actions ----------------------------------------------------------------------------------------
A_DISCARD, A_KEEP, A_DONE, A_DUEL, A_DEFEND, A_SACRIFICE = 0, 12, 24, 25, 37, 49
A_SET = 50  # + (value-1)*8 + size-1: one card (size 1) or a set
A_RUN = 146  # + (start-1)*8 + size-1: a run of 3 to 8
N_ACTIONS = 242

POLICY_RANDOM, POLICY_HEURISTIC = 0, 1
KEEP_AT_LEAST = 10  # the heuristic bot's thresholds (bot.py)
DUEL_AT_LEAST = 7


# -- small helpers ----------------------------------------------------------------------------------


@njit
def cards_in(s: Arr, at: int) -> int:
    """How many cards a count per value 1..12 at ``s[at : at + 12]`` holds."""
    n = 0
    for i in range(12):
        n += s[at + i]
    return n


@njit
def hand_size(s: Arr, seat: int) -> int:
    return cards_in(s, HAND + 12 * seat)


@njit
def marks_size(s: Arr, seat: int) -> int:
    return cards_in(s, MARKS + 12 * seat)


@njit
def lowest(s: Arr, seat: int) -> int:
    """The seat's lowest card in hand (0 if the hand is empty)."""
    for v in range(1, 13):
        if s[HAND + 12 * seat + v - 1] > 0:
            return v
    return 0


@njit
def highest(s: Arr, seat: int) -> int:
    for v in range(12, 0, -1):
        if s[HAND + 12 * seat + v - 1] > 0:
            return v
    return 0


@njit
def is_done(s: Arr, seat: int) -> bool:
    """Whether a seat has decided about every dealt card in the simultaneous replacement."""
    return bool(s[DECIDED + seat] >= hand_size(s, seat) + marks_size(s, seat))


@njit
def next_undecided(s: Arr, seat: int) -> int:
    """The next card of the seat's dealt hand (kept and marked cards, lowest first) to decide about."""
    k = s[DECIDED + seat]
    for v in range(1, 13):
        c = s[HAND + 12 * seat + v - 1] + s[MARKS + 12 * seat + v - 1]
        if k < c:
            return v
        k -= c
    return 0


@njit
def attack_cards(a: int, out: Arr) -> int:
    """The cards of attack action ``a`` into ``out``, lowest first; returns how many."""
    if a >= A_RUN:
        start, size = (a - A_RUN) // 8 + 1, (a - A_RUN) % 8 + 1
        for i in range(size):
            out[i] = start + i
        return size
    v, size = (a - A_SET) // 8 + 1, (a - A_SET) % 8 + 1
    for i in range(size):
        out[i] = v
    return size


# -- who acts and what they may do ------------------------------------------------------------------


@njit
def to_act(s: Arr, out: Arr) -> int:
    """The seats to act into ``out``; returns how many (0 when the game is over)."""
    phase = s[PHASE]
    if phase == ATTACK or (phase == REPLACE and s[ACTOR] >= 0):
        out[0] = s[ACTOR]
        return 1
    if phase == DEFEND:
        out[0] = 1 - s[ACTOR]
        return 1
    n = 0
    if phase == DUEL:
        for seat in range(2):
            if s[PICK + seat] == 0:
                out[n] = seat
                n += 1
    elif phase == REPLACE:
        for seat in range(2):
            if not is_done(s, seat):
                out[n] = seat
                n += 1
    return n


@njit
def legal(s: Arr, cfg: Arr, seat: int, out: Arr) -> int:
    """The legal actions of a seat that is to act, in the reference's order; returns how many."""
    phase = s[PHASE]
    h = HAND + 12 * seat
    n = 0
    if phase == ATTACK:
        most = hand_size(s, seat) - 1
        if most >= 1:
            for v in range(1, 13):
                if s[h + v - 1] > 0:
                    out[n] = A_SET + (v - 1) * 8
                    n += 1
        jumbo = cfg[C_JUMBO]
        if jumbo == JUMBO_NONE:
            return n
        for size in range(2, most + 1):
            for f in range(1, 13):
                if s[h + f - 1] >= size:
                    out[n] = A_SET + (f - 1) * 8 + size - 1
                    n += 1
                if jumbo == JUMBO_RUNS and size >= 3 and f + size - 1 <= 12:
                    ok = True
                    for v in range(f, f + size):
                        if s[h + v - 1] == 0:
                            ok = False
                            break
                    if ok:
                        out[n] = A_RUN + (f - 1) * 8 + size - 1
                        n += 1
        return n
    if phase == DEFEND:
        card = s[ATTACK_CARDS + s[ANSWER_LEN]]
        for v in range(card, 13):
            if s[h + v - 1] > 0:
                out[n] = A_DEFEND + v - 1
                n += 1
        out[n] = A_SACRIFICE
        return n + 1
    if phase == DUEL:
        for v in range(1, 13):
            if s[h + v - 1] > 0:
                out[n] = A_DUEL + v - 1
                n += 1
        return n
    if phase == REPLACE:
        if s[ACTOR] == BOTH:
            v = next_undecided(s, seat)
            out[0] = A_DISCARD + v - 1
            out[1] = A_KEEP + v - 1
            return 2
        if 0 <= s[LIMIT] <= s[SWAPPED]:
            out[0] = A_DONE
            return 1
        for v in range(1, 13):
            if s[h + v - 1] > 0:
                out[n] = A_DISCARD + v - 1
                n += 1
        out[n] = A_DONE
        return n + 1
    return 0


# -- starting a game and a round --------------------------------------------------------------------


@njit
def start_round(s: Arr, cfg: Arr) -> None:
    """Open a round on Tacocat's space; its cards come from :func:`deal` or :func:`shuffle_deal`."""
    s[COUNTER] += 1
    s[ROUND] += 1
    for i in range(HAND, DISCARD + 12):
        s[i] = 0
    s[PHASE] = REPLACE
    s[ACTOR] = cfg[C_ARROWS + s[POS]]
    s[LIMIT] = -1
    s[SWAPPED] = 0
    s[DECIDED] = s[DECIDED + 1] = 0
    s[PICK] = s[PICK + 1] = 0
    s[ATTACK_LEN] = s[ANSWER_LEN] = 0
    s[FLOOR] = s[FLOOR + 1] = 0
    s[DUEL_WIN] = -1
    s[NEED_DEAL] = 1


@njit
def deal(s: Arr, cfg: Arr) -> None:
    """Deal the round from the deck order already in ``ORDER``: n cards each, the rest is the draw pile."""
    n = cfg[C_DEALS + s[POS]]
    for i in range(n):
        s[HAND + s[ORDER + i] - 1] += 1
        s[HAND + 12 + s[ORDER + n + i] - 1] += 1
    s[DRAW_AT] = 2 * n
    s[NEED_DEAL] = 0


@njit
def shuffle_deal(s: Arr, cfg: Arr, rng: Arr) -> None:
    """Shuffle the whole deck with the kernel's generator and deal."""
    size = cfg[C_DECK]
    for i in range(size):
        s[ORDER + i] = cfg[C_CARDS + i]
    shuffle(s, ORDER, size, rng)
    deal(s, cfg)


@njit
def new_game(cfg: Arr, rng: Arr) -> Arr:
    """A new game dealt by the kernel's generator."""
    s = np.zeros(STATE_SIZE, np.int64)
    reset(s, cfg)
    shuffle_deal(s, cfg, rng)
    return s


@njit
def reset(s: Arr, cfg: Arr) -> None:
    """Make ``s`` a game before its first deal (Tacocat on the centre, nothing covered)."""
    for i in range(STATE_SIZE):
        s[i] = 0
    s[POS] = cfg[C_CENTRE]
    s[LAST_PLAY_WHO] = -1
    s[LAST_ROUND + 2] = -1
    start_round(s, cfg)
