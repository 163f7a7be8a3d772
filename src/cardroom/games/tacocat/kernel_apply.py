"""Tacocat's compiled fast path: one action applied to a state array (see :mod:`.kernel` for the
layout, who acts and what is legal, and docs/kernels.md). Split from ``kernel.py`` by concern: that
file says where things are and what may be done; this one does it."""

from __future__ import annotations

from cardroom.core.compiled import njit
from cardroom.games.tacocat.kernel import (
    A_DEFEND,
    A_DISCARD,
    A_DONE,
    A_DUEL,
    A_KEEP,
    A_SACRIFICE,
    ACTOR,
    ANSWER_LEN,
    ANSWERS,
    ATTACK,
    ATTACK_CARDS,
    ATTACK_LEN,
    BOTH,
    C_ARROWS,
    C_NPOS,
    C_TIES,
    COVERED,
    DECIDED,
    DEFEND,
    DISCARD,
    DRAW_AT,
    DUEL,
    DUEL_WIN,
    FLOOR,
    HAND,
    LAST_ANSWERS,
    LAST_ATTACK,
    LAST_DUEL,
    LAST_PLAY_LEN,
    LAST_PLAY_WHO,
    LAST_ROUND,
    LIMIT,
    MARKS,
    NEED_DEAL,
    ORDER,
    OVER,
    PHASE,
    PICK,
    POS,
    REPLACE,
    STEP,
    SWAPPED,
    TIES_ARROW,
    TIES_DUEL,
    Arr,
    attack_cards,
    hand_size,
    is_done,
    lowest,
    marks_size,
    shuffle_deal,
    start_round,
)

# -- one action -------------------------------------------------------------------------------------


@njit
def apply(s: Arr, cfg: Arr, seat: int, a: int, rng: Arr) -> None:
    """Carry out a legal action in place, dealing any new round with the kernel's generator."""
    apply_rules(s, cfg, seat, a)
    if s[NEED_DEAL]:
        shuffle_deal(s, cfg, rng)


@njit
def apply_rules(s: Arr, cfg: Arr, seat: int, a: int) -> None:
    """Carry out a legal action in place; a new round is left undealt (``NEED_DEAL``)."""
    s[STEP] += 1
    phase = s[PHASE]
    if phase == REPLACE:
        if s[ACTOR] == BOTH:
            _choose(s, cfg, seat, a)
        else:
            _replace(s, cfg, seat, a)
    elif phase == DUEL:
        _duel(s, cfg, seat, a - A_DUEL + 1)
    elif phase == ATTACK:
        _attack(s, seat, a)
    else:
        _answer(s, cfg, seat, a)


@njit
def _draw(s: Arr, cfg: Arr, seat: int, n: int) -> None:
    at = s[DRAW_AT]
    for i in range(n):
        s[HAND + 12 * seat + s[ORDER + at + i] - 1] += 1
    s[DRAW_AT] = at + n


@njit
def _replace(s: Arr, cfg: Arr, seat: int, a: int) -> None:
    if a != A_DONE:
        v = a - A_DISCARD + 1
        s[HAND + 12 * seat + v - 1] -= 1
        s[DISCARD + v - 1] += 1
        s[SWAPPED] += 1
        return
    n = s[SWAPPED]
    _draw(s, cfg, seat, n)
    if s[LIMIT] < 0 and n > 0:
        s[ACTOR] = 1 - seat
        s[LIMIT] = n
        s[SWAPPED] = 0
    else:
        _open_duel(s)


@njit
def _choose(s: Arr, cfg: Arr, seat: int, a: int) -> None:
    if a < A_KEEP:
        v = a - A_DISCARD + 1
        s[HAND + 12 * seat + v - 1] -= 1
        s[MARKS + 12 * seat + v - 1] += 1
    s[DECIDED + seat] += 1
    if not (is_done(s, 0) and is_done(s, 1)):
        return
    for who in range(2):
        n = marks_size(s, who)
        _draw(s, cfg, who, n)
        for i in range(12):
            s[DISCARD + i] += s[MARKS + 12 * who + i]
            s[MARKS + 12 * who + i] = 0
    _open_duel(s)


@njit
def _open_duel(s: Arr) -> None:
    s[PHASE] = DUEL
    s[ACTOR] = BOTH
    s[LIMIT] = -1
    s[SWAPPED] = 0
    s[DECIDED] = s[DECIDED + 1] = 0


@njit
def _duel(s: Arr, cfg: Arr, seat: int, v: int) -> None:
    s[HAND + 12 * seat + v - 1] -= 1
    s[PICK + seat] = v
    a, b = s[PICK], s[PICK + 1]
    if a == 0 or b == 0:
        return
    s[PICK] = s[PICK + 1] = 0
    s[DISCARD + a - 1] += 1
    s[DISCARD + b - 1] += 1
    s[LAST_DUEL], s[LAST_DUEL + 1] = a, b
    if a != b:
        winner = 0 if a > b else 1
        s[DUEL_WIN] = winner
        s[PHASE] = ATTACK
        s[ACTOR] = winner
        _maybe_end(s, cfg)
    elif hand_size(s, 0) == 1:
        _end_round(s, cfg, True)


@njit
def _attack(s: Arr, seat: int, a: int) -> None:
    at = ATTACK_CARDS
    size = attack_cards(a, s[at : at + 8])
    for i in range(size):
        v = s[at + i]
        s[HAND + 12 * seat + v - 1] -= 1
        s[DISCARD + v - 1] += 1
    s[ATTACK_LEN] = size
    s[ANSWER_LEN] = 0
    s[PHASE] = DEFEND


@njit
def _answer(s: Arr, cfg: Arr, seat: int, a: int) -> None:
    if a == A_SACRIFICE:
        v = lowest(s, seat)
        answer = -v
        s[FLOOR + seat] = v  # it was their lowest: everything they keep is at least this
    else:
        v = a - A_DEFEND + 1
        answer = v
    s[HAND + 12 * seat + v - 1] -= 1
    s[DISCARD + v - 1] += 1
    s[ANSWERS + s[ANSWER_LEN]] = answer
    s[ANSWER_LEN] += 1
    size = s[ATTACK_LEN]
    if s[ANSWER_LEN] < size:
        return
    attacker = s[ACTOR]
    lost = False
    for i in range(size):
        s[LAST_ATTACK + i] = s[ATTACK_CARDS + i]
        s[LAST_ANSWERS + i] = s[ANSWERS + i]
        if s[ANSWERS + i] < 0:
            lost = True
    s[LAST_PLAY_WHO] = attacker
    s[LAST_PLAY_LEN] = size
    s[PHASE] = ATTACK
    s[ACTOR] = attacker if lost else seat
    s[ATTACK_LEN] = s[ANSWER_LEN] = 0
    _maybe_end(s, cfg)


@njit
def _maybe_end(s: Arr, cfg: Arr) -> None:
    if hand_size(s, 0) == 1 and hand_size(s, 1) == 1:
        _end_round(s, cfg, False)


@njit
def _end_round(s: Arr, cfg: Arr, duel_ties: bool) -> None:
    c0, c1 = lowest(s, 0), lowest(s, 1)
    if c0 != c1:
        winner = 0 if c0 < c1 else 1
    elif duel_ties:
        winner = -1
    elif cfg[C_TIES] == TIES_ARROW:
        winner = cfg[C_ARROWS + s[POS]]  # BOTH (-1) on the double arrow: replay the round
    elif cfg[C_TIES] == TIES_DUEL:
        winner = s[DUEL_WIN]
    else:
        winner = -1
    s[LAST_ROUND], s[LAST_ROUND + 1], s[LAST_ROUND + 2] = c0, c1, winner
    if winner < 0:
        start_round(s, cfg)
        return
    left = s[POS]
    goal = cfg[C_NPOS] - 1
    step = -1 if winner == 0 else 1
    pos = left + step
    while pos != 0 and pos != goal and (s[COVERED] >> pos) & 1:
        pos += step
    s[POS] = pos
    s[COVERED] |= 1 << left
    if pos == 0 or pos == goal:
        s[PHASE] = OVER
        s[ACTOR] = winner
        s[ATTACK_LEN] = s[ANSWER_LEN] = 0
        s[PICK] = s[PICK + 1] = 0
        return
    start_round(s, cfg)


@njit
def over(s: Arr, cfg: Arr) -> bool:
    """Whether the game is over (the search's and the learned value's one test of it)."""
    return bool(s[PHASE] == OVER)


@njit
def winner(s: Arr, cfg: Arr) -> int:
    """The winning seat, or -1 while the game goes on."""
    return int(s[ACTOR]) if s[PHASE] == OVER else -1
