"""Which games exist and how to make one. A game joins by calling :func:`register`.

The built-in games are registered by module path so that importing cardroom imports no game until
one is asked for.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game

GameFactory = Callable[..., Game]

_BUILTIN: dict[str, str] = {
    "tacocat": "cardroom.games.tacocat:TacocatGame",
    "exploding-kittens": "cardroom.games.kittens:KittensGame",
    "taco": "cardroom.games.taco:TacoGame",
}
_REGISTERED: dict[str, GameFactory | str] = {}


def register(name: str, factory: GameFactory | str) -> None:
    """Make ``name`` available to :func:`make`, the CLI, the arena, the server and the RL adapters."""
    _REGISTERED[name] = factory


def _available_builtins() -> dict[str, str]:
    found = {}
    for name, target in _BUILTIN.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module) is not None:
            found[name] = target
    return found


def game_names() -> tuple[str, ...]:
    """Every playable game, built-in ones first."""
    names = dict.fromkeys(_available_builtins())
    names.update(dict.fromkeys(_REGISTERED))
    return tuple(names)


def game_class(name: str) -> GameFactory:
    target = _REGISTERED.get(name) or _available_builtins().get(name)
    if target is None:
        raise InvalidOptions(f"no game named {name!r}; games: {', '.join(game_names())}")
    if isinstance(target, str):
        module, attr = target.split(":")
        factory: GameFactory = getattr(importlib.import_module(module), attr)
        return factory
    return target


def make(name: str, preset: str | None = None, **options: Any) -> Game:
    """The game ``name`` under a preset (its default when omitted) with option overrides."""
    return game_class(name)(preset=preset, **options)
