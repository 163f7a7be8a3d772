"""Which kernel modules the learned value of a game is made of, and a table of given size to train on."""

from __future__ import annotations

import functools
import types
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled_learn import build_learn
from cardroom.core.compiled_protocol import CompiledKernel
from cardroom.core.learned_value import LearnedValueError, features_of
from cardroom.core.registry import kit, make

Arr = npt.NDArray[np.int64]


@dataclass(frozen=True)
class LearnedGame:
    """One game's pieces, from its kit: its name, its learned-value features module and its kernel (whose
    ``rules`` are the kernel protocol's functions)."""

    name: str
    features: types.ModuleType
    kernel: CompiledKernel

    @property
    def rules(self) -> types.ModuleType:
        return self.kernel.rules

    @property
    def default_players(self) -> tuple[int, ...]:
        """Table sizes the shipped model is trained on when ``--players`` is not given: the sizes people
        play most (every size shares one set of weights; see docs/learned-value.md)."""
        return kit(self.name).tuning.learner_players

    @property
    def feature_names(self) -> tuple[str, ...]:
        return tuple(self.features.FEATURES)

    def table(self, players: int, preset: str | None = None) -> tuple[Any, Arr]:
        """A game of ``players`` seats under ``preset`` (its default when omitted) and its options array."""
        if not 2 <= players <= self.features.MAXP:
            raise LearnedValueError(f"{self.name} is played by 2 to {self.features.MAXP}; asked for {players}")
        options: dict[str, Any] = {"players": players} if self.features.MAXP > 2 else {}
        game = make(self.name, preset=preset, **options)
        return game, self.kernel.config(game)

    def compiled(self) -> types.SimpleNamespace:
        """The game's compiled self-play (``core/compiled_learn.build_learn``), built once per process."""
        return _compiled(self.name)


def learned_game(name: str) -> LearnedGame:
    """The learned value's pieces of the game ``name``; a clear error for a game without a kernel."""
    features = features_of(name)  # the unknown game's, or the missing kernel's, error first
    module = kit(name).kernel_module()
    if module is None:
        raise LearnedValueError(f"{name}'s kernel cannot be loaded (numpy missing?)")
    return LearnedGame(name, features, module.KERNEL)


@functools.cache
def _compiled(name: str) -> types.SimpleNamespace:
    game = learned_game(name)
    return build_learn(name.replace("-", "_"), game.features, game.rules)
