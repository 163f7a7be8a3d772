"""Game-agnostic bots. Every bot sees one seat's view, never the state (the oracle, labelled, excepted).

Specs name them the same way everywhere: ``random``, ``heuristic``, ``ismcts:ms=500``,
``ismcts:iterations=2000``, ``oracle:ms=500`` (cheats; arena only). Difficulty words map to specs.
"""

from cardroom.bots.budget import Budget
from cardroom.bots.specs import (
    CHEATING_BOTS,
    DIFFICULTY,
    bot_names,
    make_bot,
    parse_spec,
    register_bot,
    resolve_spec,
)
from cardroom.bots.uniform import RandomBot

__all__ = [
    "CHEATING_BOTS",
    "DIFFICULTY",
    "Budget",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_spec",
    "register_bot",
    "resolve_spec",
]
