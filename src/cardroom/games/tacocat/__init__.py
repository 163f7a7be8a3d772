"""Tacocat Spelled Backwards: cards, board, rules, views, notation, presets and a heuristic bot."""

from cardroom.games.tacocat.game import TacocatGame
from cardroom.games.tacocat.state import TacocatState

__all__ = ["TacocatGame", "TacocatState"]
