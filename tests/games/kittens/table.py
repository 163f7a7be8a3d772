"""Build a table by hand for scenario tests: chosen hands and pile, everything else set aside."""

from __future__ import annotations

from collections import Counter
from typing import Any

import cardroom
from cardroom.games.kittens import cards as C
from cardroom.games.kittens.game import KittensGame
from cardroom.games.kittens.pending import TURN
from cardroom.games.kittens.state import KittensState


def kinds(names: list[str]) -> tuple[int, ...]:
    return tuple(C.KIND_OF[n] for n in names)


def table(
    hands: list[list[str]],
    pile: list[str],
    *,
    preset: str = "classic",
    discard: list[str] | None = None,
    current: int = 0,
    owed: int = 1,
    attacked: bool = False,
    out: tuple[int, ...] = (),
    **options: Any,
) -> KittensState:
    """A state with exactly these hands, draw pile (top first) and discard pile; the rest of the deck
    is set aside as removed, so the cards still add up."""
    game = cardroom.make("exploding-kittens", preset=preset, players=len(hands), **options)
    assert isinstance(game, KittensGame)
    used = Counter([k for h in hands for k in kinds(h)] + list(kinds(pile)) + list(kinds(discard or [])))
    rest = [k for k in C.KINDS for _ in range(game.counts[k] - used[k])]
    n = len(hands)
    return KittensState(
        game,
        step=0,
        history=None,
        seed=12345,
        counter=0,
        hands=tuple(tuple(sorted(kinds(h))) for h in hands),
        pile=kinds(pile),
        discard=kinds(discard or []),
        removed=tuple(sorted(rest)),
        out=out,
        current=current,
        owed=owed,
        attacked=attacked,
        phase=TURN,
        pending=None,
        undecided=(),
        pile_known=((),) * n,
        hand_known=tuple(((),) * n for _ in range(n)),
    )


def everyone_passes(state: KittensState) -> KittensState:
    """Every seat still to answer the open window passes."""
    while state.phase == "window":
        state = state.apply(state.to_act[0], "pass")
    return state


def texts(state: KittensState, seat: int | None) -> list[str]:
    return [e["text"] for e in state.log(seat)]
