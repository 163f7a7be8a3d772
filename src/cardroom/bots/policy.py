"""Default policies a search uses where its tree ends: the game's heuristic bot, or uniform random.

A policy is asked for the acting seat's move in an imagined state. It sees only that seat's view,
like any bot, so an imagined opponent never plays with knowledge it would not have.

Building a whole JSON view for every move of every playout is most of a playout's cost, so a bot may
offer ``choose_in(state, seat, rng)``: the same choice as ``choose(game, state.view(seat), rng)``, made
from the few parts of that seat's view it reads, taken straight from the state (the heuristic bots of
Tacocat, Exploding Kittens and T.A.C.O. do; ``tests/bots/test_brief_views.py`` checks they agree).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, Protocol

from cardroom.core.bot import Bot, ask
from cardroom.core.game import Game, State


class Policy(Protocol):
    name: str
    game: Game

    def move(self, state: State, seat: int, rng: random.Random) -> str: ...

    def move_from_view(self, view: dict[str, Any], rng: random.Random) -> str: ...


class RandomPolicy:
    name = "random"

    def __init__(self, game: Game) -> None:
        self.game = game

    def move(self, state: State, seat: int, rng: random.Random) -> str:
        # No view is built: the legal actions come straight from the state, which is the same list.
        return str(rng.choice(state.legal_actions(seat)))

    def move_from_view(self, view: dict[str, Any], rng: random.Random) -> str:
        return str(rng.choice(view["legal_actions"]))


class BotPolicy:
    """Any view-based bot used as a policy (normally the game's heuristic bot)."""

    def __init__(self, game: Game, bot: Bot) -> None:
        self.game = game
        self.bot = bot
        self.name = bot.name
        self.choose_in: Callable[[State, int, random.Random], str] | None = getattr(bot, "choose_in", None)

    def move(self, state: State, seat: int, rng: random.Random) -> str:
        if self.choose_in is not None:
            return self.choose_in(state, seat, rng)
        return ask(self.bot, state, seat, rng)

    def move_from_view(self, view: dict[str, Any], rng: random.Random) -> str:
        return self.bot.choose(self.game, view, rng)


def heuristic_bot(game: Game) -> Bot | None:
    """A fresh instance of the game's heuristic bot, or ``None`` if the game has none."""
    target: str | None = getattr(game, "heuristic_bot", None)
    if not target:
        return None
    module, attr = target.split(":")
    try:
        cls: Any = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return None  # a game whose heuristic is not written yet: playouts fall back to random
    bot: Bot = cls()
    return bot


def make_policy(game: Game, kind: str) -> Policy:
    """``heuristic`` (falls back to random if the game has no heuristic bot) or ``random``."""
    if kind == "heuristic":
        bot = heuristic_bot(game)
        if bot is not None:
            return BotPolicy(game, bot)
    return RandomPolicy(game)
