"""cardroom: Tacocat Spelled Backwards, Exploding Kittens and T.A.C.O., played by their printed rules.

``cardroom.make(name, preset=..., **options)`` is the one front door; ``cardroom.GAMES`` names what
can be made. See ``cardroom.core`` for the contract every game follows.
"""

from cardroom.core import (
    Action,
    CorruptState,
    Game,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    Outcome,
    State,
    game_names,
    make,
    register,
)

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    # GAMES is computed on access so that a game registered after import shows up.
    if name == "GAMES":
        return game_names()
    raise AttributeError(f"module 'cardroom' has no attribute {name!r}")


__all__ = [
    "GAMES",
    "Action",
    "CorruptState",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "Outcome",
    "State",
    "__version__",
    "make",
    "register",
]
