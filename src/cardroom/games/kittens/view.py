"""What one seat sees: the public table plus its own hand and its own private knowledge."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardroom.games.kittens import cards as C

if TYPE_CHECKING:
    from cardroom.games.kittens.pending import Pending
    from cardroom.games.kittens.state import KittensState


def pending_view(p: Pending | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {
        "action": p.kind,
        "actor": p.actor,
        "target": None if p.target < 0 else p.target,
        "named": None if p.named < 0 else C.SLUGS[p.named],
        "cards": C.slugs(p.cards),
        "nopes": list(p.nopes),
        "cancelled": p.cancelled,
    }


def build_view(state: KittensState, seat: int | None) -> dict[str, Any]:
    known_pile: list[list[Any]] = []
    known_hands: list[list[Any]] = []
    if seat is not None:
        known_pile = [[position, C.SLUGS[kind]] for position, kind in state.pile_known[seat]]
        known_hands = [[holder, C.slugs(cards)] for holder, cards in enumerate(state.hand_known[seat]) if cards]
    return {
        "hand": None if seat is None else C.slugs(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "out": list(state.out),
        "current": state.current,
        "turns_owed": state.owed,
        "attacked": state.attacked,
        "phase": state.phase,
        "draw_pile": len(state.pile),
        # Public: everyone saw how many Kittens went in and every one that came out.
        "kittens_in_pile": state.pile.count(C.KITTEN),
        "discard": C.slugs(state.discard),
        "removed": C.slugs(state.removed),
        "pending": pending_view(state.pending),
        "known_pile": known_pile,
        "known_hands": known_hands,
    }
