"""Which games exist and how to make one.

The built-in games are registered by the path of their kit (``core/kit.py``: the game and everything
the house knows about it, declared in the game's own package), so that importing cardroom imports no
game until one is asked for. Another game joins in one of two ways, neither of which changes any code
here or in the server: a call to :func:`register` in the process (with a class or a kit), or an entry in
the ``CARDROOM_GAMES`` environment variable (``name=module:Class``, several separated by commas or
spaces), which reaches a process started by someone else, such as ``cardroom serve``.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from typing import Any

from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game
from cardroom.core.kit import GameFactory, GameKit, Tuning, load, plain_kit

#: One line a game: its kit's ``module:attr``.
_BUILTIN: dict[str, str] = {
    "tacocat": "cardroom.games.tacocat.kit:KIT",
    "exploding-kittens": "cardroom.games.kittens.kit:KIT",
    "taco": "cardroom.games.taco.kit:KIT",
    "pips": "cardroom.games.pips.kit:KIT",
}
_REGISTERED: dict[str, GameFactory | GameKit | str] = {}
PLUGINS = "CARDROOM_GAMES"  # the environment variable naming more games, ``name=module:Class`` each


def register(name: str, factory: GameFactory | GameKit | str) -> None:
    """Make ``name`` available to :func:`make`, the CLI, the arena, the server and the RL adapters
    (``factory``: the game's class, its ``module:Class`` path, or its whole kit)."""
    _REGISTERED[name] = factory


def _available_builtins() -> dict[str, str]:
    found = {}
    for name, target in _BUILTIN.items():
        package = target.split(":")[0].rpartition(".")[0]  # the game's package: finding it imports no game
        if importlib.util.find_spec(package) is not None:
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


def kit(name: str) -> GameKit:
    """The kit of the game ``name``; :class:`InvalidOptions` listing the games for an unknown name."""
    if name in _REGISTERED:
        target = _REGISTERED[name]
    elif name in (named := _from_environment()):
        target = named[name]
    elif name in (builtin := _available_builtins()):
        return _builtin_kit(builtin[name])
    else:
        raise InvalidOptions(f"no game named {name!r}; games: {', '.join(game_names())}")
    return target if isinstance(target, GameKit) else plain_kit(name, target)


def tuning(name: str) -> Tuning:
    """The measured tuning of the game ``name``; the generic one for a name no game has (a bot made
    for no particular game)."""
    try:
        return kit(name).tuning
    except InvalidOptions:
        return Tuning()


@functools.cache
def _builtin_kit(target: str) -> GameKit:
    found: GameKit = load(target)
    return found


def kit_of(game: Game) -> GameKit:
    """The kit of ``game`` (by its name; a game of a class registered under another name, or of none,
    gets its class's plain kit)."""
    try:
        found = kit(game.name)
    except InvalidOptions:
        return plain_kit(game.name, type(game))
    return found if isinstance(game, _class_of(found)) else plain_kit(game.name, type(game))


def _class_of(found: GameKit) -> type:
    factory = found.factory()
    return factory if isinstance(factory, type) else Game


def kits() -> tuple[GameKit, ...]:
    """Every playable game's kit, in :func:`game_names` order."""
    return tuple(kit(name) for name in game_names())


def game_class(name: str) -> GameFactory:
    return kit(name).factory()


def make(name: str, preset: str | None = None, **options: Any) -> Game:
    """The game ``name`` under a preset (its default when omitted) with option overrides."""
    return game_class(name)(preset=preset, **options)
