"""Pips' arrays and actions both ways: the reference state as the kernel's array and back, an action's
text as the kernel's number."""

from __future__ import annotations

import numpy as np

from cardroom.core.game import Game
from cardroom.games.pips import kernel_search as ks
from cardroom.games.pips.game import CARDS, PipsGame, PipsState


def encode(state: PipsState) -> ks.Arr:
    s = np.full(ks.STATE_SIZE, 0, np.int64)
    for c in CARDS:
        s[c - 1] = next(
            (seat for seat in (0, 1) if c in state.hands[seat]),
            ks.ASIDE if c == state.set_aside else ks.PLAYED,
        )
    s[ks.LEADER], s[ks.LED], s[ks.STEP] = state.leader, state.led, state.step
    s[ks.TRICKS], s[ks.TRICKS + 1] = state.tricks
    return s


def decode(s: ks.Arr, game: Game, seed: int = 0) -> PipsState:
    """The reference state the array holds (its log and seed are not in the array)."""
    hands = tuple(tuple(c for c in CARDS if s[c - 1] == seat) for seat in (0, 1))
    aside = next(c for c in CARDS if s[c - 1] == ks.ASIDE)
    tricks = (int(s[ks.TRICKS]), int(s[ks.TRICKS + 1]))
    return PipsState(game, seed, (hands[0], hands[1]), aside, int(s[ks.LEADER]), int(s[ks.LED]), tricks,
                     int(s[ks.STEP]), None)  # fmt: skip


def config(game: Game) -> ks.Arr:
    return np.zeros(1, np.int64)


def action_text(game: Game, a: int) -> str:
    return f"play {a + 1}"


def action_id(game: Game, text: str) -> int:
    return int(str(text).split()[1]) - 1


def unsupported(game: Game) -> str | None:
    return None  # the kernel holds every Pips game


def example() -> Game:
    return PipsGame()
