"""Bots named by text specs, the same for the CLI, the arena and the server.

``random`` and ``heuristic`` (the game's own bot) are always here, and so are the searches: ``ismcts``
(fair; on the game's compiled kernel when it has one), ``ismcts-ref`` (the same search, always on the
reference engine) and ``oracle`` (cheats; only the arena may seat it; on the game's compiled kernel
when it has one, so it plays the fair ``ismcts``'s playouts from the true state). A spec is ``name`` or
``name:key=value,key=value``, for example ``ismcts:ms=500`` or ``ismcts:iterations=2000``.

Every bot is registered with its *budget rule*: how long a bot of a spec may think, read from the spec
with the same defaults the bot itself uses. The room paces its bots by it (:mod:`cardroom.bots.pace`),
so a bot that is registered is never forgotten there (a list of searching names once missed
``expert`` and ``ismcts-ref``, which then ran out of time at every decision and played at random).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from cardroom.bots.budget import Budget, budget_from
from cardroom.core.bot import Bot
from cardroom.core.errors import InvalidOptions
from cardroom.core.game import Game
from cardroom.core.kit import load

BotFactory = Callable[[Game, dict[str, str]], Bot]
#: A bot's budget rule: the budget a spec's parameters give it, ``None`` for a bot that does not search
#: (it answers at once). It reads a copy of the parameters and may raise :class:`InvalidOptions`.
BudgetRule = Callable[[dict[str, str]], Budget | None]
_FACTORIES: dict[str, BotFactory] = {}
_BUDGETS: dict[str, BudgetRule] = {}


def register_bot(name: str, factory: BotFactory, budget: BudgetRule) -> None:
    """Make ``name`` a bot spec. ``budget`` is required: the room must know how long the bot thinks."""
    _FACTORIES[name] = factory
    _BUDGETS[name] = budget


def answers_at_once(params: dict[str, str]) -> Budget | None:
    """The budget rule of a bot that does not search."""
    return None


def search_budget(params: dict[str, str]) -> Budget:
    """The budget rule of the searches: ``ms`` and ``iterations`` as given, ``ms=1000`` if neither
    (:func:`cardroom.bots.budget.budget_from`, which the searches read their specs with)."""
    return budget_from(dict(params))


def declared_budget(spec: str) -> Budget | None:
    """The budget the bot ``spec`` names declares (``None``: it answers at once, or the spec names no
    bot or is malformed, which :func:`make_bot` refuses anyway)."""
    try:
        name, params = parse_spec(spec)
        rule = _BUDGETS.get(name)
        return None if rule is None else rule(params)
    except InvalidOptions:
        return None


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise InvalidOptions(f"bad bot spec {spec!r}: parameters are key=value, separated by commas")
            params[key.strip()] = value.strip()
    return name.strip().lower(), params


def _random(game: Game, params: dict[str, str]) -> Bot:
    from cardroom.bots.uniform import RandomBot

    _no_params("random", params)
    return RandomBot()


def _heuristic(game: Game, params: dict[str, str]) -> Bot:
    _no_params("heuristic", params)
    target: str | None = getattr(game, "heuristic_bot", None)
    if target is None:
        raise InvalidOptions(f"{game.name} has no heuristic bot")
    module, attr = target.split(":")
    try:
        cls: Any = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise InvalidOptions(f"{game.name}'s heuristic bot {target} cannot be loaded: {exc}") from None
    bot: Bot = cls()
    return bot


def _no_params(name: str, params: dict[str, str]) -> None:
    if params:
        raise InvalidOptions(f"bot {name!r} takes no parameters, got {', '.join(params)}")


def _ismcts(game: Game, params: dict[str, str]) -> Bot:
    from cardroom.bots.fast_ismcts import make_fast_ismcts

    return make_fast_ismcts(game, params)  # the game's compiled kernel when it has one


def _ismcts_ref(game: Game, params: dict[str, str]) -> Bot:
    from cardroom.bots.fast_ismcts import make_reference_ismcts

    return make_reference_ismcts(game, params)


def _expert(game: Game, params: dict[str, str]) -> Bot:
    from cardroom.bots.expert import make_expert

    return make_expert(game, params)  # the kernel search with the learned value (and inference)


def _oracle(game: Game, params: dict[str, str]) -> Bot:
    from cardroom.bots.fast_ismcts import make_kernel_oracle

    return make_kernel_oracle(game, params)  # the game's compiled kernel when it has one


OPENSPIEL_BOT = "cardroom.rl.spielbot:make_spielbot_ismcts"


def _openspiel_ismcts(game: Game, params: dict[str, str]) -> Bot:
    # The bot lives with the OpenSpiel adapter, a layer above the bots (it plays through them), so it is
    # named by module path, as the registry names games, and loaded on first use only: it needs numpy and
    # open_spiel (the ``rl`` extra), which a plain ``import cardroom`` must not pull in.
    try:
        make_spielbot_ismcts = load(OPENSPIEL_BOT)
    except ImportError as exc:
        raise InvalidOptions(f"bot 'openspiel-ismcts' needs the rl extra (open_spiel, numpy): {exc}") from None
    bot: Bot = make_spielbot_ismcts(game, params)
    return bot


def _openspiel_budget(params: dict[str, str]) -> Budget:
    # It counts simulations (``sims``, 200 unless told), never time: the room gives it its whole cap.
    try:
        return Budget(iterations=int(params.get("sims", "200")))
    except ValueError:
        raise InvalidOptions("openspiel-ismcts: sims is a whole number") from None


register_bot("random", _random, answers_at_once)
register_bot("heuristic", _heuristic, answers_at_once)
register_bot("ismcts", _ismcts, search_budget)
register_bot("ismcts-ref", _ismcts_ref, search_budget)
register_bot("expert", _expert, search_budget)
register_bot("oracle", _oracle, search_budget)
register_bot("openspiel-ismcts", _openspiel_ismcts, _openspiel_budget)

# Bots that read the true state. make_bot refuses them unless the caller (the arena) allows cheats.
CHEATING_BOTS: set[str] = {"oracle"}


def follows_clock(spec: str) -> bool:
    """Whether the bot ``spec`` names stops on a time budget, so its games do not repeat exactly: its
    declared budget has an ``ms`` (a search with no ``iterations`` searches for ``ms=1000``).
    ``openspiel-ismcts:sims=400`` counts simulations, not time (its ``sims`` holds the letters ``ms``)."""
    budget = declared_budget(spec)
    return budget is not None and budget.ms is not None


def bot_names() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def make_bot(spec: str, game: Game, *, allow_cheats: bool = False) -> Bot:
    """The bot a spec names, for this game; :class:`InvalidOptions` lists the known names otherwise.

    A cheating bot (the oracle) is refused unless ``allow_cheats``: only the arena passes that.
    """
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise InvalidOptions(f"unknown bot {name!r}; bots: {', '.join(_FACTORIES)}")
    if name in CHEATING_BOTS and not allow_cheats:
        from cardroom.bots.oracle import CHEAT_NOTICE

        raise InvalidOptions(f"{name!r} is refused here: {CHEAT_NOTICE}")
    return factory(game, params)


# Difficulty words players see, mapped to specs; the first registered spec of each list wins, so a
# stronger bot takes over a word as soon as it is available.
DIFFICULTY: dict[str, tuple[str, ...]] = {
    "easy": ("random",),
    "normal": ("heuristic",),
    "hard": ("ismcts:ms=1000", "heuristic"),
    "expert": ("expert:ms=1000", "ismcts:ms=1000", "heuristic"),
}


def resolve_spec(word_or_spec: str) -> str:
    """A difficulty word's spec, or the spec itself."""
    choices = DIFFICULTY.get(word_or_spec.strip().lower())
    if choices is None:
        return word_or_spec
    for spec in choices:
        if parse_spec(spec)[0] in _FACTORIES:
            return spec
    return choices[-1]
