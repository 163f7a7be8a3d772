"""The Kittens kernel from one seat's side: the heuristic policy, the default policies, and re-dealing
what the seat cannot know. Split from ``kernel.py`` (the rules) only to keep files small."""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import shuffle
from cardroom.games.kittens.kernel import (
    A_DRAW,
    A_FAVOR,
    A_FIVE,
    A_GIVE,
    A_NAME,
    A_NOPE,
    A_PAIR,
    A_PASS,
    A_PLACE,
    A_PLAY,
    A_TAKE,
    A_TRIPLE,
    ATTACK,
    C_PLAYERS,
    DCOUNT,
    DEFUSE,
    FAVOR,
    FIRST_CAT,
    FIVE,
    GIVE_PHASE,
    HAND,
    KITTEN,
    MAX_PILE,
    NAME,
    NK,
    NOPE,
    OWED,
    P_ACTOR,
    P_KIND,
    P_NNOPES,
    P_TARGET,
    PHASE,
    PILE,
    PILE_LEN,
    PK_ATTACK,
    PK_FAVOR,
    PK_FIVE,
    PK_PAIR,
    PK_SKIP,
    PK_TRIPLE,
    PKNOWN,
    PLACE,
    SEE,
    SHUFFLE,
    SKIP,
    TAKE,
    TURN,
    WINDOW,
    Arr,
    chosen_for_five,
    hand_size,
    hk,
    is_out,
    next_living,
)

ESCAPE_RISK = 0.25  # bot.py's thresholds
LOOK_RISK = 0.12
RETRIES = 50  # hidden.py's: deals that leave another seat unable to act are dealt again

# -- the heuristic bot, on arrays --------------------------------------------------------------------


#: ``bot.card_value`` of every kind that is not a cat (-1: a cat, worth more as a pair).
KEEP_VALUES = np.full(NK, -1, np.int64)
for _kind, _value in ((DEFUSE, 100), (ATTACK, 50), (NOPE, 45), (SKIP, 40), (SEE, 30), (SHUFFLE, 25), (FAVOR, 20)):
    KEEP_VALUES[_kind] = _value


@njit
def card_value(s: Arr, seat: int, kind: int) -> int:
    """``bot.card_value``: how much the bot wants to keep a card; a cat is worth more as a pair."""
    if KEEP_VALUES[kind] >= 0:
        return int(KEEP_VALUES[kind])
    return 12 if s[HAND + NK * seat + kind] >= 2 else 5


@njit
def _has(moves: Arr, n: int, a: int) -> bool:
    for i in range(n):  # noqa: SIM110 (Numba compiles no generator expressions)
        if moves[i] == a:
            return True
    return False


@njit
def top_risk(s: Arr, seat: int) -> float:
    """``bot.top_risk``: the chance the next card drawn is a Kitten, from what ``seat`` knows."""
    size = s[PILE_LEN]
    bit = 1 << seat
    if size > 0 and s[PKNOWN + size - 1] & bit:
        return 1.0 if s[PILE + size - 1] == KITTEN else 0.0
    kittens = 0
    known = 0
    for i in range(size):
        if s[PILE + i] == KITTEN:
            kittens += 1
        if s[PKNOWN + i] & bit:
            known += 1
            if s[PILE + i] == KITTEN:
                kittens -= 1
    unknown = size - known
    return kittens / unknown if unknown > 0 else 0.0


@njit
def _best_by_value(s: Arr, seat: int, moves: Arr, n: int, base: int, lowest: bool) -> int:
    """The first legal action of ``base + kind`` with the lowest (or highest) card value; -1 if none."""
    best, best_value = -1, 0
    for i in range(n):
        a = moves[i]
        if base <= a < base + NK:
            v = card_value(s, seat, a - base)
            if best < 0 or (v < best_value if lowest else v > best_value):
                best, best_value = a, v
    return int(best)


@njit
def _likely_defuse_holder(s: Arr, cfg: Arr, me: int) -> int:
    best, best_size, best_next = -1, -1, False
    after = next_living(s, cfg, me)
    for t in range(cfg[C_PLAYERS]):
        size = hand_size(s, t)
        if t == me or is_out(s, t) or size == 0:
            continue
        if s[hk(cfg, me, t) + DEFUSE] > 0:
            return t
    for t in range(cfg[C_PLAYERS]):
        size = hand_size(s, t)
        if t == me or is_out(s, t) or size == 0:
            continue
        nxt = t == after
        if best < 0 or size > best_size or (size == best_size and nxt and not best_next):
            best, best_size, best_next = t, size, nxt
    return best


#: ``bot.STEAL_WITH``: the kinds spent on two or three of a kind, in its order.
STEAL_WITH = np.array([*range(FIRST_CAT, NK), FAVOR, SHUFFLE], np.int64)


@njit
def _steal(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int) -> int:
    """A play that takes a card, maybe a Defuse (``HeuristicBot._steal``); -1 if none."""
    target = _likely_defuse_holder(s, cfg, seat)
    if target < 0:
        return -1
    for base in (A_TRIPLE, A_PAIR):
        for kind in STEAL_WITH:
            a = base + kind * 10 + target
            if _has(moves, n, a):
                return int(a)
    if _has(moves, n, A_FAVOR + target):
        return A_FAVOR + target
    if s[DCOUNT + DEFUSE] > 0 and s[HAND + NK * seat + DEFUSE] == 0:
        return _best_by_value(s, seat, moves, n, A_FIVE, True)
    return -1


@njit
def _turn(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int) -> int:
    risk = top_risk(s, seat)
    has_defuse = s[HAND + NK * seat + DEFUSE] > 0
    size = s[PILE_LEN]
    known_top = size > 0 and ((s[PKNOWN + size - 1] >> seat) & 1) == 1
    steal = _steal(s, cfg, seat, moves, n)
    if risk >= 1.0:
        for kind in (ATTACK, SKIP, SHUFFLE):
            if _has(moves, n, A_PLAY + kind):
                return A_PLAY + kind
        return steal if steal >= 0 else A_DRAW
    if steal >= 0:
        return steal
    if risk == 0.0 and known_top:
        return A_DRAW
    if not known_top and risk >= LOOK_RISK and _has(moves, n, A_PLAY + SEE):
        return A_PLAY + SEE
    if not has_defuse and risk >= ESCAPE_RISK:
        for kind in (ATTACK, SKIP):
            if _has(moves, n, A_PLAY + kind):
                return A_PLAY + kind
    elif has_defuse and s[OWED] > 1 and risk >= ESCAPE_RISK and _has(moves, n, A_PLAY + ATTACK):
        return A_PLAY + ATTACK
    return A_DRAW


@njit
def _window(s: Arr, cfg: Arr, me: int, moves: Arr, n: int) -> int:
    if moves[0] != A_NOPE:
        return A_PASS
    h = HAND + NK * me
    has_defuse = s[h + DEFUSE] > 0
    stands = s[P_NNOPES] % 2 == 0
    actor, kind = s[P_ACTOR], s[P_KIND]
    if actor == me:
        needed = (kind in (PK_ATTACK, PK_SKIP)) and (top_risk(s, me) >= ESCAPE_RISK or not has_defuse)
        needed = needed or ((kind in (PK_TRIPLE, PK_FIVE)) and not has_defuse)
        return A_NOPE if not stands and needed else A_PASS
    if not stands:
        return A_PASS
    if kind == PK_ATTACK and next_living(s, cfg, actor) == me:
        return A_NOPE
    if kind == PK_FIVE or (s[P_TARGET] == me and kind in (PK_PAIR, PK_TRIPLE, PK_FAVOR)):
        return A_NOPE
    return A_PASS


@njit
def heuristic(s: Arr, cfg: Arr, seat: int, moves: Arr, n: int) -> int:
    """The action ``HeuristicBot`` (bot.py) chooses, from what the seat knows; ``moves[:n]`` is legal."""
    if n == 1:
        return int(moves[0])
    phase = s[PHASE]
    if phase == TURN:
        return _turn(s, cfg, seat, moves, n)
    if phase == WINDOW:
        return _window(s, cfg, seat, moves, n)
    if phase == GIVE_PHASE:
        return _best_by_value(s, seat, moves, n, A_GIVE, True)
    if phase == FIVE:
        return _best_by_value(s, seat, moves, n, A_FIVE, True)
    if phase == NAME:
        return A_NAME + DEFUSE
    if phase == TAKE:
        return _best_by_value(s, seat, moves, n, A_TAKE, False)
    if phase == PLACE:
        return int(A_PLACE + min(s[OWED] - 1, s[PILE_LEN]))
    return int(moves[0])


# -- dealing what one seat cannot know ---------------------------------------------------------------


@njit
def determinize(s: Arr, cfg: Arr, seat: int, rng: Arr) -> None:
    """Re-deal, in place, every card ``seat`` cannot know, by ``hidden.sample``'s rules: its own hand,
    the public table, the pile positions it knows and the cards it knows others hold stay; the other
    hands keep their sizes; Kittens go only to unknown pile positions; the other seats' knowledge is
    dropped (a sampled world's seats know only what the searching seat knows they know: nothing). A deal
    that leaves another acting seat without a legal action (midway through five icons) is dealt again.
    """
    players = cfg[C_PLAYERS]
    bit = 1 << seat
    size = s[PILE_LEN]
    for i in range(size):
        s[PKNOWN + i] &= bit
    for knower in range(players):
        if knower != seat:
            at = hk(cfg, knower, 0)
            for i in range(players * NK):
                s[at + i] = 0
    pool = np.zeros(MAX_PILE, np.int64)  # the non-Kitten cards to deal again
    m = 0
    kittens = 0
    unknown = np.zeros(MAX_PILE, np.int64)  # pile slots seat does not know
    u = 0
    for i in range(size):
        if not s[PKNOWN + i] & bit:
            unknown[u] = i
            u += 1
            if s[PILE + i] == KITTEN:
                kittens += 1
            else:
                pool[m] = s[PILE + i]
                m += 1
    missing = np.zeros(players, np.int64)
    for holder in range(players):
        if holder == seat:
            continue
        h, known = HAND + NK * holder, hk(cfg, seat, holder)
        for kind in range(NK):
            extra = s[h + kind] - s[known + kind]
            for _ in range(extra):
                pool[m] = kind
                m += 1
            missing[holder] += extra
    for _ in range(RETRIES):
        _deal(s, cfg, seat, pool, m, unknown, u, kittens, missing, rng)
        if _others_can_move(s, seat):
            break


@njit
def _deal(s: Arr, cfg: Arr, seat: int, pool: Arr, m: int, unknown: Arr, u: int, kittens: int, missing: Arr,
          rng: Arr) -> None:  # fmt: skip
    shuffle(pool, 0, m, rng)
    shuffle(unknown, 0, u, rng)  # which unknown slots get the Kittens: the first ``kittens`` after this
    at = 0
    for i in range(u):
        if i < kittens:
            s[PILE + unknown[i]] = KITTEN
        else:
            s[PILE + unknown[i]] = pool[at]
            at += 1
    for holder in range(cfg[C_PLAYERS]):
        if holder == seat:
            continue
        h, known = HAND + NK * holder, hk(cfg, seat, holder)
        for kind in range(NK):
            s[h + kind] = s[known + kind]
        for _ in range(missing[holder]):
            s[h + pool[at]] += 1
            at += 1


@njit
def _others_can_move(s: Arr, seat: int) -> bool:
    """False only midway through five icons of another seat that holds no kind left to choose."""
    if s[PHASE] != FIVE or s[P_ACTOR] == seat:
        return True
    h = HAND + NK * s[P_ACTOR]
    for kind in range(NK):  # noqa: SIM110 (Numba compiles no generator expressions)
        if s[h + kind] > 0 and not chosen_for_five(s, kind):
            return True
    return False
