"""The Kittens kernel from one seat's side: the heuristic policy, the default policies, and re-dealing
what the seat cannot know. Split from ``kernel.py`` (the rules) only to keep files small."""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.core.compiled_random import shuffle
from cardroom.games.kittens import kernel as k  # the layout and the rules' helpers, as k.NAME

ESCAPE_RISK = 0.25  # bot.py's thresholds
LOOK_RISK = 0.12
RETRIES = 50  # hidden.py's: deals that leave another seat unable to act are dealt again

# -- the heuristic bot, on arrays --------------------------------------------------------------------


#: ``bot.card_value`` of every kind that is not a cat (-1: a cat, worth more as a pair).
KEEP_VALUES = np.full(k.NK, -1, np.int64)
for _kind, _value in (
    (k.DEFUSE, 100),
    (k.ATTACK, 50),
    (k.NOPE, 45),
    (k.SKIP, 40),
    (k.SEE, 30),
    (k.SHUFFLE, 25),
    (k.FAVOR, 20),
):
    KEEP_VALUES[_kind] = _value


@njit
def card_value(s: k.Arr, seat: int, kind: int) -> int:
    """``bot.card_value``: how much the bot wants to keep a card; a cat is worth more as a pair."""
    if KEEP_VALUES[kind] >= 0:
        return int(KEEP_VALUES[kind])
    return 12 if s[k.HAND + k.NK * seat + kind] >= 2 else 5


@njit
def _has(moves: k.Arr, n: int, a: int) -> bool:
    for i in range(n):  # noqa: SIM110 (Numba compiles no generator expressions)
        if moves[i] == a:
            return True
    return False


@njit
def top_risk(s: k.Arr, seat: int) -> float:
    """``bot.top_risk``: the chance the next card drawn is a Kitten, from what ``seat`` knows."""
    size = s[k.PILE_LEN]
    bit = 1 << seat
    if size > 0 and s[k.PKNOWN + size - 1] & bit:
        return 1.0 if s[k.PILE + size - 1] == k.KITTEN else 0.0
    kittens = 0
    known = 0
    for i in range(size):
        if s[k.PILE + i] == k.KITTEN:
            kittens += 1
        if s[k.PKNOWN + i] & bit:
            known += 1
            if s[k.PILE + i] == k.KITTEN:
                kittens -= 1
    unknown = size - known
    return kittens / unknown if unknown > 0 else 0.0


@njit
def _best_by_value(s: k.Arr, seat: int, moves: k.Arr, n: int, base: int, lowest: bool) -> int:
    """The first legal action of ``base + kind`` with the lowest (or highest) card value; -1 if none."""
    best, best_value = -1, 0
    for i in range(n):
        a = moves[i]
        if base <= a < base + k.NK:
            v = card_value(s, seat, a - base)
            if best < 0 or (v < best_value if lowest else v > best_value):
                best, best_value = a, v
    return int(best)


@njit
def _likely_defuse_holder(s: k.Arr, cfg: k.Arr, me: int) -> int:
    best, best_size, best_next = -1, -1, False
    after = k.next_living(s, cfg, me)
    for t in range(cfg[k.C_PLAYERS]):
        size = k.hand_size(s, t)
        if t == me or k.is_out(s, t) or size == 0:
            continue
        if s[k.hk(cfg, me, t) + k.DEFUSE] > 0:
            return t
    for t in range(cfg[k.C_PLAYERS]):
        size = k.hand_size(s, t)
        if t == me or k.is_out(s, t) or size == 0:
            continue
        nxt = t == after
        if best < 0 or size > best_size or (size == best_size and nxt and not best_next):
            best, best_size, best_next = t, size, nxt
    return best


#: ``bot.STEAL_WITH``: the kinds spent on two or three of a kind, in its order.
STEAL_WITH = np.array([*range(k.FIRST_CAT, k.NK), k.FAVOR, k.SHUFFLE], np.int64)


@njit
def _steal(s: k.Arr, cfg: k.Arr, seat: int, moves: k.Arr, n: int) -> int:
    """A play that takes a card, maybe a Defuse (``HeuristicBot._steal``); -1 if none."""
    target = _likely_defuse_holder(s, cfg, seat)
    if target < 0:
        return -1
    for base in (k.A_TRIPLE, k.A_PAIR):
        for kind in STEAL_WITH:
            a = base + kind * 10 + target
            if _has(moves, n, a):
                return int(a)
    if _has(moves, n, k.A_FAVOR + target):
        return k.A_FAVOR + target
    if s[k.DCOUNT + k.DEFUSE] > 0 and s[k.HAND + k.NK * seat + k.DEFUSE] == 0:
        return _best_by_value(s, seat, moves, n, k.A_FIVE, True)
    return -1


@njit
def _turn(s: k.Arr, cfg: k.Arr, seat: int, moves: k.Arr, n: int) -> int:
    risk = top_risk(s, seat)
    has_defuse = s[k.HAND + k.NK * seat + k.DEFUSE] > 0
    size = s[k.PILE_LEN]
    known_top = size > 0 and ((s[k.PKNOWN + size - 1] >> seat) & 1) == 1
    steal = _steal(s, cfg, seat, moves, n)
    if risk >= 1.0:
        for kind in (k.ATTACK, k.SKIP, k.SHUFFLE):
            if _has(moves, n, k.A_PLAY + kind):
                return k.A_PLAY + kind
        return steal if steal >= 0 else k.A_DRAW
    if steal >= 0:
        return steal
    if risk == 0.0 and known_top:
        return k.A_DRAW
    if not known_top and risk >= LOOK_RISK and _has(moves, n, k.A_PLAY + k.SEE):
        return k.A_PLAY + k.SEE
    if not has_defuse and risk >= ESCAPE_RISK:
        for kind in (k.ATTACK, k.SKIP):
            if _has(moves, n, k.A_PLAY + kind):
                return k.A_PLAY + kind
    elif has_defuse and s[k.OWED] > 1 and risk >= ESCAPE_RISK and _has(moves, n, k.A_PLAY + k.ATTACK):
        return k.A_PLAY + k.ATTACK
    return k.A_DRAW


@njit
def _window(s: k.Arr, cfg: k.Arr, me: int, moves: k.Arr, n: int) -> int:
    if moves[0] != k.A_NOPE:
        return k.A_PASS
    h = k.HAND + k.NK * me
    has_defuse = s[h + k.DEFUSE] > 0
    stands = s[k.P_NNOPES] % 2 == 0
    actor, kind = s[k.P_ACTOR], s[k.P_KIND]
    if actor == me:
        needed = (kind in (k.PK_ATTACK, k.PK_SKIP)) and (top_risk(s, me) >= ESCAPE_RISK or not has_defuse)
        needed = needed or ((kind in (k.PK_TRIPLE, k.PK_FIVE)) and not has_defuse)
        return k.A_NOPE if not stands and needed else k.A_PASS
    if not stands:
        return k.A_PASS
    if kind == k.PK_ATTACK and k.next_living(s, cfg, actor) == me:
        return k.A_NOPE
    if kind == k.PK_FIVE or (s[k.P_TARGET] == me and kind in (k.PK_PAIR, k.PK_TRIPLE, k.PK_FAVOR)):
        return k.A_NOPE
    return k.A_PASS


@njit
def heuristic(s: k.Arr, cfg: k.Arr, seat: int, moves: k.Arr, n: int) -> int:
    """The action ``HeuristicBot`` (bot.py) chooses, from what the seat knows; ``moves[:n]`` is legal."""
    if n == 1:
        return int(moves[0])
    phase = s[k.PHASE]
    if phase == k.TURN:
        return _turn(s, cfg, seat, moves, n)
    if phase == k.WINDOW:
        return _window(s, cfg, seat, moves, n)
    if phase == k.GIVE_PHASE:
        return _best_by_value(s, seat, moves, n, k.A_GIVE, True)
    if phase == k.FIVE:
        return _best_by_value(s, seat, moves, n, k.A_FIVE, True)
    if phase == k.NAME:
        return k.A_NAME + k.DEFUSE
    if phase == k.TAKE:
        return _best_by_value(s, seat, moves, n, k.A_TAKE, False)
    if phase == k.PLACE:
        return int(k.A_PLACE + min(s[k.OWED] - 1, s[k.PILE_LEN]))
    return int(moves[0])


# -- dealing what one seat cannot know ---------------------------------------------------------------


@njit
def determinize(s: k.Arr, cfg: k.Arr, seat: int, rng: k.Arr) -> None:
    """Re-deal, in place, every card ``seat`` cannot know, by ``hidden.sample``'s rules: its own hand,
    the public table, the pile positions it knows and the cards it knows others hold stay; the other
    hands keep their sizes; Kittens go only to unknown pile positions; the other seats' knowledge is
    dropped (a sampled world's seats know only what the searching seat knows they know: nothing). A deal
    that leaves another acting seat without a legal action (midway through five icons) is dealt again.
    """
    players = cfg[k.C_PLAYERS]
    bit = 1 << seat
    size = s[k.PILE_LEN]
    for i in range(size):
        s[k.PKNOWN + i] &= bit
    for knower in range(players):
        if knower != seat:
            at = k.hk(cfg, knower, 0)
            for i in range(players * k.NK):
                s[at + i] = 0
    pool = np.zeros(k.MAX_PILE, np.int64)  # the non-Kitten cards to deal again
    m = 0
    kittens = 0
    unknown = np.zeros(k.MAX_PILE, np.int64)  # pile slots seat does not know
    u = 0
    for i in range(size):
        if not s[k.PKNOWN + i] & bit:
            unknown[u] = i
            u += 1
            if s[k.PILE + i] == k.KITTEN:
                kittens += 1
            else:
                pool[m] = s[k.PILE + i]
                m += 1
    missing = np.zeros(players, np.int64)
    for holder in range(players):
        if holder == seat:
            continue
        h, known = k.HAND + k.NK * holder, k.hk(cfg, seat, holder)
        for kind in range(k.NK):
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
def _deal(s: k.Arr, cfg: k.Arr, seat: int, pool: k.Arr, m: int, unknown: k.Arr, u: int, kittens: int, missing: k.Arr,
          rng: k.Arr) -> None:  # fmt: skip
    shuffle(pool, 0, m, rng)
    shuffle(unknown, 0, u, rng)  # which unknown slots get the Kittens: the first ``kittens`` after this
    at = 0
    for i in range(u):
        if i < kittens:
            s[k.PILE + unknown[i]] = k.KITTEN
        else:
            s[k.PILE + unknown[i]] = pool[at]
            at += 1
    for holder in range(cfg[k.C_PLAYERS]):
        if holder == seat:
            continue
        h, known = k.HAND + k.NK * holder, k.hk(cfg, seat, holder)
        for kind in range(k.NK):
            s[h + kind] = s[known + kind]
        for _ in range(missing[holder]):
            s[h + pool[at]] += 1
            at += 1


@njit
def _others_can_move(s: k.Arr, seat: int) -> bool:
    """False only midway through five icons of another seat that holds no kind left to choose."""
    if s[k.PHASE] != k.FIVE or s[k.P_ACTOR] == seat:
        return True
    h = k.HAND + k.NK * s[k.P_ACTOR]
    for kind in range(k.NK):  # noqa: SIM110 (Numba compiles no generator expressions)
        if s[h + kind] > 0 and not k.chosen_for_five(s, kind):
            return True
    return False
