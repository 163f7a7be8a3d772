"""Between the reference engine and the Kittens kernel: options, states and actions, both ways.

``encode`` turns a reference state into the kernel's array and ``decode`` turns an array back into a
reference state (secrets and knowledge included), so the differential test can compare whole states in
both directions; ``action_text``/``action_id`` translate actions.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from cardroom.core.action import Action
from cardroom.games.kittens import cards as C
from cardroom.games.kittens import kernel as k
from cardroom.games.kittens.pending import ACTION_KINDS, PHASES, Pending
from cardroom.games.kittens.setup import defuses_back
from cardroom.games.kittens.state import KittensState

if TYPE_CHECKING:
    from cardroom.games.kittens.game import KittensGame


def unsupported(game: KittensGame) -> str | None:
    """Why the kernel cannot play this game's options (``None``: it holds every Kittens option)."""
    if sum(game.counts) > k.MAX_PILE:
        return f"the kernel holds games of at most {k.MAX_PILE} cards; this one has {sum(game.counts)}"
    return None


def config(game: KittensGame) -> k.Arr:
    """The options array of a game whose options the kernel holds (``Kernel.config`` checks
    :func:`unsupported` first)."""
    o = game.options
    cfg = np.zeros(k.CFG_SIZE, np.int64)
    cfg[k.C_PLAYERS] = game.players
    cfg[k.C_STACKING] = o["attacks"] == "stacking"
    cfg[k.C_FIVE] = bool(o["five_combo"])
    cfg[k.C_DISCARD_EXPLODED] = o["exploded_cards"] == "discard"
    cfg[k.C_DEAL] = int(o["deal"])
    cfg[k.C_BACK], cfg[k.C_GONE] = defuses_back(game)
    for kind in game.pairable:
        cfg[k.C_PAIRABLE + kind] = 1
    cfg[k.C_COUNTS : k.C_COUNTS + k.NK] = game.counts
    return cfg


def _counts(s: list[int], at: int, cards: tuple[int, ...]) -> None:
    for kind in cards:
        s[at + kind] += 1


def encode(state: KittensState) -> k.Arr:
    """The kernel array of a reference state (slots past each list's length are 0)."""
    n = state.game.players
    s = [0] * k.state_size(n)  # filled as a list: item by item, numpy scalars are slow
    s[k.STEP], s[k.COUNTER] = state.step, state.counter
    s[k.CURRENT], s[k.OWED], s[k.ATTACKED] = state.current, state.owed, int(state.attacked)
    s[k.PHASE] = PHASES.index(state.phase)
    p = state.pending
    s[k.P_KIND], s[k.P_TARGET], s[k.P_NAMED] = -1, -1, -1
    if p is not None:
        s[k.P_KIND], s[k.P_ACTOR], s[k.P_TARGET], s[k.P_NAMED] = ACTION_KINDS.index(p.kind), p.actor, p.target, p.named
        s[k.P_NCARDS], s[k.P_NNOPES] = len(p.cards), len(p.nopes)
        s[k.P_CARDS : k.P_CARDS + len(p.cards)] = p.cards
        s[k.P_NOPES : k.P_NOPES + len(p.nopes)] = p.nopes
    s[k.UNDECIDED] = sum(1 << seat for seat in state.undecided)
    s[k.OUT_LEN] = len(state.out)
    s[k.OUT : k.OUT + len(state.out)] = state.out
    s[k.OUTMASK] = sum(1 << seat for seat in state.out)
    _counts(s, k.REMOVED, state.removed)
    for seat, hand in enumerate(state.hands):
        _counts(s, k.HAND + k.NK * seat, hand)
    size = len(state.pile)
    s[k.PILE_LEN] = size
    s[k.PILE : k.PILE + size] = state.pile[::-1]
    for seat, known in enumerate(state.pile_known):
        for position, kind in known:
            if state.pile[position] != kind:
                raise ValueError(f"seat {seat} 'knows' {C.SLUGS[kind]} at {position}, which is not there")
            s[k.PKNOWN + size - 1 - position] |= 1 << seat
    s[k.DISC_LEN] = len(state.discard)
    s[k.DISC : k.DISC + len(state.discard)] = state.discard
    _counts(s, k.DCOUNT, state.discard)
    for knower, row in enumerate(state.hand_known):
        for holder, cards in enumerate(row):
            _counts(s, k.HK + (knower * n + holder) * k.NK, cards)
    return np.array(s, np.int64)


def canonical(s: k.Arr) -> k.Arr:
    """A copy without what the reference does not keep: slots past each list's length."""
    out = s.copy()
    out[k.PILE + int(s[k.PILE_LEN]) : k.PILE + k.MAX_PILE] = 0
    out[k.PKNOWN + int(s[k.PILE_LEN]) : k.PKNOWN + k.MAX_PILE] = 0
    out[k.DISC + int(s[k.DISC_LEN]) : k.DISC + k.MAX_PILE] = 0
    out[k.P_CARDS + int(s[k.P_NCARDS]) : k.P_CARDS + 5] = 0
    out[k.P_NOPES + int(s[k.P_NNOPES]) : k.P_NOPES + k.MAX_NOPES] = 0
    out[k.OUT + int(s[k.OUT_LEN]) : k.OUT + k.MAXP] = 0
    return out


_NONE = [0] * k.NK


def _cards(s: list[int], at: int) -> tuple[int, ...]:
    row = s[at : at + k.NK]
    if row == _NONE:  # most rows of hand knowledge are empty: the check runs this for every pair of seats
        return ()
    return tuple(kind for kind in range(k.NK) for _ in range(row[kind]))


def decode(array: k.Arr, game: KittensGame, seed: int = 0) -> KittensState:
    """The reference state of a kernel array (with ``seed``; no event history)."""
    s: list[int] = array.tolist()
    n = game.players
    if s[k.NEED]:
        raise ValueError("this array is midway through a random step (NEED is set): finish it first")
    size = s[k.PILE_LEN]
    pile = tuple(s[k.PILE : k.PILE + size][::-1])
    pending = None
    if s[k.P_KIND] >= 0:
        pending = Pending(
            ACTION_KINDS[s[k.P_KIND]],
            s[k.P_ACTOR],
            tuple(s[k.P_CARDS : k.P_CARDS + s[k.P_NCARDS]]),
            target=s[k.P_TARGET],
            named=s[k.P_NAMED],
            nopes=tuple(s[k.P_NOPES : k.P_NOPES + s[k.P_NNOPES]]),
        )
    masks = s[k.PKNOWN : k.PKNOWN + size][::-1]  # top first, as ``pile``
    anyone = 0
    for m in masks:
        anyone |= m
    pile_known = tuple(
        tuple((p, pile[p]) for p in range(size) if (masks[p] >> seat) & 1) if (anyone >> seat) & 1 else ()
        for seat in range(n)
    )
    hand_known = tuple(
        tuple(_cards(s, k.HK + (knower * n + holder) * k.NK) for holder in range(n)) for knower in range(n)
    )
    return KittensState(
        game,
        step=s[k.STEP],
        history=None,
        seed=seed,
        counter=s[k.COUNTER],
        hands=tuple(_cards(s, k.HAND + k.NK * seat) for seat in range(n)),
        pile=pile,
        discard=tuple(s[k.DISC : k.DISC + s[k.DISC_LEN]]),
        removed=_cards(s, k.REMOVED),
        out=tuple(s[k.OUT : k.OUT + s[k.OUT_LEN]]),
        current=s[k.CURRENT],
        owed=s[k.OWED],
        attacked=bool(s[k.ATTACKED]),
        phase=PHASES[s[k.PHASE]],
        pending=pending,
        undecided=tuple(seat for seat in range(n) if (s[k.UNDECIDED] >> seat) & 1),
        pile_known=pile_known,
        hand_known=hand_known,
    )


@cache
def action_text(a: int) -> str:
    """The reference's text of kernel action ``a``."""
    if a == k.A_DRAW:
        return "draw"
    if a == k.A_PASS:
        return "pass"
    if a == k.A_NOPE:
        return "nope"
    if a < k.A_FAVOR:
        return f"play {C.SLUGS[a - k.A_PLAY]}"
    if a < k.A_PAIR:
        return f"favor {a - k.A_FAVOR}"
    if a < k.A_TRIPLE:
        return f"pair {C.SLUGS[(a - k.A_PAIR) // 10]} {(a - k.A_PAIR) % 10}"
    if a < k.A_NAME:
        return f"triple {C.SLUGS[(a - k.A_TRIPLE) // 10]} {(a - k.A_TRIPLE) % 10}"
    for verb, base in (("name", k.A_NAME), ("give", k.A_GIVE), ("five", k.A_FIVE), ("take", k.A_TAKE)):
        if a < base + k.NK:
            return f"{verb} {C.SLUGS[a - base]}"
    return f"place {a - k.A_PLACE}"


@cache
def _ids() -> dict[str, int]:
    return {action_text(a): a for a in range(k.N_ACTIONS)}


def action_id(act: Action | str) -> int:
    """The kernel action of a reference action (or its canonical text)."""
    return _ids()[str(act)]
