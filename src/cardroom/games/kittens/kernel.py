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
random rules, a Shuffle and the steal of a pair, stop :func:`apply_rules` with ``NEED`` set; :func:`apply`
then finishes them with the kernel's generator, and the differential check with the reference's.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit

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
MASK32 = 0xFFFFFFFF


def state_size(players: int) -> int:
    return HK + players * players * NK


# -- randomness (the same generator as Tacocat's kernel) ----------------------------------------------


@njit
def rand_below(rng: Arr, n: int) -> int:
    """A number in 0..n-1 from the xorshift32 state in ``rng[0]`` (never 0)."""
    x = int(rng[0])
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    rng[0] = x
    return (x * n) >> 32


@njit
def mix(seed: int, index: int) -> int:
    """A non-zero 32-bit generator state for game ``index`` of a run seeded with ``seed``."""
    x = ((seed & MASK32) ^ ((seed >> 32) & MASK32) ^ ((index * 0x9E3779B9) & MASK32)) & MASK32
    for _ in range(2):
        x ^= x >> 16
        x = (x * 0x7FEB352D) & MASK32
        x ^= x >> 15
        x = (x * 0x846CA68B) & MASK32
    x ^= x >> 16
    return x if x != 0 else 0x6D2B79F5


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
            if s[h + k] > 0:
                chosen = False
                for i in range(s[P_NCARDS]):
                    if s[P_CARDS + i] == k:
                        chosen = True
                if not chosen:
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
    if targets:
        for k in BY_SLUG:
            if s[h + k] >= 2 and cfg[C_PAIRABLE + k]:
                for t in range(players):
                    if (targets >> t) & 1:
                        out[n] = A_PAIR + k * 10 + t
                        n += 1
    for k in BY_SLUG:
        if s[h + k] > 0 and (k in (ATTACK, SKIP, SHUFFLE, SEE)):
            out[n] = A_PLAY + k
            n += 1
    if targets:
        for k in BY_SLUG:
            if s[h + k] >= 3 and cfg[C_PAIRABLE + k]:
                for t in range(players):
                    if (targets >> t) & 1:
                        out[n] = A_TRIPLE + k * 10 + t
                        n += 1
    return n


# -- a new game --------------------------------------------------------------------------------------


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
    _shuffle(rest, m, rng)
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
    _shuffle(s[PILE : PILE + p], p, rng)
    s[REMOVED + KITTEN] = cfg[C_COUNTS + KITTEN] - (n - 1)
    s[REMOVED + DEFUSE] = cfg[C_GONE]
    s[COUNTER] = 2
    s[OWED] = 1
    s[P_KIND] = s[P_TARGET] = s[P_NAMED] = -1
    s[PHASE] = TURN


@njit
def _shuffle(a: Arr, n: int, rng: Arr) -> None:
    for i in range(n - 1, 0, -1):
        j = rand_below(rng, i + 1)
        a[i], a[j] = a[j], a[i]


# -- knowledge (knowledge.py) -------------------------------------------------------------------------


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


@njit
def lose(s: Arr, cfg: Arr, seat: int, kind: int) -> None:
    """``seat`` plays a card of ``kind`` face up onto the discard pile."""
    s[HAND + NK * seat + kind] -= 1
    _discard(s, kind)
    lose_known_kind(s, cfg, seat, kind)


@njit
def _discard(s: Arr, kind: int) -> None:
    s[DISC + s[DISC_LEN]] = kind
    s[DISC_LEN] += 1
    s[DCOUNT + kind] += 1


# -- one action --------------------------------------------------------------------------------------


@njit
def apply(s: Arr, cfg: Arr, seat: int, a: int, rng: Arr) -> None:
    """Carry out a legal action in place, finishing any random step with the kernel's generator."""
    apply_rules(s, cfg, seat, a)
    need = s[NEED]
    if need == NEED_SHUFFLE:
        _shuffle(s[PILE : PILE + s[PILE_LEN]], s[PILE_LEN], rng)
        s[NEED] = NEED_NONE
    elif need == NEED_STEAL:
        giver = s[STEAL_FROM]
        pick = rand_below(rng, hand_size(s, giver))
        h = HAND + NK * giver
        for k in range(NK):
            if pick < s[h + k]:
                steal(s, cfg, k)
                break
            pick -= s[h + k]


@njit
def steal(s: Arr, cfg: Arr, kind: int) -> None:
    """Finish a pair's steal: ``kind`` is the card drawn at random from the target's sorted hand."""
    transfer_private(s, cfg, s[STEAL_FROM], s[STEAL_TO], kind)
    s[NEED] = s[STEAL_FROM] = s[STEAL_TO] = NEED_NONE


@njit
def apply_rules(s: Arr, cfg: Arr, seat: int, a: int) -> None:
    """Carry out a legal action in place; a Shuffle or a steal is left to finish (``NEED``)."""
    s[STEP] += 1
    if a == A_DRAW:
        _draw(s, cfg, seat)
    elif a == A_PASS:
        s[UNDECIDED] &= ~(1 << seat)
        if s[UNDECIDED] == 0:
            _resolve(s, cfg)
    elif a == A_NOPE:
        lose(s, cfg, seat, NOPE)
        s[P_NOPES + s[P_NNOPES]] = seat
        s[P_NNOPES] += 1
        _open_window(s, cfg)
    elif a < A_FAVOR:
        kind = a - A_PLAY
        lose(s, cfg, seat, kind)
        pk = PK_ATTACK if kind == ATTACK else (PK_SKIP if kind == SKIP else (PK_SHUFFLE if kind == SHUFFLE else PK_SEE))
        _pend(s, pk, seat, -1)
        s[P_CARDS] = kind
        s[P_NCARDS] = 1
        _open_window(s, cfg)
    elif a < A_PAIR:
        lose(s, cfg, seat, FAVOR)
        _pend(s, PK_FAVOR, seat, a - A_FAVOR)
        s[P_CARDS] = FAVOR
        s[P_NCARDS] = 1
        _open_window(s, cfg)
    elif a < A_TRIPLE:
        kind, target = (a - A_PAIR) // 10, (a - A_PAIR) % 10
        _pend(s, PK_PAIR, seat, target)
        for i in range(2):
            lose(s, cfg, seat, kind)
            s[P_CARDS + i] = kind
        s[P_NCARDS] = 2
        _open_window(s, cfg)
    elif a < A_NAME:
        kind, target = (a - A_TRIPLE) // 10, (a - A_TRIPLE) % 10
        _pend(s, PK_TRIPLE, seat, target)
        for i in range(3):
            lose(s, cfg, seat, kind)
            s[P_CARDS + i] = kind
        s[P_NCARDS] = 3
        s[PHASE] = NAME
    elif a < A_GIVE:
        s[P_NAMED] = a - A_NAME
        _open_window(s, cfg)
    elif a < A_FIVE:
        transfer_private(s, cfg, seat, s[P_ACTOR], a - A_GIVE)
        _back_to_turn(s)
    elif a < A_TAKE:
        kind = a - A_FIVE
        lose(s, cfg, seat, kind)
        if s[P_KIND] < 0:
            _pend(s, PK_FIVE, seat, -1)
        s[P_CARDS + s[P_NCARDS]] = kind
        s[P_NCARDS] += 1
        if s[P_NCARDS] == 5:
            _open_window(s, cfg)
        else:
            s[PHASE] = FIVE
    elif a < A_PLACE:
        _take(s, cfg, seat, a - A_TAKE)
    else:
        _place(s, cfg, seat, a - A_PLACE)


@njit
def _pend(s: Arr, kind: int, actor: int, target: int) -> None:
    s[P_KIND], s[P_ACTOR], s[P_TARGET], s[P_NAMED] = kind, actor, target, -1
    s[P_NCARDS] = 0
    s[P_NNOPES] = 0


@njit
def _open_window(s: Arr, cfg: Arr) -> None:
    s[PHASE] = WINDOW
    s[UNDECIDED] = living_mask(s, cfg)


@njit
def _back_to_turn(s: Arr) -> None:
    s[P_KIND] = -1
    s[P_ACTOR] = 0
    s[P_NCARDS] = 0
    s[P_NNOPES] = 0
    s[P_TARGET] = -1
    s[P_NAMED] = -1
    s[PHASE] = TURN


@njit
def _start_turn(s: Arr, seat: int, owed: int, attacked: int) -> None:
    s[CURRENT], s[OWED], s[ATTACKED] = seat, owed, attacked
    _back_to_turn(s)


@njit
def _end_one_turn(s: Arr, cfg: Arr) -> None:
    s[OWED] -= 1
    _back_to_turn(s)
    if s[OWED] <= 0:
        _start_turn(s, next_living(s, cfg, s[CURRENT]), 1, 0)


@njit
def _draw(s: Arr, cfg: Arr, seat: int) -> None:
    top = s[PILE_LEN] - 1
    card = s[PILE + top]
    knowers = s[PKNOWN + top]
    if knowers and card != KITTEN:  # whoever knew the top card learns what the drawer holds
        for knower in range(cfg[C_PLAYERS]):
            if (knowers >> knower) & 1 and knower != seat:
                gain(s, cfg, knower, seat, card)
    s[PKNOWN + top] = 0
    s[PILE + top] = 0
    s[PILE_LEN] = top
    if card != KITTEN:
        s[HAND + NK * seat + card] += 1
        _end_one_turn(s, cfg)
    elif s[HAND + NK * seat + DEFUSE] > 0:
        lose(s, cfg, seat, DEFUSE)
        s[PHASE] = PLACE
    else:
        _explode(s, cfg, seat)


@njit
def _explode(s: Arr, cfg: Arr, seat: int) -> None:
    h = HAND + NK * seat
    if cfg[C_DISCARD_EXPLODED]:
        for k in range(NK):
            for _ in range(s[h + k]):
                _discard(s, k)
            s[h + k] = 0
        _discard(s, KITTEN)
        for knower in range(cfg[C_PLAYERS]):  # forget_holder
            at = hk(cfg, knower, seat)
            for k in range(NK):
                s[at + k] = 0
    else:
        s[REMOVED + KITTEN] += 1
    s[OUT + s[OUT_LEN]] = seat
    s[OUT_LEN] += 1
    s[OUTMASK] |= 1 << seat
    _back_to_turn(s)
    if s[OUT_LEN] == cfg[C_PLAYERS] - 1:
        s[PHASE] = OVER
        return
    _start_turn(s, next_living(s, cfg, seat), 1, 0)


@njit
def _place(s: Arr, cfg: Arr, seat: int, position: int) -> None:
    """Put the defused Kitten back ``position`` cards from the top; only the placer still knows the order."""
    size = s[PILE_LEN]
    at = size - position  # its slot, counted from the bottom
    for i in range(size, at, -1):
        s[PILE + i] = s[PILE + i - 1]
        s[PKNOWN + i] = s[PKNOWN + i - 1]
    s[PILE + at] = KITTEN
    s[PKNOWN + at] = 1 << seat
    s[PILE_LEN] = size + 1
    mine = 1 << seat
    for i in range(size + 1):
        s[PKNOWN + i] &= mine
    _end_one_turn(s, cfg)


@njit
def _resolve(s: Arr, cfg: Arr) -> None:
    s[UNDECIDED] = 0
    kind = s[P_KIND]
    if s[P_NNOPES] % 2 == 1:
        _back_to_turn(s)
    elif kind == PK_SKIP:
        _end_one_turn(s, cfg)
    elif kind == PK_ATTACK:
        owed = ((s[OWED] if s[ATTACKED] else 0) + 2) if cfg[C_STACKING] else 2
        _start_turn(s, next_living(s, cfg, s[CURRENT]), owed, 1)
    elif kind == PK_SHUFFLE:
        s[COUNTER] += 1
        for i in range(s[PILE_LEN]):
            s[PKNOWN + i] = 0
        _back_to_turn(s)
        s[NEED] = NEED_SHUFFLE
    elif kind == PK_SEE:
        bit = 1 << s[P_ACTOR]
        size = s[PILE_LEN]
        for i in range(max(size - 3, 0), size):
            s[PKNOWN + i] |= bit
        _back_to_turn(s)
    elif kind == PK_FAVOR:
        if hand_size(s, s[P_TARGET]) == 0:
            _back_to_turn(s)
        else:
            s[PHASE] = GIVE_PHASE
    elif kind == PK_PAIR:
        target, actor = s[P_TARGET], s[P_ACTOR]
        _back_to_turn(s)
        if hand_size(s, target) > 0:
            s[COUNTER] += 1
            s[STEAL_FROM], s[STEAL_TO] = target, actor
            s[NEED] = NEED_STEAL
    elif kind == PK_TRIPLE:
        giver, taker, named = s[P_TARGET], s[P_ACTOR], s[P_NAMED]
        if s[HAND + NK * giver + named] > 0:
            s[HAND + NK * giver + named] -= 1
            s[HAND + NK * taker + named] += 1
            lose_known_kind(s, cfg, giver, named)
            for knower in range(cfg[C_PLAYERS]):
                gain(s, cfg, knower, taker, named)
        _back_to_turn(s)
    else:
        s[PHASE] = TAKE


@njit
def _take(s: Arr, cfg: Arr, seat: int, kind: int) -> None:
    """The five-card combo's prize: the last card of ``kind`` in the discard pile, taken in sight of all."""
    size = s[DISC_LEN]
    last = size - 1
    while s[DISC + last] != kind:
        last -= 1
    for i in range(last, size - 1):
        s[DISC + i] = s[DISC + i + 1]
    s[DISC + size - 1] = 0
    s[DISC_LEN] = size - 1
    s[DCOUNT + kind] -= 1
    s[HAND + NK * seat + kind] += 1
    for knower in range(cfg[C_PLAYERS]):
        gain(s, cfg, knower, seat, kind)
    _back_to_turn(s)


@njit
def transfer_private(s: Arr, cfg: Arr, giver: int, taker: int, kind: int) -> None:
    """A card passes unseen by the table: only the two players learn which (rules.transfer_private)."""
    s[HAND + NK * giver + kind] -= 1
    s[HAND + NK * taker + kind] += 1
    lose_unseen(s, cfg, giver, giver, taker)
    at = hk(cfg, taker, giver) + kind
    if s[at] > 0:
        s[at] -= 1
    gain(s, cfg, giver, taker, kind)


@njit
def winner(s: Arr, cfg: Arr) -> int:
    """The last seat standing once the game is over, else -1."""
    if s[PHASE] != OVER:
        return -1
    for seat in range(cfg[C_PLAYERS]):
        if not is_out(s, seat):
            return seat
    return -1
