"""OpenSpiel bots as cardroom bots: they get one seat's view, like every other bot.

A cardroom bot is shown a view, never a state. To let an OpenSpiel bot (IS-MCTS) choose from a view,
we deal one world consistent with it (``game.sample(view, rng)``) and hand the bot that world as an
OpenSpiel state. IS-MCTS only reads the information state there and resamples its own worlds from
it, so the world we deal tells it nothing the view does not.

The bot spec ``openspiel-ismcts`` (parameters ``sims``, default 200, and ``uct``, default 2.0) is
registered with the other bots in :mod:`cardroom.bots.specs`, which imports this module on first use,
so the arena, the CLI and the server can name it without importing anything first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardroom.core.bot import Bot
from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game
from cardroom.rl.openspiel import CardroomSpielGame, CardroomSpielState, register
from cardroom.rl.spieldeals import Trail
from cardroom.rl.spielparams import option_parameters

SpielBotFactory = Callable[[pyspiel.Game, np.random.RandomState], pyspiel.Bot]


def ismcts_factory(sims: int = 200, uct: float = 2.0) -> SpielBotFactory:
    """OpenSpiel's own Python IS-MCTS with random rollouts, unlimited world samples."""

    def make(game: pyspiel.Game, rng: np.random.RandomState) -> pyspiel.Bot:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        return ismcts.ISMCTSBot(
            game=game,
            evaluator=evaluator,
            uct_c=uct,
            max_simulations=sims,
            max_world_samples=ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
            random_state=rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )

    return make


def spiel_game_for(game: Game) -> CardroomSpielGame:
    """The OpenSpiel game matching a cardroom game and its options."""
    register(game.name)
    params: dict[str, Any] = {"preset": game.preset}
    if "players" in game.options:
        params["players"] = int(game.options["players"])
    for key in option_parameters(game.name):  # every option, so the OpenSpiel game is the same game
        if game.options.get(key) is not None:
            params[key] = game.options[key]
    spiel_game: CardroomSpielGame = pyspiel.load_game(f"cardroom_{game.name}", params)
    return spiel_game


class SpielBot:
    """A cardroom :class:`~cardroom.core.bot.Bot` that asks an OpenSpiel bot."""

    def __init__(self, factory: SpielBotFactory, name: str = "openspiel") -> None:
        self.name = name
        self._factory = factory
        self._spiel_game: CardroomSpielGame | None = None
        self._for: Game | None = None

    def choose(self, game: Game, view: Mapping[str, Any], rng: random.Random) -> str:
        if self._spiel_game is None or self._for is not game:
            self._spiel_game, self._for = spiel_game_for(game), game
        spiel_game = self._spiel_game
        world = game.sample(dict(view), rng)
        state = CardroomSpielState(spiel_game, Trail(world, None))
        if state.current_player() != view["seat"]:
            # Several seats decide at once and OpenSpiel serves the lowest first: the bot was asked out
            # of that order, so it decides as if it were next (its information is the same).
            raise ValueError("OpenSpiel bots decide in seat order; ask the lowest seat in to_act first")
        bot = self._factory(spiel_game, np.random.RandomState(rng.getrandbits(32)))
        action = bot.step(state)
        return str(spiel_game.interface.actions.action(int(action)))


def make_spielbot_ismcts(game: Game, params: dict[str, str]) -> Bot:
    """The bot behind the spec ``openspiel-ismcts`` (registered lazily in :mod:`cardroom.bots.specs`)."""
    unknown = set(params) - {"sims", "uct"}
    if unknown:
        raise InvalidOptions(f"openspiel-ismcts takes sims and uct, not {', '.join(sorted(unknown))}")
    try:
        sims = int(params.get("sims", 200))
        uct = float(params.get("uct", 2.0))
    except ValueError:
        raise InvalidOptions("openspiel-ismcts: sims is a whole number, uct a number") from None
    if sims < 1:
        raise InvalidOptions("openspiel-ismcts: sims must be at least 1")
    return SpielBot(ismcts_factory(sims, uct), name=f"openspiel-ismcts:sims={sims}")
