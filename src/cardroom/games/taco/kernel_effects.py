"""T.A.C.O.'s kernel: the card effects (``effects.py``), and what they do to the tacos: cards entering
and leaving them, points gained and released, and the targets an effect may pick.

Effects are chosen by the effect code ``cfg`` holds for the card (read from the deck file), with the
card's parameters; each function is the reference method of the same name on the state array. The
flow of a round that fires them is ``kernel_rules.py``.
"""

from __future__ import annotations

import numpy as np

from cardroom.core.compiled import njit
from cardroom.games.taco.kernel import (
    AGES,
    B_ANY,
    B_KIND,
    B_POINTS,
    BOX,
    BOX_LEN,
    C_CARD_SPEC,
    C_N,
    DISCARD,
    DISCARD_LEN,
    E_ACCENT,
    E_CANCEL,
    E_DESTROY,
    E_DESTROY_EACH,
    E_DISCARD_EACH,
    E_DISCARD_RANDOM_EACH,
    E_DRAW,
    E_MAKE_DISCARD,
    E_PLACE_INGREDIENT,
    E_PLAY_ANOTHER,
    E_RETURN,
    E_REVIVE,
    E_STEAL,
    E_SWAP,
    E_TAKE_RANDOM,
    HAND_LEN,
    MAXC,
    POINTS,
    POISON,
    POOL,
    S_COUNT,
    S_DRAW,
    S_EFFECT,
    S_FOOD,
    S_KIND,
    S_POINTS,
    S_PPOINTS,
    S_STARTING,
    S_TYPE,
    S_WHAT,
    SHELL,
    T_ACCENT,
    T_BONUS,
    T_CHOOSE,
    T_DISCARD,
    T_TARGET,
    TACO_LEN,
    V_DESTROY,
    V_RETURN,
    V_STEAL,
    V_SWAP,
    WHAT_ANY,
    WHAT_POISON,
    WHY_POISON,
    Arr,
    append,
    attr,
    draw,
    is_ingredient,
    owner_of,
    push,
    random_from_hand,
    random_index,
    remove_at,
    taco_at,
    to_discard,
)

# -- moving cards in and out of tacos ---------------------------------------------------------------------


@njit
def gain(s: Arr, cfg: Arr, card: int) -> None:
    printed = attr(cfg, card, S_POINTS)
    if printed > 0:
        got = min(printed, s[POOL])
        s[POOL] -= got
        s[POINTS + card] = got
    elif printed < 0:
        s[POINTS + card] = printed
        s[POOL] -= printed


@njit
def release(s: Arr, card: int, seat: int) -> None:
    s[POOL] += s[POINTS + card]
    s[POINTS + card] = 0
    if s[POOL] < 0:
        s[POINTS + s[taco_at(seat)]] += s[POOL]
        s[POOL] = 0


@njit
def leave_taco(s: Arr, cfg: Arr, card: int) -> int:
    seat = owner_of(s, cfg, card)
    s[AGES + card] = 0
    release(s, card, seat)
    remove_at(s, taco_at(seat), TACO_LEN + seat, card)
    return seat


@njit
def destroy(s: Arr, cfg: Arr, card: int) -> None:
    leave_taco(s, cfg, card)
    to_discard(s, card)


@njit
def move(s: Arr, cfg: Arr, card: int, seat: int) -> None:
    source = owner_of(s, cfg, card)
    remove_at(s, taco_at(source), TACO_LEN + source, card)
    append(s, taco_at(seat), TACO_LEN + seat, card)


@njit
def enter_taco(s: Arr, cfg: Arr, card: int, seat: int) -> None:
    """``Engine.place`` up to its effect: a shell replaces the old one, anything else joins; points."""
    at = taco_at(seat)
    if attr(cfg, card, S_TYPE) == SHELL:
        old = int(s[at])
        release(s, old, seat)
        s[at] = card
        if attr(cfg, old, S_STARTING):
            append(s, BOX, BOX_LEN, old)
        else:
            to_discard(s, old)
    else:
        append(s, at, TACO_LEN + seat, card)
    gain(s, cfg, card)


@njit
def place(s: Arr, cfg: Arr, card: int, seat: int, rng: Arr) -> None:
    """A card played (or pulled from the discard pile) enters a taco: points, then its effect."""
    enter_taco(s, cfg, card, seat)
    if attr(cfg, card, S_TYPE) != POISON:
        fire(s, cfg, card, seat, rng)


@njit
def revive_one(s: Arr, cfg: Arr, owner: int) -> int:
    """The top ingredient of the discard pile enters the owner's taco (its effect still to fire); -1
    if the pile holds none."""
    for i in range(s[DISCARD_LEN] - 1, -1, -1):
        found = int(s[DISCARD + i])
        if is_ingredient(cfg, found):
            remove_at(s, DISCARD, DISCARD_LEN, found)
            enter_taco(s, cfg, found, owner)
            return found
    return -1


# -- targets --------------------------------------------------------------------------------------------


@njit
def verb_of(cfg: Arr, card: int) -> int:
    e = attr(cfg, card, S_EFFECT)
    if e == E_DESTROY:
        return V_DESTROY
    if e == E_STEAL:
        return V_STEAL
    if e == E_SWAP:
        return V_SWAP
    return V_RETURN


@njit
def target_ok(s: Arr, cfg: Arr, owner: int, source: int, stage: int, seat: int, card: int) -> bool:
    """Whether ``card`` in ``seat``'s taco is a target of ``source``'s effect (``Engine.targets``); a
    swap's stage is -1 for your own side, -2 for theirs."""
    verb = verb_of(cfg, source)
    if verb == V_STEAL and seat == owner:
        return False
    if verb == V_SWAP and (seat == owner) != (stage == -1):
        return False
    t = attr(cfg, card, S_TYPE)
    what = attr(cfg, source, S_WHAT)
    if verb == V_DESTROY and what == WHAT_POISON:
        return t == POISON
    if verb == V_SWAP or (verb == V_RETURN and what == WHAT_ANY):
        return is_ingredient(cfg, card) or t == POISON
    kind = attr(cfg, source, S_KIND)
    return is_ingredient(cfg, card) and (kind < 0 or kind == attr(cfg, card, S_FOOD))


@njit
def any_target(s: Arr, cfg: Arr, owner: int, source: int, stage: int) -> bool:
    for seat in range(cfg[C_N]):
        at = taco_at(seat)
        for i in range(1, s[TACO_LEN + seat]):
            if target_ok(s, cfg, owner, source, stage, seat, int(s[at + i])):
                return True
    return False


@njit
def pick_target(s: Arr, cfg: Arr, owner: int, source: int, stage: int, seat: int, spec: int) -> int:
    """Copies of one card in one taco differ only by their points: an effect takes the most."""
    at = taco_at(seat)
    best = -1
    for i in range(1, s[TACO_LEN + seat]):
        c = int(s[at + i])
        fits = cfg[C_CARD_SPEC + c] == spec and target_ok(s, cfg, owner, source, stage, seat, c)
        if fits and (best < 0 or s[POINTS + c] > s[POINTS + best]):
            best = c
    return best


@njit
def others_hold(s: Arr, cfg: Arr, owner: int) -> bool:
    held = 0
    for seat in range(cfg[C_N]):
        held += s[HAND_LEN + seat] if seat != owner else 0
    return held > 0


# -- effects (effects.py) ----------------------------------------------------------------------------


@njit
def fire(s: Arr, cfg: Arr, card: int, owner: int, rng: Arr) -> None:
    """``Engine.fire``. A revived card's own effect fires next in this loop, not by recursion (Numba
    cannot cache recursive functions)."""
    e = attr(cfg, card, S_EFFECT)
    while e == E_REVIVE:
        card = revive_one(s, cfg, owner)
        if card < 0:
            return
        e = attr(cfg, card, S_EFFECT)
    count = attr(cfg, card, S_COUNT)
    if e == E_PLAY_ANOTHER:
        for _ in range(count):
            push(s, T_BONUS, owner, B_ANY, 0, 0)
    elif e == E_PLACE_INGREDIENT:
        kind = attr(cfg, card, S_KIND)
        if kind >= 0:
            push(s, T_BONUS, owner, B_KIND, kind, 0)
        else:
            pts = attr(cfg, card, S_PPOINTS)
            push(s, T_BONUS, owner, B_POINTS, pts if pts >= 0 else 1, 0)
    elif e == E_DRAW:
        for _ in range(count):
            draw(s, cfg, owner, rng)
    elif e in (E_DESTROY, E_STEAL, E_RETURN):
        if any_target(s, cfg, owner, card, -1):
            push(s, T_TARGET, owner, verb_of(cfg, card), card, -1)
    elif e == E_SWAP:
        if any_target(s, cfg, owner, card, -1) and any_target(s, cfg, owner, card, -2):
            push(s, T_TARGET, owner, V_SWAP, card, -1)
    elif e in (E_TAKE_RANDOM, E_MAKE_DISCARD):
        if others_hold(s, cfg, owner):
            push(s, T_CHOOSE, owner, e, card, 0)
    elif e == E_DISCARD_EACH:
        n = min(count, s[HAND_LEN + owner])
        if n:
            push(s, T_DISCARD, owner, n, WHY_POISON, 0)
    elif e == E_DESTROY_EACH:
        kind = attr(cfg, card, S_KIND)
        at = taco_at(owner)
        found = np.zeros(MAXC, np.int64)
        n = 0
        for i in range(s[TACO_LEN + owner]):
            c = int(s[at + i])
            if is_ingredient(cfg, c) and (kind < 0 or kind == attr(cfg, c, S_FOOD)):
                found[n] = c
                n += 1
        if n:
            destroy(s, cfg, int(found[random_index(s, rng, n)]))
    elif e == E_DISCARD_RANDOM_EACH:
        for _ in range(count):
            victim = random_from_hand(s, rng, owner)
            if victim < 0:
                return
            to_discard(s, victim)
    elif e == E_ACCENT:
        push(s, T_ACCENT, owner, 0, 0, 0)
    elif e == E_CANCEL:
        for _ in range(attr(cfg, card, S_DRAW)):
            draw(s, cfg, owner, rng)
    # E_NONE and E_TACO_MASTER (an ongoing effect the turn asks about) do nothing now
