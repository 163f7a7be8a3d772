"""Kept for tests/bots/conftest.py until it imports tests.support.sneaky_game itself (the toy game moved there)."""

from tests.support.sneaky_game import SneakyGame, registered

__all__ = ["SneakyGame", "registered"]
