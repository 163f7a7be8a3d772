"""T.A.C.O.'s kernel: the flow of a round, rounds and scoring, and a new game, as ``engine.py``.

``run`` pops automatic tasks until a decision is on top, exactly as ``Engine.run``; each ``_task_*``
below is the reference method of the same name on the state array. The card effects it fires, and
what they do to the tacos, are ``kernel_effects.py``.
"""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.games.taco.kernel import (
    ACTION,
    AGES,
    BASIC,
    BOX,
    BOX_LEN,
    C_ANTICS,
    C_DECK_IDS,
    C_GIMME,
    C_N,
    C_NCARDS,
    C_NDECK,
    C_ROUNDS,
    C_SECOND_PICK,
    C_STARTING,
    CHAIN,
    CHAIN_LEN,
    DECK,
    DECK_LEN,
    DISCARD,
    DISCARD_LEN,
    E_TACO_MASTER,
    FIRST,
    FIRST_DECISION,
    GIMME,
    GIMME_BONUS,
    GONE,
    HAND_LEN,
    HAND_LIMIT,
    KNOWN,
    MAX_CHAIN,
    MAXC,
    MAXP,
    OVER,
    POINTS,
    POISON,
    POOL,
    POOL_START,
    ROUND,
    ROUND_SCORES,
    RS_LEN,
    S_EFFECT,
    S_IMMEDIATE,
    S_TURNS,
    S_TYPE,
    STACK_LEN,
    T_CHOOSE,
    T_DISCARD,
    T_DRAW_STEP,
    T_END_TURN,
    T_ENTER,
    T_HAIL,
    T_MAIN,
    T_NEXT,
    T_POISON,
    T_RESOLVE,
    T_TARGET,
    T_TURN,
    TACO_LEN,
    TOTALS,
    TROPHY,
    TURN,
    TURNS,
    V_SWAP,
    WHY_OPENING,
    Arr,
    append,
    attr,
    draw,
    everyone,
    gone,
    hand_at,
    in_taco,
    pop,
    push,
    random_index,
    remove_at,
    shuffle,
    taco_at,
    taco_points,
    to_discard,
    to_hand,
    top,
)
from cardroom.games.taco.kernel_effects import any_target, fire, others_hold, place


@njit
def turn_cap(n: int) -> int:
    return 60 + 20 * n


# -- the flow (Engine.run) -------------------------------------------------------------------------------


@njit
def still_possible(s: Arr, cfg: Arr) -> bool:
    at = top(s)
    kind = s[at]
    if kind == T_TARGET:
        stage = -2 if s[at + 2] == V_SWAP and s[at + 4] >= 0 else -1
        return any_target(s, cfg, int(s[at + 1]), int(s[at + 3]), stage)
    if kind == T_CHOOSE:
        return others_hold(s, cfg, int(s[at + 1]))
    return True


@njit
def run(s: Arr, cfg: Arr, rng: Arr) -> None:
    while not s[OVER]:
        if s[POOL] <= 0:
            end_round(s, cfg, rng)
            continue
        update_gimme(s, cfg)
        at = top(s)
        kind = s[at]
        if kind >= FIRST_DECISION:
            if still_possible(s, cfg):
                return
            pop(s)
            continue
        f1, f2 = int(s[at + 1]), int(s[at + 2])
        pop(s)
        if kind == T_TURN:
            _task_turn(s, cfg, f1, rng)
        elif kind == T_POISON:
            if in_taco(s, f1, f2):
                fire(s, cfg, f2, f1, rng)
                lasts = attr(cfg, f2, S_TURNS)
                if lasts > 0:
                    s[AGES + f2] += 1
                    if s[AGES + f2] >= lasts:
                        s[AGES + f2] = 0
                        remove_at(s, taco_at(f1), TACO_LEN + f1, f2)
                        to_discard(s, f2)
        elif kind == T_DRAW_STEP:
            card = draw(s, cfg, f1, rng)
            forced = -1
            if card >= 0 and attr(cfg, card, S_IMMEDIATE):
                forced = card
                s[KNOWN + card] = everyone(cfg)
            push(s, T_MAIN, f1, forced, 0, 0)
        elif kind == T_END_TURN:
            push(s, T_NEXT, f1, 0, 0, 0)
            extra = s[HAND_LEN + f1] - HAND_LIMIT
            if extra > 0:
                push(s, T_DISCARD, f1, extra, 0, 0)
        elif kind == T_NEXT:
            push(s, T_TURN, (f1 + 1) % cfg[C_N], 0, 0, 0)
        elif kind == T_RESOLVE:
            _task_resolve(s, cfg, rng)
        elif kind == T_ENTER and in_taco(s, f2, f1) and attr(cfg, f1, S_TYPE) != POISON:
            fire(s, cfg, f1, f2, rng)


@njit
def _task_turn(s: Arr, cfg: Arr, seat: int, rng: Arr) -> None:
    n = cfg[C_N]
    if s[GONE] and gone(s, seat):  # a seat that left is skipped: the next one's turn
        push(s, T_TURN, (seat + 1) % n, 0, 0, 0)
        return
    s[TURN] = seat
    s[TURNS] += 1
    if s[TURNS] > turn_cap(n):
        end_round(s, cfg, rng)
        return
    push(s, T_END_TURN, seat, 0, 0, 0)
    push(s, T_DRAW_STEP, seat, 0, 0, 0)
    at = taco_at(seat)
    master = False
    for i in range(s[TACO_LEN + seat] - 1, -1, -1):
        c = int(s[at + i])
        if attr(cfg, c, S_TYPE) == POISON:
            push(s, T_POISON, seat, c, 0, 0)
        if attr(cfg, c, S_EFFECT) == E_TACO_MASTER:
            master = True
    if cfg[C_ANTICS] and master:
        rec = push(s, T_HAIL, seat, 0, 0, 0)
        for p in range(n):
            s[rec + 5 + p] = 0 if p == seat else -1


@njit
def _task_resolve(s: Arr, cfg: Arr, rng: Arr) -> None:
    n = s[CHAIN_LEN] - 1
    first, dest, player = int(s[CHAIN]), int(s[CHAIN + 1]), int(s[CHAIN + 2])
    if n % 2:
        to_discard(s, first)
    for k in range(1, n + 1):
        to_discard(s, int(s[CHAIN + 3 * k]))
    # The chain is spent: cleared before the effects run (the reference drops the popped task).
    cards = np.zeros(MAX_CHAIN, np.int64)
    whos = np.zeros(MAX_CHAIN, np.int64)
    for k in range(n + 1):
        cards[k], whos[k] = s[CHAIN + 3 * k], s[CHAIN + 3 * k + 2]
    for i in range(3 * (n + 1)):
        s[CHAIN + i] = 0
    s[CHAIN_LEN] = 0
    for k in range(n, 0, -1):
        if (n - k) % 2 == 0:
            fire(s, cfg, int(cards[k]), int(whos[k]), rng)
    if n % 2 == 0:
        if attr(cfg, first, S_TYPE) == ACTION:
            to_discard(s, first)
            fire(s, cfg, first, player, rng)
        else:
            place(s, cfg, first, dest, rng)


# -- rounds ------------------------------------------------------------------------------------------


@njit
def basics(s: Arr, cfg: Arr, seat: int) -> int:
    at = taco_at(seat)
    n = 0
    for i in range(s[TACO_LEN + seat]):
        if attr(cfg, int(s[at + i]), S_TYPE) == BASIC:
            n += 1
    return n


@njit
def update_gimme(s: Arr, cfg: Arr) -> None:
    if not cfg[C_GIMME]:
        return
    n = cfg[C_N]
    best = 0
    for seat in range(n):
        best = max(best, basics(s, cfg, seat))
    if s[GIMME] < 0:
        leaders, leader = 0, -1
        for seat in range(n):
            if basics(s, cfg, seat) == best:
                leaders += 1
                leader = seat
        if best > 0 and leaders == 1:
            s[GIMME] = leader
    elif best >= basics(s, cfg, int(s[GIMME])) + 1:
        for i in range(n):
            seat = (s[TURN] + i) % n
            if basics(s, cfg, seat) == best:
                s[GIMME] = seat
                return


@njit
def end_round(s: Arr, cfg: Arr, rng: Arr) -> None:
    n = cfg[C_N]
    row = ROUND_SCORES + MAXP * s[RS_LEN]
    best = -(1 << 40)
    for seat in range(n):
        score = taco_points(s, seat) + (GIMME_BONUS if seat == s[GIMME] else 0)
        s[row + seat] = score
        s[TOTALS + seat] += score
        best = max(best, score)
    s[RS_LEN] += 1
    for i in range(n):
        seat = (s[FIRST] + i) % n
        if s[row + seat] == best:
            s[TROPHY] = seat
            break
    while s[STACK_LEN] > 0:
        pop(s)
    for i in range(3 * s[CHAIN_LEN]):
        s[CHAIN + i] = 0
    s[CHAIN_LEN] = 0
    if s[ROUND] >= cfg[C_ROUNDS]:
        s[OVER] = 1
        return
    s[ROUND] += 1
    setup_round(s, cfg, rng)


@njit
def _clear(s: Arr, at: int, length_slot: int) -> None:
    for i in range(s[length_slot]):
        s[at + i] = 0
    s[length_slot] = 0


@njit
def setup_round(s: Arr, cfg: Arr, rng: Arr) -> None:
    """Shells out, deck shuffled, hands dealt (6 to the trophy holder, and to the second player with
    ``second_pick``, who then discards one), one card face up."""
    n = cfg[C_N]
    nc = cfg[C_NCARDS]
    for c in range(nc):
        s[POINTS + c] = 0
        s[KNOWN + c] = 0
        s[AGES + c] = 0
    for seat in range(MAXP):
        _clear(s, taco_at(seat), TACO_LEN + seat)
        _clear(s, hand_at(seat), HAND_LEN + seat)
    for seat in range(n):
        append(s, taco_at(seat), TACO_LEN + seat, int(cfg[C_STARTING + seat]))
    _clear(s, BOX, BOX_LEN)
    _clear(s, DISCARD, DISCARD_LEN)
    _clear(s, DECK, DECK_LEN)
    used = np.zeros(MAXC, np.bool_)
    for i in range(cfg[C_NDECK]):
        used[cfg[C_DECK_IDS + i]] = True
    for seat in range(n):
        used[cfg[C_STARTING + seat]] = True
    for c in range(nc):
        if not used[c]:
            append(s, BOX, BOX_LEN, c)
    for i in range(cfg[C_NDECK]):
        append(s, DECK, DECK_LEN, int(cfg[C_DECK_IDS + i]))
    shuffle(s, rng, DECK, int(s[DECK_LEN]))
    s[POOL] = s[POOL_START]
    s[GIMME] = -1
    s[TURNS] = 0
    if s[TROPHY] >= 0:
        s[FIRST] = s[TROPHY]
    else:
        s[FIRST] = random_index(s, rng, n)
    picker = second_pick_seat(s, cfg)
    for i in range(n):
        seat = (s[FIRST] + i) % n
        for _ in range(6 if seat == s[TROPHY] or seat == picker else 5):
            deal_one(s, cfg, seat)
    if s[DECK_LEN] > 0:
        s[DECK_LEN] -= 1
        to_discard(s, int(s[DECK + s[DECK_LEN]]))
        s[DECK + s[DECK_LEN]] = 0
    push(s, T_TURN, int(s[FIRST]), 0, 0, 0)
    if picker >= 0:  # above the first turn: the pick is made before anyone plays
        push(s, T_DISCARD, picker, 1, WHY_OPENING, 0)


@njit
def second_pick_seat(s: Arr, cfg: Arr) -> int:
    """The seat dealt a sixth card that discards one before the first turn (``second_pick``: the second
    player at a 2-player table), or -1; as ``Engine.second_pick_seat``."""
    if not cfg[C_SECOND_PICK] or cfg[C_N] != 2:
        return -1
    return int((s[FIRST] + 1) % 2)


@njit
def deal_one(s: Arr, cfg: Arr, seat: int) -> None:
    if s[GONE] and gone(s, seat):  # a seat that left is dealt nothing
        return
    while s[DECK_LEN] > 0:
        s[DECK_LEN] -= 1
        card = int(s[DECK + s[DECK_LEN]])
        s[DECK + s[DECK_LEN]] = 0
        if attr(cfg, card, S_IMMEDIATE):
            to_discard(s, card)
            continue
        to_hand(s, seat, card)
        return


@njit
def new_game(s: Arr, cfg: Arr, pool_start: int, rng: Arr) -> None:
    """``TacoGame.new_game`` on a zeroed array: round 1 set up and run to the first decision."""
    s[:] = 0
    s[ROUND] = 1
    s[POOL] = s[POOL_START] = pool_start
    s[TROPHY] = s[GIMME] = -1
    setup_round(s, cfg, rng)
    run(s, cfg, rng)
