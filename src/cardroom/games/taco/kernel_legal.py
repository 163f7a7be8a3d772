"""T.A.C.O.'s kernel: who decides, what they may do, and what their answer does (``decisions.py``).

Legal actions come out as action ids sorted ascending, which is the reference's order (an id is the
action's rank in ``game.action_space()``). ``apply`` is ``decide`` followed by ``Engine.run``.
"""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.games.taco.kernel import (
    ACTION,
    B_ANY,
    B_KIND,
    C_A_CHOOSE,
    C_A_DISCARD,
    C_A_INSTANT,
    C_A_PLAY,
    C_A_TARGET,
    C_A_USE,
    C_ACCENT,
    C_ACT_SEAT,
    C_ACT_SPEC,
    C_ACT_VERB,
    C_CARD_SPEC,
    C_END,
    C_HAIL,
    C_N,
    C_PASS,
    CHAIN,
    CHAIN_LEN,
    E_TAKE_RANDOM,
    GONE,
    HAND_LEN,
    INSTANT,
    KNOWN,
    MAX_ACTIONS,
    MAX_CHAIN,
    MAXP,
    MAXS,
    OVER,
    S_COUNT,
    S_FOOD,
    S_POINTS,
    S_TYPE,
    S_TYPES,
    STACK_LEN,
    STEP,
    T_ACCENT,
    T_BONUS,
    T_CHOOSE,
    T_DISCARD,
    T_ENTER,
    T_HAIL,
    T_MAIN,
    T_RESOLVE,
    T_TARGET,
    T_WINDOW,
    TACO_LEN,
    TURN,
    V_DESTROY,
    V_RETURN,
    V_STEAL,
    V_SWAP,
    VERB_DISCARD,
    VERB_END,
    VERB_PASS,
    VERB_PLAY,
    WHY_MADE,
    Arr,
    attr,
    everyone,
    from_hand,
    gone,
    hand_at,
    is_ingredient,
    pick_from_hand,
    pop,
    push,
    random_from_hand,
    taco_at,
    to_discard,
    to_hand,
    top,
)
from cardroom.games.taco.kernel_effects import destroy, leave_taco, move, pick_target, target_ok
from cardroom.games.taco.kernel_rules import run


@njit
def to_act(s: Arr, cfg: Arr, out: Arr) -> int:
    """The seats to act into ``out``; returns how many (0 once the match is over)."""
    if s[OVER] or s[STACK_LEN] == 0:
        return 0
    at = top(s)
    kind = s[at]
    if kind in (T_WINDOW, T_HAIL):
        n = 0
        for seat in range(cfg[C_N]):
            if s[at + 5 + seat] == -1:
                out[n] = seat
                n += 1
        return n
    out[0] = s[at + 1]
    return 1


@njit
def goes_in_taco(t: int) -> bool:
    return t != ACTION and t != INSTANT


@njit
def _add_plays(cfg: Arr, spec: int, t: int, only_seat: int, out: Arr, n: int) -> int:
    if goes_in_taco(t):
        for seat in range(cfg[C_N]):
            if only_seat < 0 or seat == only_seat:
                out[n] = cfg[C_A_PLAY + spec * MAXP + seat]
                n += 1
    elif t == ACTION and only_seat < 0:
        out[n] = cfg[C_A_USE + spec]
        n += 1
    return n


@njit
def _sort_unique(out: Arr, n: int) -> int:
    for i in range(1, n):
        x = out[i]
        j = i
        while j > 0 and out[j - 1] > x:
            out[j] = out[j - 1]
            j -= 1
        out[j] = x
    m = 0
    for i in range(n):
        if m == 0 or out[m - 1] != out[i]:
            out[m] = out[i]
            m += 1
    return m


@njit
def legal(s: Arr, cfg: Arr, seat: int, out: Arr) -> int:
    """The legal action ids of a seat known to be to act, sorted; returns how many."""
    at = top(s)
    kind = s[at]
    n = 0
    hand = hand_at(seat)
    size = s[HAND_LEN + seat]
    seen = np.zeros(MAXS, np.bool_)
    if kind == T_MAIN and s[at + 2] >= 0:
        card = int(s[at + 2])
        n = _add_plays(cfg, int(cfg[C_CARD_SPEC + card]), attr(cfg, card, S_TYPE), -1, out, n)
    elif kind in (T_MAIN, T_BONUS):
        mode, arg = s[at + 2], s[at + 3]
        for i in range(size):
            card = int(s[hand + i])
            spec = int(cfg[C_CARD_SPEC + card])
            if seen[spec]:
                continue
            if kind == T_BONUS and mode != B_ANY:
                if not is_ingredient(cfg, card):
                    continue
                if mode == B_KIND and attr(cfg, card, S_FOOD) != arg:
                    continue
                if mode != B_KIND and attr(cfg, card, S_POINTS) != arg:
                    continue
            seen[spec] = True
            only = seat if kind == T_BONUS and mode != B_ANY else -1
            n = _add_plays(cfg, spec, attr(cfg, card, S_TYPE), only, out, n)
        out[n] = cfg[C_END] if kind == T_MAIN else cfg[C_PASS]
        n += 1
    elif kind == T_WINDOW:
        top_type = attr(cfg, int(s[CHAIN + 3 * (s[CHAIN_LEN] - 1)]), S_TYPE)
        out[0] = cfg[C_PASS]
        n = 1
        for i in range(size):
            card = int(s[hand + i])
            spec = int(cfg[C_CARD_SPEC + card])
            if seen[spec] or attr(cfg, card, S_TYPE) != INSTANT:
                continue
            seen[spec] = True
            types = attr(cfg, card, S_TYPES)
            if top_type == INSTANT or types < 0 or (types >> top_type) & 1:
                out[n] = cfg[C_A_INSTANT + spec]
                n += 1
    elif kind == T_TARGET:
        verb, source, stage = s[at + 2], int(s[at + 3]), s[at + 4]
        st = -2 if verb == V_SWAP and stage >= 0 else -1
        for p in range(cfg[C_N]):
            ta = taco_at(p)
            for i in range(1, s[TACO_LEN + p]):
                card = int(s[ta + i])
                if target_ok(s, cfg, seat, source, st, p, card):
                    out[n] = cfg[C_A_TARGET + cfg[C_CARD_SPEC + card] * MAXP + p]
                    n += 1
    elif kind == T_CHOOSE:
        for p in range(cfg[C_N]):
            if p != seat and s[HAND_LEN + p] > 0:
                out[n] = cfg[C_A_CHOOSE + p]
                n += 1
    else:  # discard, hail, accent
        if kind == T_HAIL:
            out[0] = cfg[C_HAIL]
            n = 1
        elif kind == T_ACCENT:
            out[0] = cfg[C_ACCENT]
            n = 1
        for i in range(size):
            spec = int(cfg[C_CARD_SPEC + s[hand + i]])
            if not seen[spec]:
                seen[spec] = True
                out[n] = cfg[C_A_DISCARD + spec]
                n += 1
    if s[GONE]:
        n = _not_into_gone(s, cfg, out, n)
    return _sort_unique(out, n)


@njit
def _not_into_gone(s: Arr, cfg: Arr, out: Arr, n: int) -> int:
    """The actions of ``out[:n]`` that play nothing into the taco of a seat that left."""
    m = 0
    for i in range(n):
        a = out[i]
        p = cfg[C_ACT_SEAT + a]
        if cfg[C_ACT_VERB + a] == VERB_PLAY and p >= 0 and gone(s, p):
            continue
        out[m] = a
        m += 1
    return m


# -- decisions -----------------------------------------------------------------------------------------


@njit
def open_window(s: Arr, cfg: Arr, by: int) -> None:
    """Everyone but the player of the chain's top card decides."""
    rec = push(s, T_WINDOW, 0, 0, 0, 0)
    for p in range(cfg[C_N]):
        s[rec + 5 + p] = 0 if p == by else -1


@njit
def _start_play(s: Arr, cfg: Arr, seat: int, a: int) -> None:
    card = pick_from_hand(s, cfg, seat, int(cfg[C_ACT_SPEC + a]))
    from_hand(s, seat, card)
    dest = int(cfg[C_ACT_SEAT + a]) if cfg[C_ACT_VERB + a] == VERB_PLAY else -1
    s[CHAIN], s[CHAIN + 1], s[CHAIN + 2] = card, dest, seat
    s[CHAIN_LEN] = 1
    open_window(s, cfg, seat)


@njit
def _discard_named(s: Arr, cfg: Arr, seat: int, a: int) -> None:
    card = pick_from_hand(s, cfg, seat, int(cfg[C_ACT_SPEC + a]))
    from_hand(s, seat, card)
    to_discard(s, card)


@njit
def apply(s: Arr, cfg: Arr, seat: int, a: int, rng: Arr) -> None:
    """Seat ``seat`` takes legal action ``a``; the game runs on to the next decision."""
    decide(s, cfg, seat, a, rng)
    run(s, cfg, rng)
    if s[GONE]:
        _settle(s, cfg, rng)
    s[STEP] += 1


@njit
def _settle(s: Arr, cfg: Arr, rng: Arr) -> None:
    """Every seat that left answers what it is still asked (a window, a hail) with the first of pass,
    hail, accent and end it may give, else its first legal action, until only players are asked;
    within the same step (``concede._settle``)."""
    seats = np.zeros(MAXP, np.int64)
    moves = np.zeros(MAX_ACTIONS, np.int64)
    while not s[OVER]:
        chair = -1
        for i in range(to_act(s, cfg, seats)):
            if gone(s, int(seats[i])):
                chair = int(seats[i])
                break
        if chair < 0:
            return
        m = legal(s, cfg, chair, moves)
        if m == 0:
            return
        answer = moves[0]
        for idle in (cfg[C_PASS], cfg[C_HAIL], cfg[C_ACCENT], cfg[C_END]):
            if _holds(moves, m, idle):
                answer = idle
                break
        decide(s, cfg, chair, answer, rng)
        run(s, cfg, rng)


@njit
def _holds(moves: Arr, m: int, a: int) -> bool:
    for i in range(m):  # noqa: SIM110 - a loop Numba compiles (no generator)
        if moves[i] == a:
            return True
    return False


@njit
def decide(s: Arr, cfg: Arr, seat: int, a: int, rng: Arr) -> None:
    at = top(s)
    kind = s[at]
    verb = cfg[C_ACT_VERB + a]
    n = cfg[C_N]
    if kind in (T_MAIN, T_BONUS):
        pop(s)
        if verb != VERB_END and verb != VERB_PASS:
            _start_play(s, cfg, seat, a)
    elif kind == T_WINDOW:
        if verb == VERB_PASS:
            s[at + 5 + seat] = 0
        else:
            s[at + 5 + seat] = pick_from_hand(s, cfg, seat, int(cfg[C_ACT_SPEC + a])) + 1
        waiting = 0
        for p in range(n):
            waiting += 1 if s[at + 5 + p] == -1 else 0
        if waiting:
            return
        who = -1
        for i in range(n):
            p = (s[TURN] + i) % n
            if s[at + 5 + p] > 0:
                who = p
                break
        if who < 0:
            pop(s)
            push(s, T_RESOLVE, 0, 0, 0, 0)
            return
        card = int(s[at + 5 + who] - 1)
        from_hand(s, who, card)
        k = s[CHAIN_LEN]
        if k >= MAX_CHAIN:  # pragma: no cover - kernel_codec.unsupported refuses such decks
            return
        s[CHAIN + 3 * k], s[CHAIN + 3 * k + 1], s[CHAIN + 3 * k + 2] = card, -1, who
        s[CHAIN_LEN] = k + 1
        pop(s)
        open_window(s, cfg, who)
    elif kind == T_TARGET:
        vb, source, stage = s[at + 2], int(s[at + 3]), int(s[at + 4])
        where = int(cfg[C_ACT_SEAT + a])
        st = -2 if vb == V_SWAP and stage >= 0 else -1
        victim = pick_target(s, cfg, seat, source, st, where, int(cfg[C_ACT_SPEC + a]))
        pop(s)
        if vb == V_DESTROY:
            destroy(s, cfg, victim)
        elif vb == V_STEAL:
            move(s, cfg, victim, seat)
            push(s, T_ENTER, victim, seat, 0, 0)
        elif vb == V_RETURN:
            leave_taco(s, cfg, victim)
            to_hand(s, where, victim)
            s[KNOWN + victim] = everyone(cfg)
        elif stage < 0:
            push(s, T_TARGET, seat, V_SWAP, source, victim)
        else:
            mine = stage
            move(s, cfg, mine, where)
            move(s, cfg, victim, seat)
            if where == s[TURN]:
                push(s, T_ENTER, victim, seat, 0, 0)
                push(s, T_ENTER, mine, where, 0, 0)
            else:
                push(s, T_ENTER, mine, where, 0, 0)
                push(s, T_ENTER, victim, seat, 0, 0)
    elif kind == T_CHOOSE:
        effect, source = s[at + 2], int(s[at + 3])
        pop(s)
        victim = int(cfg[C_ACT_SEAT + a])
        count = attr(cfg, source, S_COUNT)
        if effect == E_TAKE_RANDOM:
            for _ in range(count):
                card = random_from_hand(s, rng, victim)
                if card < 0:
                    break
                to_hand(s, seat, card)
                s[KNOWN + card] = (1 << seat) | (1 << victim)
        else:
            push(s, T_DISCARD, victim, min(count, s[HAND_LEN + victim]), WHY_MADE, 0)
    elif kind == T_DISCARD:
        _discard_named(s, cfg, seat, a)
        s[at + 2] -= 1
        if s[at + 2] <= 0 or s[HAND_LEN + seat] == 0:
            pop(s)
    elif kind == T_HAIL:
        if verb == VERB_DISCARD:
            _discard_named(s, cfg, seat, a)
        s[at + 5 + seat] = 0
        waiting = 0
        for p in range(n):
            waiting += 1 if s[at + 5 + p] == -1 else 0
        if not waiting:
            pop(s)
    elif kind == T_ACCENT:
        pop(s)
        if verb == VERB_DISCARD:
            _discard_named(s, cfg, seat, a)
