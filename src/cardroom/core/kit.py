"""A game's kit: everything the house knows about one game, declared once in the game's own package.

The registry (:mod:`cardroom.core.registry`) returns a :class:`GameKit` per game. The search, the
expert, the analysis, the balance lab, the learner and the OpenSpiel adapter read a game's parts and
its measured tuning from here, never by its name or by a module-naming convention, so a new game with a
kernel is its own folder plus one line in the registry. A kit names its heavy parts (the compiled
kernel, the evidence reader, the learned-value features, the lab's details) by module path: declaring
a game imports nothing, and each part is imported when first asked for.

A game registered without a kit (``register(name, Class)`` or ``CARDROOM_GAMES``) gets a plain one: its
kernel from the class's ``kernel`` attribute, the generic tuning, no evidence, no learned value.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any

from cardroom.core.game import Game

if TYPE_CHECKING:
    from cardroom.core.lab import LabDetails

GameFactory = Callable[..., Game]
#: (a seat's view with its log, the opponent model) -> the evidence array the kernel weighs worlds by.
Evidence = Callable[[Mapping[str, Any], str], Any]
#: (verb, its arguments, the seat names, the acting seat) -> the action's past and bare wording, or None.
ActionWords = Callable[[str, list[str], list[str], int], "tuple[str, str] | None"]

_NONE: Mapping[str, str] = MappingProxyType({})


def load(target: str) -> Any:
    """The object ``module:attr`` names (or the module, without ``:attr``)."""
    module, _, attr = target.partition(":")
    found = importlib.import_module(module)
    return getattr(found, attr) if attr else found


@dataclass(frozen=True)
class Tuning:
    """A game's settings measured in the strength and analysis runs (the docs name each run); a field
    left at its default is the generic setting every unlisted game gets."""

    #: The ``ismcts`` bot's parameters over the generic ones (docs/arena.md).
    search: Mapping[str, str] = field(default_factory=lambda: _NONE)
    #: The ``expert`` bot's search settings over its defaults (docs/expert.md).
    expert: Mapping[str, str] = field(default_factory=lambda: _NONE)
    #: Playouts of the analysis's selecting search (docs/analysis.md, "The yardstick").
    select_playouts: int = 16_384
    #: Fresh games behind the analysis's starting chance.
    prior_games: int = 8_192
    #: Worlds behind the analysis's value after each event (None: the engine's own default).
    event_worlds: int | None = None
    #: Table sizes the learned value is trained on when none are given (docs/learned-value.md).
    learner_players: tuple[int, ...] = (2,)
    #: OpenSpiel's bound on a game's length in decisions (None: the adapter's generic bound).
    max_game_length: Callable[[Game], int] | None = None


@dataclass(frozen=True)
class GameKit:
    """One game as the house finds it. Module paths are ``module`` or ``module:attr``."""

    name: str
    #: The game's class (or any factory taking ``preset`` and options), or its ``module:Class`` path.
    game: GameFactory | str
    tuning: Tuning = field(default_factory=Tuning)
    #: The compiled kernel's module (its ``KERNEL`` is a ``compiled_protocol.CompiledKernel``).
    kernel: str | None = None
    #: ``module:function`` reading the others' observed choices from a view (:data:`Evidence`).
    evidence: str | None = None
    #: The kernel's learned-value features module (``FEATURES``, ``MAXP``, compiled ``features``).
    features: str | None = None
    #: The learned value's weights file, inside the game's package (a ``package:file`` path).
    weights: str | None = None
    #: How the kernel's playouts may model the other seats (the ``duels`` setting): a name's index is
    #: the number the kernel takes. Empty: the playouts play the heuristic only.
    opponent_models: tuple[str, ...] = ()
    #: ``module:function`` wording one action for a person (:data:`ActionWords`).
    words: str | None = None
    #: ``module:attr``: the game's cards by code (the word its actions and log write, "see-the-future") to
    #: their printed names ("See the Future"), which the locale words in a person's language. None: the
    #: game's cards are shown as written (numbers, or names its deck keeps in every language).
    printed_names: str | None = None
    #: Names a game's log gives its seats instead of P0, P1 (Tacocat's sides), in seat order.
    side_names: tuple[str, ...] = ()
    #: ``module:attr``: the balance lab's details (a ``core.lab.LabDetails``).
    lab: str | None = None
    #: The RL docs' size table: (presets that share a row, player counts shown) per row.
    rl_rows: tuple[tuple[tuple[str, ...], tuple[int | None, ...]], ...] = ()
    #: The browser module that draws its tables: ``web/js/games/<renderer>.js`` (None: the generic one,
    #: which lists the view's fields; the actions are buttons either way).
    renderer: str | None = None
    #: Whether people are offered the game (the room's lobby, the terminal's menu); a game kept for the
    #: tests (the toy that proves a kit is all a game needs) is not, though it plays like any other.
    listed: bool = True

    def factory(self) -> GameFactory:
        if isinstance(self.game, str):
            found: GameFactory = load(self.game)
            return found
        return self.game

    def kernel_module(self) -> ModuleType | None:
        """The kernel's module, imported (None: the game has no kernel, or numpy is missing)."""
        if self.kernel is None:
            return None
        try:
            return importlib.import_module(self.kernel)
        except ImportError:  # numpy missing: no kernel at all
            return None

    def evidence_reader(self) -> Evidence | None:
        found: Evidence | None = None if self.evidence is None else load(self.evidence)
        return found

    def feature_module(self) -> ModuleType | None:
        return None if self.features is None else importlib.import_module(self.features)

    def action_words(self) -> ActionWords | None:
        found: ActionWords | None = None if self.words is None else load(self.words)
        return found

    def card_names(self) -> Mapping[str, str]:
        """The game's cards by code to their printed names (:attr:`printed_names`; empty: none declared)."""
        found: Mapping[str, str] = _NONE if self.printed_names is None else load(self.printed_names)
        return found

    def lab_details(self) -> LabDetails:
        from cardroom.core.lab import LabDetails

        found: LabDetails = LabDetails() if self.lab is None else load(self.lab)
        return found


def plain_kit(name: str, factory: GameFactory | str) -> GameKit:
    """The kit of a game registered without one: only its factory and the kernel its class names."""
    kit = GameKit(name, factory)
    kernel = getattr(kit.factory(), "kernel", None)
    return GameKit(name, factory, kernel=kernel or None)
