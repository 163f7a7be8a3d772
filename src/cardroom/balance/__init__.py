"""The balance lab: many games with fixed bots, and what they say about a game's design.

``cardroom balance GAME`` plays duplicate deals (seats rotated), collects per-game facts through a
game's *probe* (generic for every game, richer for T.A.C.O.'s data deck), and reports length, safety
limits, seat advantage, the skill gap and, for a data deck, each card's value.

The names below are loaded when first used: the lab's kernel runs need numpy (the ``fast`` extra),
and ``cardroom --help`` (which registers ``cardroom balance``) must not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.lazy import lazy_attributes

if TYPE_CHECKING:
    from cardroom.balance.config import BalanceConfig
    from cardroom.balance.play import play_games

__all__ = ["BalanceConfig", "play_games"]

_HOMES = {"BalanceConfig": "cardroom.balance.config", "play_games": "cardroom.balance.play"}

__getattr__ = lazy_attributes(__name__, _HOMES)
