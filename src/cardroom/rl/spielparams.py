"""A cardroom game's options and length bound as OpenSpiel game parameters."""

from __future__ import annotations

from typing import Any, cast

import cardroom
from cardroom.core.game import Game
from cardroom.core.registry import tuning

# OpenSpiel asks for a bound on a game's length in decisions (its random-simulation test checks it).
# The engines do not cap games, so a game's kit gives a generous estimate (``tuning.max_game_length``:
# about ten times the longest of many random games); a game without one gets this.
DEFAULT_MAX_GAME_LENGTH = 10_000


def max_game_length(game: Game) -> int:
    bound = tuning(game.name).max_game_length
    return DEFAULT_MAX_GAME_LENGTH if bound is None else bound(game)


# OpenSpiel fills every parameter a caller leaves out with its default, so an option's default here must
# mean "the preset's value": "" for text options and -1 for whole-number ones. A switch (True/False)
# cannot say that, so its default is the default preset's value, applied only when a caller changes it.
UNSET_TEXT = ""
UNSET_NUMBER = -1


def option_parameters(name: str) -> dict[str, Any]:
    """Every option of game ``name`` as an OpenSpiel parameter with its "preset's value" default."""
    out: dict[str, Any] = {}
    specs: tuple[Any, ...] = cast(Any, cardroom.core.game_class(name)).option_specs  # a Game class's
    for option in specs:
        if option.name == "players":
            continue  # a parameter of its own (0 keeps the preset's count), kept for old callers
        if isinstance(option.default, bool):
            out[option.name] = option.default
        elif isinstance(option.default, int) or (
            option.default is None and option.choices is None and option.name == "pool"
        ):
            out[option.name] = UNSET_NUMBER
        else:
            out[option.name] = UNSET_TEXT
    return out


def options_from(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The cardroom options the caller set among ``params`` (the rest keep the preset's values)."""
    options: dict[str, Any] = {}
    players = int(params.get("players", 0))
    if players:
        options["players"] = players
    for key, unset in option_parameters(name).items():
        if key not in params:
            continue
        value = params[key]
        if isinstance(unset, bool):
            if bool(value) != unset:
                options[key] = bool(value)
        elif value != unset:
            options[key] = value
    return options
