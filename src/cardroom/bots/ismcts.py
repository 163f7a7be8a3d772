"""The ISMCTS bot: a fair search that sees one seat's view and imagines the rest with ``game.sample``."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from cardroom.bots.budget import Budget, budget_from
from cardroom.bots.policy import make_policy
from cardroom.bots.search import SearchStats, search
from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game, State
from cardroom.core.registry import tuning

PLAYOUTS = ("heuristic", "random")
DEFAULT_C = 1.0
DEFAULT_PRIOR = 0.5
# How the root decides: "paired" tries every root action in the same imagined worlds and keeps the
# default policy's move unless another beats it by z standard errors; "puct" is plain tree search.
ROOTS = ("paired", "puct")
DEFAULT_ROOT = "paired"
DEFAULT_Z = 1.0
DEFAULT_SPREAD = 0.25  # prior variance of a paired difference, added to the observed spread


def tuned_search(game: str) -> Mapping[str, str]:
    """The search settings found for ``game`` in the strength runs (its kit's ``tuning.search``; docs/arena.md):
    a spec's own parameters override them, and a game without any gets the generic defaults above."""
    return tuning(game).search


class SearchSettings:
    """The parameters a search spec takes: a budget, ``c`` (exploration), ``prior`` (the share of the
    prior on the default policy's move), ``root`` and ``z`` (how the root decides) and ``playout``
    (the default policy)."""

    def __init__(self, params: dict[str, str], bot: str, game: str = "") -> None:
        params = {**tuned_search(game), **params}
        self.budget: Budget = budget_from(params)
        try:
            self.exploration = float(params.pop("c", str(DEFAULT_C)))
            self.bias = float(params.pop("prior", str(DEFAULT_PRIOR)))
        except ValueError:
            raise InvalidOptions(f"{bot}: c and prior must be numbers") from None
        self.root = params.pop("root", DEFAULT_ROOT)
        if self.root not in ROOTS:
            raise InvalidOptions(f"{bot}: root must be one of {', '.join(ROOTS)}")
        try:
            self.z = float(params.pop("z", str(DEFAULT_Z)))
            self.spread = float(params.pop("spread", str(DEFAULT_SPREAD)))
        except ValueError:
            raise InvalidOptions(f"{bot}: z and spread must be numbers") from None
        if not 0.0 <= self.bias < 1.0:
            raise InvalidOptions(f"{bot}: prior must be at least 0 and below 1")
        self.playout = params.pop("playout", "heuristic")
        if self.playout not in PLAYOUTS:
            raise InvalidOptions(f"{bot}: playout must be one of {', '.join(PLAYOUTS)}")
        if params:
            raise InvalidOptions(
                f"{bot} takes ms, iterations, c, prior, root, z, spread and playout; unknown: {', '.join(sorted(params))}"
            )

    def label(self) -> str:
        extra = "" if self.exploration == DEFAULT_C else f",c={self.exploration:g}"
        extra += "" if self.bias == DEFAULT_PRIOR else f",prior={self.bias:g}"
        extra += "" if self.root == DEFAULT_ROOT else f",root={self.root}"
        extra += "" if self.z == DEFAULT_Z else f",z={self.z:g}"
        extra += "" if self.spread == DEFAULT_SPREAD else f",spread={self.spread:g}"
        extra += "" if self.playout == "heuristic" else f",playout={self.playout}"
        return self.budget.label() + extra


class SearchBot:
    """What the fair search and the oracle share: settings, the playout policy and one search call.

    They differ only in how a world is imagined: sampled from the view, or the true state itself.
    """

    def __init__(self, game: Game, settings: SearchSettings, name: str) -> None:
        self.settings = settings
        self.policy = make_policy(game, settings.playout)
        self.name = name
        self.last = SearchStats()

    @property
    def budget(self) -> Budget:
        return self.settings.budget

    def _search(
        self,
        game: Game,
        seat: int,
        root_view: dict[str, Any],
        world: Callable[[random.Random], State],
        rng: random.Random,
    ) -> str:
        if self.policy.game is not game:
            self.policy = make_policy(game, self.settings.playout)
        self.last = SearchStats()
        s = self.settings
        return search(
            game, seat, root_view, world, self.policy, s.budget, rng,
            s.exploration, s.bias, self.last, s.root == "paired", s.z, s.spread,
        )  # fmt: skip


class ISMCTSBot(SearchBot):
    """Information Set MCTS on the seat's view. Reads no State: every hidden card is imagined."""

    cheats = False

    def __init__(self, game: Game, settings: SearchSettings) -> None:
        # The label names every setting that differs from the generic defaults, tuned ones included.
        super().__init__(game, settings, f"ismcts:{settings.label()}")

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        root_view = dict(view)
        return self._search(game, root_view["seat"], root_view, lambda r: game.sample(root_view, r), rng)


def make_ismcts(game: Game, params: dict[str, str]) -> ISMCTSBot:
    return ISMCTSBot(game, SearchSettings(params, "ismcts", game.name))
