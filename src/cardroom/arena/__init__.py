"""The arena: bots play each other on duplicate deals; win rates, ratings, seat advantage and plots.

>>> from cardroom.arena import ArenaConfig, run_arena   # doctest: +SKIP
>>> result = run_arena(ArenaConfig("tacocat", ("ismcts:iterations=200", "heuristic"), games=20))  # doctest: +SKIP
"""

from cardroom.arena.config import ArenaConfig
from cardroom.arena.match import GameRecord
from cardroom.arena.run import ArenaResult, run_arena, write_results
from cardroom.arena.stats import summarize, wilson

__all__ = ["ArenaConfig", "ArenaResult", "GameRecord", "run_arena", "summarize", "wilson", "write_results"]
