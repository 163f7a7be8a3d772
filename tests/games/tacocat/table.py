"""Building exact Tacocat positions for scenario tests, through the position notation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import cardroom
from cardroom.games.tacocat import TacocatGame, TacocatState


def cards(text: str) -> tuple[int, ...]:
    return tuple(int(w) for w in text.replace(",", " ").split())


def _csv(values: Iterable[int]) -> str:
    return ",".join(str(v) for v in values) or "-"


def position(
    yay: str,
    wow: str,
    phase: str,
    *,
    track: str = "Y...T...W",
    discard: str = "",
    elsewhere: str = "",
    extra: str = "",
    preset: str = "official",
    **options: Any,
) -> TacocatState:
    """A position with these hands and phase; the rest of the deck is the draw pile (highest first).

    ``discard`` lists face-up cards (an attack being answered is already there); ``elsewhere`` lists
    cards the phase field holds (set aside for replacement, laid face down for a duel).
    """
    game = cardroom.make("tacocat", preset=preset, **options)
    assert isinstance(game, TacocatGame)
    used = Counter(cards(yay)) + Counter(cards(wow)) + Counter(cards(discard)) + Counter(cards(elsewhere))
    rest = Counter(game.deck_cards) - used
    assert not used - Counter(game.deck_cards), f"more cards than the deck holds: {used - Counter(game.deck_cards)}"
    draw = sorted(rest.elements(), reverse=True)
    line = f"{track} {_csv(cards(yay))}/{_csv(cards(wow))} {_csv(draw)} {_csv(sorted(cards(discard)))} {phase} {extra}"
    return game.load(line.strip())


def legal(state: TacocatState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def play(state: TacocatState, *moves: tuple[int, str]) -> TacocatState:
    for seat, text in moves:
        nxt = state.apply(seat, text)
        assert isinstance(nxt, TacocatState)
        state = nxt
    return state


def texts(state: TacocatState, seat: int | None = None) -> list[str]:
    """The log's lines as that seat reads them."""
    return [str(e["text"]) for e in state.log(seat)]
