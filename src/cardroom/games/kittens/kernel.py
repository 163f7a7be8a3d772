"""Exploding Kittens' compiled fast path: the rules over small integer arrays (see docs/kernels.md).

The reference engine (``rules.py``, ``legal.py``, ``knowledge.py``) is the authority; this is the same
game written for speed. A state is one ``int64`` array (layout below) whose size depends only on the
number of players, the options are another (``cfg``), and actions are small integers (``A_*``). Every
function is a pure step on those arrays, compiled by Numba when it is installed and plain Python
otherwise. ``tests/kernels`` and ``bench/fast_differential.py`` play both engines side by side.

Two choices make it cheap: the draw pile is stored bottom first (a draw takes the last slot), and what
the seats know of the pile is a bitmask of knowers per pile slot, which moves with its card. That works
because the reference's pile knowledge is always true: a seat that knows position p knows the card
that is there. Hand knowledge (cards one seat surely holds, per knower and holder) is a count per kind.

Randomness is the kernel's own (``rng``: a one-element array holding a xorshift32 state). The two
random rules, a Shuffle and the steal of a pair, stop ``apply_rules`` with ``NEED`` set; ``apply``
then finishes them with the kernel's generator, and the differential check with the reference's.

This module holds the layout of the arrays, the generator, who acts and the legal actions, a new game
and the result; carrying out an action (and keeping the seats' knowledge) is ``kernel_apply.py``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import mix as mix
from cardroom.core.compiled_random import rand_below as rand_below
from cardroom.core.compiled_random import shuffle as shuffle

Arr = npt.NDArray[np.int64]

MAXP = 10
NK = 13  # kinds of card (cards.py)
MAX_PILE = 128  # more than the 113 cards of the largest game
MAX_NOPES = 16
MAX_ACTIONS = 256  # a turn offers at most 242 actions (10 players), a Kitten's placing at most 114
MAX_STEPS = 20_000  # a playout this long is called a draw, as in the reference search

# -- kinds (cards.py) --------------------------------------------------------------------------------
KITTEN, DEFUSE, NOPE, ATTACK, SKIP, FAVOR, SHUFFLE, SEE = 0, 1, 2, 3, 4, 5, 6, 7
FIRST_CAT = 8  # tacocat, cattermelon, hairy-potato-cat, beard-cat, rainbow-ralphing-cat: 8 to 12
# The kinds in the order of their slugs: the reference's legal lists are sorted by text.
BY_SLUG = (3, 11, 9, 1, 0, 5, 10, 2, 12, 7, 6, 4, 8)

# -- phases (pending.py, in PHASES order) and pending plays (ACTION_KINDS order) ----------------------
TURN, WINDOW, GIVE_PHASE, NAME, FIVE, TAKE, PLACE, OVER = 0, 1, 2, 3, 4, 5, 6, 7
PK_ATTACK, PK_SKIP, PK_SHUFFLE, PK_SEE, PK_FAVOR, PK_PAIR, PK_TRIPLE, PK_FIVE = 0, 1, 2, 3, 4, 5, 6, 7

# -- the options array -------------------------------------------------------------------------------
C_PLAYERS, C_STACKING, C_FIVE, C_DISCARD_EXPLODED, C_DEAL, C_BACK, C_GONE = 0, 1, 2, 3, 4, 5, 6
C_PAIRABLE, C_COUNTS = 8, 24  # 13 slots each: which kinds pair, how many of each kind exist
CFG_SIZE = C_COUNTS + NK

# -- the state array ---------------------------------------------------------------------------------
STEP, COUNTER, CURRENT, OWED, ATTACKED, PHASE = 0, 1, 2, 3, 4, 5
P_KIND, P_ACTOR, P_TARGET, P_NAMED, P_NCARDS, P_NNOPES = 6, 7, 8, 9, 10, 11  # P_KIND -1: nothing pending
UNDECIDED, OUT_LEN, OUTMASK, PILE_LEN, DISC_LEN = 12, 13, 14, 15, 16  # UNDECIDED, OUTMASK: seat bits
NEED, STEAL_FROM, STEAL_TO = 17, 18, 19  # a random step left to finish (NEED_*) and its seats
P_CARDS, P_NOPES, OUT = 20, 25, 41  # 5, 16 and 10 slots: the pending cards, who Noped, who exploded
REMOVED, DCOUNT = 51, 64  # 13 slots each: removed cards and the discard pile's counts per kind
HAND = 80  # 13 slots per seat
PILE = HAND + NK * MAXP  # the draw pile, bottom first: the top card is PILE[PILE_LEN - 1]
PKNOWN = PILE + MAX_PILE  # per pile slot, the seats that know that card (bits)
DISC = PKNOWN + MAX_PILE  # the discard pile, bottom first
HK = DISC + MAX_PILE  # hand knowledge: 13 counts per (knower, holder), players x players of them

NEED_NONE, NEED_SHUFFLE, NEED_STEAL = 0, 1, 2

# -- actions -----------------------------------------------------------------------------------------
A_DRAW, A_PASS, A_NOPE = 0, 1, 2
A_PLAY = 3  # + kind
A_FAVOR = 16  # + target
A_PAIR = 26  # + kind * 10 + target
A_TRIPLE = 156  # + kind * 10 + target
A_NAME, A_GIVE, A_FIVE, A_TAKE = 286, 299, 312, 325  # + kind
A_PLACE = 338  # + position from the top
N_ACTIONS = A_PLACE + MAX_PILE

POLICY_RANDOM, POLICY_HEURISTIC = 0, 1


def state_size(players: int) -> int:
    return HK + players * players * NK


# -- small helpers -----------------------------------------------------------------------------------


@njit
def hand_size(s: Arr, seat: int) -> int:
    n = 0
    for i in range(NK):
        n += s[HAND + NK * seat + i]
    return n


@njit
def kinds_held(s: Arr, seat: int) -> int:
    n = 0
    for i in range(NK):
        if s[HAND + NK * seat + i] > 0:
            n += 1
    return n


@njit
def hk(cfg: Arr, knower: int, holder: int) -> int:
    """The first slot of what ``knower`` surely knows ``holder`` holds."""
    return int(HK + (knower * cfg[C_PLAYERS] + holder) * NK)


@njit
def is_out(s: Arr, seat: int) -> bool:
    return bool((s[OUTMASK] >> seat) & 1)


@njit
def next_living(s: Arr, cfg: Arr, seat: int) -> int:
    n = cfg[C_PLAYERS]
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not is_out(s, other):
            return int(other)
    return seat


@njit
def living_mask(s: Arr, cfg: Arr) -> int:
    return int(((1 << cfg[C_PLAYERS]) - 1) & ~s[OUTMASK])


@njit
def is_target(s: Arr, seat: int, other: int) -> bool:
    """Whether a Favor, pair or triple by ``seat`` may target ``other`` (``targets`` in state.py)."""
    return other != seat and not is_out(s, other) and hand_size(s, other) > 0


@njit
def pile_kittens(s: Arr) -> int:
    n = 0
    for i in range(s[PILE_LEN]):
        if s[PILE + i] == KITTEN:
            n += 1
    return n


# -- who acts and what they may do -------------------------------------------------------------------


@njit
def to_act(s: Arr, cfg: Arr, out: Arr) -> int:
    """The seats to act into ``out``, in seat order; returns how many (0 when the game is over)."""
    phase = s[PHASE]
    if phase == WINDOW:
        n = 0
        for seat in range(cfg[C_PLAYERS]):
            if (s[UNDECIDED] >> seat) & 1:
                out[n] = seat
                n += 1
        return n
    if phase == OVER:
        return 0
    if phase == GIVE_PHASE:
        out[0] = s[P_TARGET]
    elif phase in (NAME, FIVE, TAKE):
        out[0] = s[P_ACTOR]
    else:
        out[0] = s[CURRENT]
    return 1


@njit
def legal(s: Arr, cfg: Arr, seat: int, out: Arr) -> int:
    """The legal actions of a seat that is to act, in the reference's order; returns how many."""
    phase = s[PHASE]
    h = HAND + NK * seat
    n = 0
    if phase == WINDOW:
        if s[h + NOPE] > 0:
            out[0] = A_NOPE
            n = 1
        out[n] = A_PASS
        return n + 1
    if phase == TURN:
        return _turn_actions(s, cfg, seat, out)
    if phase == GIVE_PHASE:
        for k in BY_SLUG:
            if s[h + k] > 0:
                out[n] = A_GIVE + k
                n += 1
        return n
    if phase == NAME:
        for k in BY_SLUG:
            if k != KITTEN:
                out[n] = A_NAME + k
                n += 1
        return n
    if phase == FIVE:
        for k in BY_SLUG:
            if s[h + k] > 0 and not chosen_for_five(s, k):
                out[n] = A_FIVE + k
                n += 1
        return n
    if phase == TAKE:
        for k in BY_SLUG:
            if k != KITTEN and s[DCOUNT + k] > 0:
                out[n] = A_TAKE + k
                n += 1
        return n
    if phase == PLACE:
        for p in range(s[PILE_LEN] + 1):
            out[p] = A_PLACE + p
        return int(s[PILE_LEN] + 1)
    return 0


@njit
def _turn_actions(s: Arr, cfg: Arr, seat: int, out: Arr) -> int:
    h = HAND + NK * seat
    out[0] = A_DRAW
    n = 1
    if hand_size(s, seat) == 0:
        return n
    players = cfg[C_PLAYERS]
    targets = 0
    for t in range(players):
        if is_target(s, seat, t):
            targets |= 1 << t
    if s[h + FAVOR] > 0:
        for t in range(players):
            if (targets >> t) & 1:
                out[n] = A_FAVOR + t
                n += 1
    if cfg[C_FIVE] and kinds_held(s, seat) >= 5:
        for k in BY_SLUG:
            if s[h + k] > 0:
                out[n] = A_FIVE + k
                n += 1
    n = _cat_steals(s, cfg, h, targets, 2, A_PAIR, out, n)
    for k in BY_SLUG:
        if s[h + k] > 0 and (k in (ATTACK, SKIP, SHUFFLE, SEE)):
            out[n] = A_PLAY + k
            n += 1
    n = _cat_steals(s, cfg, h, targets, 3, A_TRIPLE, out, n)
    return n


# -- a new game --------------------------------------------------------------------------------------


@njit
def _cat_steals(s: Arr, cfg: Arr, h: int, targets: int, copies: int, base: int, out: Arr, n: int) -> int:
    """Appends a steal with ``copies`` alike cats (a pair or three) of every pairable kind the hand at
    ``h`` holds enough of, at every seat in the ``targets`` mask (``base + kind * 10 + seat``)."""
    if targets:
        for k in BY_SLUG:
            if s[h + k] >= copies and cfg[C_PAIRABLE + k]:
                for t in range(cfg[C_PLAYERS]):
                    if (targets >> t) & 1:
                        out[n] = base + k * 10 + t
                        n += 1
    return n


@njit
def chosen_for_five(s: Arr, kind: int) -> bool:
    """Whether five different icons already name a card of ``kind`` among the cards they picked."""
    for i in range(s[P_NCARDS]):  # noqa: SIM110 (Numba compiles no generator expressions)
        if s[P_CARDS + i] == kind:
            return True
    return False


@njit
def new_game(cfg: Arr, rng: Arr) -> Arr:
    s = np.zeros(HK + cfg[C_PLAYERS] * cfg[C_PLAYERS] * NK, np.int64)
    setup(s, cfg, rng)
    return s


@njit
def setup(s: Arr, cfg: Arr, rng: Arr) -> None:
    """Deal a new game into ``s`` with the kernel's generator, by the same steps as ``setup.py``."""
    s[:] = 0
    n, deal = cfg[C_PLAYERS], cfg[C_DEAL]
    rest = np.zeros(MAX_PILE, np.int64)
    m = 0
    for k in range(NK):
        if k != KITTEN and k != DEFUSE:
            for _ in range(cfg[C_COUNTS + k]):
                rest[m] = k
                m += 1
    shuffle(rest, 0, m, rng)
    for seat in range(n):
        s[HAND + NK * seat + DEFUSE] = 1
        for i in range(deal):
            s[HAND + NK * seat + rest[seat * deal + i]] += 1
    p = 0
    for i in range(n * deal, m):
        s[PILE + p] = rest[i]
        p += 1
    for _ in range(n - 1):
        s[PILE + p] = KITTEN
        p += 1
    for _ in range(cfg[C_BACK]):
        s[PILE + p] = DEFUSE
        p += 1
    s[PILE_LEN] = p
    shuffle(s, PILE, p, rng)
    s[REMOVED + KITTEN] = cfg[C_COUNTS + KITTEN] - (n - 1)
    s[REMOVED + DEFUSE] = cfg[C_GONE]
    s[COUNTER] = 2
    s[OWED] = 1
    s[P_KIND] = s[P_TARGET] = s[P_NAMED] = -1
    s[PHASE] = TURN


# -- the result --------------------------------------------------------------------------------------


@njit
def over(s: Arr, cfg: Arr) -> bool:
    """Whether the game is over (the search's and the learned value's one test of it)."""
    return bool(s[PHASE] == OVER)


@njit
def winner(s: Arr, cfg: Arr) -> int:
    """The last seat standing once the game is over, else -1."""
    if s[PHASE] != OVER:
        return -1
    for seat in range(cfg[C_PLAYERS]):
        if not is_out(s, seat):
            return seat
    return -1
