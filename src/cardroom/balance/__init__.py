"""The balance lab: many games with fixed bots, and what they say about a game's design.

``cardroom balance GAME`` plays duplicate deals (seats rotated), collects per-game facts through a
game's *probe* (generic for every game, richer for T.A.C.O.'s data deck), and reports length, safety
limits, seat advantage, the skill gap and, for a data deck, each card's value.
"""

from cardroom.balance.config import BalanceConfig
from cardroom.balance.play import play_games

__all__ = ["BalanceConfig", "play_games"]
