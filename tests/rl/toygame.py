"""Kept for tests/rl/conftest.py until it imports tests.support.high_card_game itself (the toy game moved there)."""

from tests.support.high_card_game import HighCardGame

__all__ = ["HighCardGame"]
