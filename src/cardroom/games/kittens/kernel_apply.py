"""Exploding Kittens' kernel: one action carried out on the state array (``rules.py``), and the seats'
knowledge kept up to date as it goes (``knowledge.py``, whose kernel half is ``kernel_knowledge.py``).

The layout of the arrays, who acts and the legal actions, a new game and the result are in
``kernel.py``; this is everything that changes a game in progress. :func:`apply_rules` follows the
reference's rules step for step; the two random steps (a Shuffle and the steal of a pair) stop it with
``NEED`` set, and :func:`apply` finishes them with the kernel's generator (the differential check
finishes them with the reference's instead, through :func:`steal`).
"""

from __future__ import annotations

from cardroom.core.compiled import njit
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
    ATTACKED,
    C_DISCARD_EXPLODED,
    C_PLAYERS,
    C_STACKING,
    COUNTER,
    CURRENT,
    DCOUNT,
    DEFUSE,
    DISC,
    DISC_LEN,
    FAVOR,
    FIVE,
    GIVE_PHASE,
    HAND,
    KITTEN,
    NAME,
    NEED,
    NEED_NONE,
    NEED_SHUFFLE,
    NEED_STEAL,
    NK,
    NOPE,
    OUT,
    OUT_LEN,
    OUTMASK,
    OVER,
    OWED,
    P_ACTOR,
    P_CARDS,
    P_KIND,
    P_NAMED,
    P_NCARDS,
    P_NNOPES,
    P_NOPES,
    P_TARGET,
    PHASE,
    PILE,
    PILE_LEN,
    PK_ATTACK,
    PK_FAVOR,
    PK_FIVE,
    PK_PAIR,
    PK_SEE,
    PK_SHUFFLE,
    PK_SKIP,
    PK_TRIPLE,
    PKNOWN,
    PLACE,
    REMOVED,
    SHUFFLE,
    SKIP,
    STEAL_FROM,
    STEAL_TO,
    STEP,
    TAKE,
    TURN,
    UNDECIDED,
    WINDOW,
    Arr,
    hand_size,
    hk,
    living_mask,
    next_living,
    rand_below,
    shuffle,
)
from cardroom.games.kittens.kernel_knowledge import gain, lose_known_kind, lose_unseen


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
        shuffle(s, PILE, s[PILE_LEN], rng)
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
        _pend_cats(s, cfg, seat, a - A_PAIR, PK_PAIR, 2)
        _open_window(s, cfg)
    elif a < A_NAME:
        _pend_cats(s, cfg, seat, a - A_TRIPLE, PK_TRIPLE, 3)
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
def _pend_cats(s: Arr, cfg: Arr, seat: int, code: int, pk: int, copies: int) -> None:
    """Plays ``copies`` alike cats (``code`` is kind * 10 + target) as a pending steal of kind ``pk``."""
    kind, target = code // 10, code % 10
    _pend(s, pk, seat, target)
    for i in range(copies):
        lose(s, cfg, seat, kind)
        s[P_CARDS + i] = kind
    s[P_NCARDS] = copies


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
