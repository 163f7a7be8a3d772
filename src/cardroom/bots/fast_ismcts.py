"""ISMCTS on a game's compiled kernel: the same search as ``ismcts-ref``, fifty times the playouts.

A game offers a kernel by naming its module in ``game.kernel`` (as it names its heuristic bot); the
module has ``unsupported(game)``, ``Searcher`` and ``Settings`` (see docs/kernels.md). The ``ismcts``
spec uses it whenever the kernel is compiled (Numba installed and not switched off) and supports the
game's options; ``ismcts-ref`` always runs the reference search. Like every fair bot it receives only
the view: the kernel starts from ``game.sample(view)`` and re-deals the unseen cards for each world.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from cardroom.bots.budget import now
from cardroom.bots.ismcts import ISMCTSBot, SearchSettings
from cardroom.bots.search import SearchStats
from cardroom.core.game import Game
from cardroom.fast import kernel_of

_warmed: set[str] = set()


def kernel_for(game: Game) -> ModuleType | None:
    """The game's compiled kernel module, or ``None`` (no kernel, not compiled, or options it lacks)."""
    module = kernel_of(game)
    if module is None or not module.COMPILED:
        return None
    return module


def _warm(kernel: ModuleType) -> None:
    """Load (or, on a cold cache, compile) the kernel's code once a process. It is done at the first
    decision, before its clock starts, not when a bot is made: a server validates bot specs on its
    event loop, where a compile of half a minute would stall every table."""
    if kernel.__name__ not in _warmed:
        kernel.warm()
        _warmed.add(kernel.__name__)


class FastISMCTSBot(ISMCTSBot):
    """``ISMCTSBot`` with its search run by the game's kernel; same settings, same statistics."""

    def __init__(self, game: Game, settings: SearchSettings, kernel: ModuleType) -> None:
        super().__init__(game, settings)
        self.kernel = kernel
        self.searcher = kernel.Searcher(game)

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        legal: list[str] = list(view["legal_actions"])
        if not legal:
            raise ValueError(f"seat {view.get('seat')} has no legal action in this view: it is not to act")
        self.last = SearchStats()
        if len(legal) == 1:
            return legal[0]
        if self.searcher.game is not game:
            self.searcher = self.kernel.Searcher(game)
        _warm(self.kernel)  # before the clock: the first decision's budget is not spent loading code
        s = self.settings
        start = now()
        settings = self.kernel.Settings(
            iterations=s.budget.iterations, deadline=s.budget.deadline(start), exploration=s.exploration,
            bias=s.bias, paired=s.root == "paired", z=s.z, spread=s.spread, playout=s.playout,
        )  # fmt: skip
        result = self.searcher.search(view, rng, settings)
        self.last = SearchStats(result.iterations, 0, now() - start, result.nodes, result.root)
        if result.action not in legal:  # the differential tests make this a can't-happen; say so if it does
            raise RuntimeError(f"the {game.name} kernel chose {result.action!r}, not in the view's legal "
                               "actions: a kernel bug (the ismcts-ref bot runs the reference search)")  # fmt: skip
        return str(result.action)


def make_fast_ismcts(game: Game, params: dict[str, str]) -> ISMCTSBot:
    """The kernel's ISMCTS when the game has a compiled kernel, else the reference search."""
    from cardroom.bots.ismcts import make_ismcts

    kernel = kernel_for(game)
    if kernel is None:
        return make_ismcts(game, params)
    return FastISMCTSBot(game, SearchSettings(params, "ismcts", game.name), kernel)


def make_reference_ismcts(game: Game, params: dict[str, str]) -> ISMCTSBot:
    """The reference search, by name, for comparison with the kernel's."""
    from cardroom.bots.ismcts import make_ismcts

    bot = make_ismcts(game, params)
    bot.name = "ismcts-ref" + bot.name.removeprefix("ismcts")
    return bot
