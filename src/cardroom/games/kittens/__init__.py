"""Exploding Kittens: the 56-card game of drawing until someone explodes, under its classic and current rules."""

from cardroom.games.kittens.game import KittensGame

__all__ = ["KittensGame"]
