"""Which kernel modules the learned value of a game is made of, and a table of given size to train on."""

from __future__ import annotations

import functools
import importlib
import types
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled_learn import build_learn
from cardroom.core.registry import game_class, game_names, make
from cardroom.learn.errors import LearnedValueError

Arr = npt.NDArray[np.int64]

#: Table sizes a game's shipped model is trained on when ``--players`` is not given: the sizes people
#: play most (every size shares one set of weights; see docs/learned-value.md).
DEFAULT_PLAYERS = {"tacocat": (2,), "exploding-kittens": (2, 3, 4, 5), "taco": (2, 3, 4, 5, 6)}


@dataclass(frozen=True)
class LearnedGame:
    """One game's pieces: its name, its kernel folder's ``kernel_features``, ``kernel_search`` and
    ``kernel_api`` modules."""

    name: str
    features: types.ModuleType
    rules: types.ModuleType
    api: types.ModuleType

    @property
    def feature_names(self) -> tuple[str, ...]:
        return tuple(self.features.FEATURES)

    def table(self, players: int, preset: str | None = None) -> tuple[Any, Arr]:
        """A game of ``players`` seats under ``preset`` (its default when omitted) and its options array."""
        if not 2 <= players <= self.features.MAXP:
            raise LearnedValueError(
                f"{self.name} is played by 2 to {self.features.MAXP}; asked for {players}"
            )
        options: dict[str, Any] = {"players": players} if self.features.MAXP > 2 else {}
        game = make(self.name, preset=preset, **options)
        return game, self.api.KERNEL.config(game)

    def compiled(self) -> types.SimpleNamespace:
        """The game's compiled self-play (``core/compiled_learn.build_learn``), built once per process."""
        return _compiled(self.name)


def learned_game(name: str) -> LearnedGame:
    """The learned value's pieces of the game ``name``; a clear error for a game without a kernel."""
    if name not in game_names():
        raise LearnedValueError(f"no game named {name!r}; games: {', '.join(game_names())}")
    api_path = getattr(game_class(name), "kernel", None)
    if not api_path:
        raise LearnedValueError(f"{name} has no compiled kernel, so no learned value")
    folder = api_path.rsplit(".", 1)[0]
    try:
        features = importlib.import_module(folder + ".kernel_features")
    except ImportError as exc:
        raise LearnedValueError(f"{name} has no learned-value features ({folder}.kernel_features)") from exc
    return LearnedGame(name, features, importlib.import_module(folder + ".kernel_search"),
                       importlib.import_module(api_path))  # fmt: skip


@functools.cache
def _compiled(name: str) -> types.SimpleNamespace:
    game = learned_game(name)
    return build_learn(name.replace("-", "_"), game.features, game.rules)
