"""The arena: bots play each other on duplicate deals; win rates, ratings, seat advantage and plots.

>>> from cardroom.arena import ArenaConfig, run_arena
>>> result = run_arena(ArenaConfig("tacocat", ("heuristic", "random"), games=4, seed=1))
>>> sorted((r.deal, r.rotation) for r in result.records)   # every deal played again, seats swapped
[(0, 0), (0, 1), (1, 0), (1, 1)]

The names below are loaded when first used, so that registering ``cardroom arena`` (every ``cardroom``
command does) loads none of the arena's machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardroom.core.lazy import lazy_attributes

if TYPE_CHECKING:
    from cardroom.arena.config import ArenaConfig
    from cardroom.arena.match import GameRecord
    from cardroom.arena.run import ArenaResult, run_arena, write_results
    from cardroom.arena.stats import summarize, wilson

__all__ = ["ArenaConfig", "ArenaResult", "GameRecord", "run_arena", "summarize", "wilson", "write_results"]

_HOMES = {
    "ArenaConfig": "cardroom.arena.config",
    "GameRecord": "cardroom.arena.match",
    "ArenaResult": "cardroom.arena.run",
    "run_arena": "cardroom.arena.run",
    "write_results": "cardroom.arena.run",
    "summarize": "cardroom.arena.stats",
    "wilson": "cardroom.arena.stats",
}

__getattr__ = lazy_attributes(__name__, _HOMES)
