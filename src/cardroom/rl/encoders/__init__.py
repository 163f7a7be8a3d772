"""Observation encoders, found by game name.

``encoder_for(game)`` returns the game's own encoder when one is registered (the three built-in games
have theirs in ``cardroom.rl.encoders.<module>``), else the generic :class:`HashedViewEncoder`, so a
game registered later works at once. A new encoder joins with ``register_encoder(name, factory)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from cardroom.core.game import Game
from cardroom.rl.encoders.base import Encoder, Piece
from cardroom.rl.encoders.generic import HashedViewEncoder

EncoderFactory = Callable[[Game], Encoder]

# Built-in encoders by module path, imported only when their game is used.
_BUILTIN: dict[str, str] = {
    "tacocat": "cardroom.rl.encoders.tacocat:TacocatEncoder",
    "exploding-kittens": "cardroom.rl.encoders.kittens:KittensEncoder",
    "taco": "cardroom.rl.encoders.taco:TacoEncoder",
}
_REGISTERED: dict[str, EncoderFactory] = {}


def register_encoder(name: str, factory: EncoderFactory) -> None:
    """Use ``factory(game)`` to encode the views of the game called ``name``."""
    _REGISTERED[name] = factory


def _builtin(name: str) -> EncoderFactory | None:
    target = _BUILTIN.get(name)
    if target is None:
        return None
    module, attr = target.split(":")
    try:
        factory: EncoderFactory = getattr(importlib.import_module(module), attr)
    except ModuleNotFoundError as exc:
        # An encoder module may be missing from a trimmed install; then the generic one serves.
        if exc.name != module:
            raise
        return None
    return factory


def encoder_for(game: Game, *, generic: bool = False) -> Encoder:
    """The encoder for ``game``: its own if registered, else the hashed generic one (or that one if asked)."""
    factory = None if generic else (_REGISTERED.get(game.name) or _builtin(game.name))
    if factory is None:
        return HashedViewEncoder(game)
    return factory(game)


__all__ = ["Encoder", "EncoderFactory", "HashedViewEncoder", "Piece", "encoder_for", "register_encoder"]
