"""T.A.C.O.'s kernel from one seat's side: the heuristic bot's scores and the default policies
(re-dealing what the seat cannot know is ``kernel_unseen.py``).

:func:`score` is ``_Judge.score`` of ``bot.py`` on the array, with the same arithmetic in the same order,
so the differential test compares every legal action's score exactly. The bot breaks ties between
equal best scores with its ``rng.random()``; the kernel breaks them with its own generator, uniformly,
which is the same distribution. It reads only what the seat's view shows: tacos and their points, the
pool, totals, the discard pile, hand sizes, its own hand and the decision on the table.
"""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.games.taco import kernel as k  # the layout and the rules' helpers, as k.NAME


@njit
def effect_value(e: int) -> float:
    """``bot.EFFECT_VALUE`` by effect code."""
    if e in (k.E_PLAY_ANOTHER, k.E_DESTROY, k.E_REVIVE):
        return 1.5
    if e in (k.E_PLACE_INGREDIENT, k.E_DRAW):
        return 0.8
    if e == k.E_STEAL:
        return 2.5
    if e in (k.E_SWAP, k.E_RETURN, k.E_TAKE_RANDOM):
        return 1.0
    if e == k.E_MAKE_DISCARD:
        return 0.5
    return 0.0


@njit
def harmful(e: int) -> bool:
    return e in (k.E_DESTROY, k.E_STEAL, k.E_SWAP, k.E_RETURN, k.E_TAKE_RANDOM, k.E_MAKE_DISCARD)


@njit
def sp(cfg: k.Arr, spec: int, a: int) -> int:
    return int(cfg[k.C_SPEC + a * k.MAXS + spec])


@njit
def _ingredient(cfg: k.Arr, spec: int) -> bool:
    return sp(cfg, spec, k.S_TYPE) in (k.BASIC, k.SUPERSTAR)


@njit
def _standing(s: k.Arr, cfg: k.Arr, out: np.ndarray) -> None:
    for p in range(cfg[k.C_N]):
        out[p] = s[k.TOTALS + p] + k.taco_points(s, p)


@njit
def _leader(cfg: k.Arr, me: int, standing: np.ndarray) -> int:
    best, who = -(1 << 40), -1
    for p in range(cfg[k.C_N]):
        if p != me and standing[p] > best:
            best, who = standing[p], p
    return who


# predicates for best_taco_card / own_has: 0 ingredient (of kind, -1 any), 1 poison, 2 ingredient with
# points < 0, 3 ingredient with points >= 2
@njit
def _fits(cfg: k.Arr, spec: int, pred: int, kind: int) -> bool:
    if pred == 1:
        return sp(cfg, spec, k.S_TYPE) == k.POISON
    if not _ingredient(cfg, spec):
        return False
    if pred == 0:
        return kind < 0 or kind == sp(cfg, spec, k.S_FOOD)
    if pred == 2:
        return sp(cfg, spec, k.S_POINTS) < 0
    return sp(cfg, spec, k.S_POINTS) >= 2


@njit
def _best_taco_card(s: k.Arr, cfg: k.Arr, me: int, leader: int, pred: int, kind: int) -> float:
    best = 0.0
    for p in range(cfg[k.C_N]):
        if p == me:
            continue
        w = 1.5 if p == leader else 1.0
        at = k.taco_at(p)
        for i in range(1, s[k.TACO_LEN + p]):
            c = s[at + i]
            if _fits(cfg, int(cfg[k.C_CARD_SPEC + c]), pred, kind):
                best = max(best, s[k.POINTS + c] * w)
    return best


@njit
def _own_has(s: k.Arr, cfg: k.Arr, me: int, pred: int) -> bool:
    at = k.taco_at(me)
    found = False
    for i in range(1, s[k.TACO_LEN + me]):
        found = found or _fits(cfg, int(cfg[k.C_CARD_SPEC + s[at + i]]), pred, -1)
    return found


@njit
def _gain(s: k.Arr, cfg: k.Arr, spec: int) -> float:
    points = sp(cfg, spec, k.S_POINTS)
    pts = min(points, s[k.POOL]) if points > 0 else points
    return pts + effect_value(sp(cfg, spec, k.S_EFFECT))


@njit
def keep_value(cfg: k.Arr, spec: int) -> float:
    t = sp(cfg, spec, k.S_TYPE)
    if t == k.INSTANT:
        return 6.0
    if t == k.ACTION:
        return 3.0
    if t == k.POISON:
        return 2.0
    points = sp(cfg, spec, k.S_POINTS)
    if points < 0:
        return 2.5
    return points + effect_value(sp(cfg, spec, k.S_EFFECT))


@njit
def score(s: k.Arr, cfg: k.Arr, me: int, a: int) -> float:
    """``_Judge.score`` of action ``a`` for seat ``me``."""
    standing = np.zeros(k.MAXP, np.int64)
    _standing(s, cfg, standing)
    return score_given(s, cfg, me, a, _leader(cfg, me, standing), standing)


@njit
def score_given(s: k.Arr, cfg: k.Arr, me: int, a: int, leader: int, standing: np.ndarray) -> float:
    """:func:`score` with the standings (totals plus taco points) and the leader worked out once."""
    verb = cfg[k.C_ACT_VERB + a]
    spec = int(cfg[k.C_ACT_SPEC + a])
    seat = int(cfg[k.C_ACT_SEAT + a])
    at = k.top(s)
    kind = s[at]
    if verb in (k.VERB_HAIL, k.VERB_ACCENT):
        return 10.0
    if verb == k.VERB_PLAY:
        return _score_play(s, cfg, me, leader, spec, seat)
    if verb == k.VERB_USE:
        return _score_use(s, cfg, me, leader, spec)
    if verb == k.VERB_INSTANT:
        return _score_instant(s, cfg, me, leader, standing, spec)
    if verb == k.VERB_TARGET:
        return _score_target(s, cfg, me, leader, at, spec, seat)
    if verb == k.VERB_CHOOSE:
        return float(s[k.HAND_LEN + seat] * 0.1 + (1.5 if seat == leader else 1.0))
    if verb == k.VERB_DISCARD:
        return -keep_value(cfg, spec) + (0.0 if kind != k.T_HAIL else -5.0)
    return 0.0  # end, pass


@njit
def _score_play(s: k.Arr, cfg: k.Arr, me: int, leader: int, spec: int, seat: int) -> float:
    w = 1.5 if seat == leader else 1.0
    mine = seat == me
    t = sp(cfg, spec, k.S_TYPE)
    if t == k.POISON:
        return -4.0 if mine else 2.0 * w
    points = sp(cfg, spec, k.S_POINTS)
    value = _gain(s, cfg, spec)
    if t == k.SHELL:
        current = s[k.POINTS + s[k.taco_at(seat)]]
        value = min(points, s[k.POOL] + current) - current + effect_value(sp(cfg, spec, k.S_EFFECT))
    if mine:
        return value
    if points < 0:
        return -points * w - 0.5
    return -value * w - 1.0


@njit
def _score_use(s: k.Arr, cfg: k.Arr, me: int, leader: int, spec: int) -> float:
    e = sp(cfg, spec, k.S_EFFECT)
    kind = sp(cfg, spec, k.S_KIND)
    if e == k.E_DRAW:
        return 0.9 * sp(cfg, spec, k.S_COUNT)
    if e == k.E_DESTROY and sp(cfg, spec, k.S_WHAT) == k.WHAT_POISON:
        return 3.0 if _own_has(s, cfg, me, 1) else -1.0
    if e == k.E_DESTROY:
        best = _best_taco_card(s, cfg, me, leader, 0, kind)
        if _own_has(s, cfg, me, 2):
            best = max(best, 2.0)
        return best - 0.5
    if e == k.E_STEAL:
        return 2 * _best_taco_card(s, cfg, me, leader, 0, kind) - 0.5
    if e == k.E_SWAP:
        return _best_taco_card(s, cfg, me, leader, 0, -1) - 1.0
    if e == k.E_RETURN:
        return 2.5 if _own_has(s, cfg, me, 1) else _best_taco_card(s, cfg, me, leader, 0, -1) - 1.0
    if e == k.E_REVIVE:
        for i in range(s[k.DISCARD_LEN] - 1, -1, -1):
            found = int(cfg[k.C_CARD_SPEC + s[k.DISCARD + i]])
            if _ingredient(cfg, found):
                return _gain(s, cfg, found)
        return -1.0
    return 0.5


@njit
def _score_instant(s: k.Arr, cfg: k.Arr, me: int, leader: int, standing: np.ndarray, spec: int) -> float:
    n = s[k.CHAIN_LEN]
    if n == 0:
        return -1.0
    last = k.CHAIN + 3 * (n - 1)
    top_card, dest, by = int(s[last]), int(s[last + 1]), int(s[last + 2])
    ts = int(cfg[k.C_CARD_SPEC + top_card])
    tt = sp(cfg, ts, k.S_TYPE)
    narrow = 0.1 if sp(cfg, spec, k.S_TYPES) >= 0 else 0.0
    extra = 0.2 * float(sp(cfg, spec, k.S_DRAW))
    if tt == k.INSTANT:
        return (3.0 if n >= 2 and s[last - 3 + 2] == me else -1.0) + narrow + extra
    if by == me:
        return -5.0
    if dest == me and (tt == k.POISON or sp(cfg, ts, k.S_POINTS) < 0):
        return 3.0 + narrow + extra
    if tt == k.ACTION and harmful(sp(cfg, ts, k.S_EFFECT)):
        top_standing = standing[0]
        for p in range(cfg[k.C_N]):
            top_standing = max(top_standing, standing[p])
        exposed = standing[me] >= top_standing or _own_has(s, cfg, me, 3)
        return (1.0 if exposed else -1.0) + narrow + extra
    if dest == by and sp(cfg, ts, k.S_POINTS) >= 3 and by == leader and standing[by] > standing[me]:
        return 0.5 + narrow + extra
    return -1.0


@njit
def _score_target(s: k.Arr, cfg: k.Arr, me: int, leader: int, at: int, spec: int, seat: int) -> float:
    verb, stage = s[at + 2], s[at + 4]
    if s[at] != k.T_TARGET:
        return 0.0
    w = 1.5 if seat == leader else 1.0
    best = -(1 << 40)
    ta = k.taco_at(seat)
    for i in range(s[k.TACO_LEN + seat]):
        c = s[ta + i]
        if cfg[k.C_CARD_SPEC + c] == spec:
            best = max(best, s[k.POINTS + c])
    points = float(best)
    mine = seat == me
    poison = sp(cfg, spec, k.S_TYPE) == k.POISON
    if verb == k.V_DESTROY:
        if poison:
            return 4.0 if mine else -1.0
        return -points if mine else points * w
    if verb == k.V_STEAL:
        return points * w + effect_value(sp(cfg, spec, k.S_EFFECT))
    if verb == k.V_SWAP:
        if stage < 0:
            return 4.0 if poison else -points
        return -4.0 if poison else points * w
    if verb == k.V_RETURN:
        if poison:
            return 4.0 if mine else -2.0
        return (-points if mine else points * w) + (0.5 if mine else 0.0)
    return 0.0


@njit
def heuristic(s: k.Arr, cfg: k.Arr, seat: int, moves: k.Arr, n: int, rng: k.Arr) -> int:
    """The action ``HeuristicBot`` chooses (equal best scores: one of them at random)."""
    if n == 1:
        return int(moves[0])
    standing = np.zeros(k.MAXP, np.int64)
    _standing(s, cfg, standing)
    leader = _leader(cfg, seat, standing)
    best, ties, pick = -1e300, 0, int(moves[0])
    for i in range(n):
        v = score_given(s, cfg, seat, int(moves[i]), leader, standing)
        if v > best:
            best, ties, pick = v, 1, int(moves[i])
        elif v == best:
            ties += 1
            if k.xorshift(rng, ties) == 0:  # reservoir sampling: each tied action with chance 1/ties
                pick = int(moves[i])
    return pick
