"""Which games exist and how to make one.

The built-in games are registered by module path so that importing cardroom imports no game until
one is asked for. Another game joins in one of two ways, neither of which changes any code here or
in the server: a call to :func:`register` in the process, or an entry in the ``CARDROOM_GAMES``
environment variable (``name=module:Class``, several separated by commas or spaces), which reaches a
process started by someone else, such as ``cardroom serve``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
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
PLUGINS = "CARDROOM_GAMES"  # the environment variable naming more games, ``name=module:Class`` each


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


def _from_environment() -> dict[str, str]:
    """The games ``CARDROOM_GAMES`` names; :class:`InvalidOptions` says what is wrong with an entry."""
    found: dict[str, str] = {}
    for entry in os.environ.get(PLUGINS, "").replace(",", " ").split():
        name, _, target = entry.partition("=")
        module, _, attr = target.partition(":")
        if not name or not module or not attr:
            raise InvalidOptions(f"{PLUGINS}: {entry!r} is not name=module:Class (several: separate by commas)")
        found[name] = target
    return found


def game_names() -> tuple[str, ...]:
    """Every playable game, built-in ones first, then those of ``CARDROOM_GAMES``, then registered ones."""
    names = dict.fromkeys(_available_builtins())
    names.update(dict.fromkeys(_from_environment()))
    names.update(dict.fromkeys(_REGISTERED))
    return tuple(names)


def game_class(name: str) -> GameFactory:
    target = _REGISTERED.get(name) or _from_environment().get(name) or _available_builtins().get(name)
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
