"""The learned value's weights as bots read them: one JSON file per game, shipped in the game's own package
(its kit's ``weights``), checked against the game's features (its kit's ``features``).

A file holds the model's weights (per table size trained, one per feature in the features' order; a
size not trained takes the nearest trained size's) and what is needed to trust and reproduce them: the
format and its version, the game, the feature names, the seed, the table sizes, the games and positions
trained on, the exact command that trains it, and the held-out scores. It holds no time or machine name,
so the same command writes the same bytes. Weights are rounded to 12 significant digits, which keeps the
file small and independent of the last bit of floating point. Training them is ``cardroom.learn``'s.
"""

from __future__ import annotations

import functools
import json
import math
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from cardroom.core.errors import CardroomError
from cardroom.core.registry import game_names, kit

Floats = npt.NDArray[np.float64]


class LearnedValueError(CardroomError, ValueError):
    """A weights file missing, unreadable or made for other features; or a training request that
    cannot be met (an unknown game, a table size the game does not have)."""


def features_of(game: str) -> ModuleType:
    """The learned-value features module of ``game`` (its kit's ``features``); a clear error for an
    unknown game or one without a learned value."""
    if game not in game_names():
        raise LearnedValueError(f"no game named {game!r}; games: {', '.join(game_names())}")
    found = kit(game)
    if found.kernel is None:
        raise LearnedValueError(f"{game} has no compiled kernel, so no learned value")
    try:
        module = found.feature_module()
    except ImportError as exc:
        raise LearnedValueError(f"{game} has no learned-value features ({found.features})") from exc
    if module is None:
        raise LearnedValueError(f"{game} has no learned-value features (its kit names none)")
    return module


def feature_names(game: str) -> tuple[str, ...]:
    return tuple(features_of(game).FEATURES)


FORMAT = "cardroom-learned-value"
VERSION = 1
MODEL = "softmax over seats of a linear score (logistic regression for two players)"


def shipped_path(game: str) -> Path:
    """Where the package keeps ``game``'s weights: the file its kit names, in the game's own package."""
    where = kit(game).weights
    if where is None:
        raise LearnedValueError(f"{game} ships no learned value (its kit names no weights file)")
    package, _, name = where.partition(":")
    return Path(str(resources.files(package) / name))


def dumps(record: dict[str, Any]) -> str:
    """The file's text: sorted keys, two-space indents, a final newline (the same record, the same bytes)."""
    return json.dumps(record, indent=2, sort_keys=True) + "\n"


def rounded(w: Floats) -> list[float]:
    return [float(f"{v:.12g}") for v in w]


def read(game: str, path: Path | None = None) -> dict[str, Any]:
    """The checked record of ``game``'s weights file (the shipped one unless ``path``)."""
    where = path or shipped_path(game)
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LearnedValueError(
            f"no learned value for {game}: {where.name} is missing; train one with `cardroom learn train --game {game}`"
        ) from None
    except OSError as exc:
        raise LearnedValueError(f"cannot read the learned value of {game} ({where.name}): {exc}") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LearnedValueError(f"the learned value of {game} ({where.name}) is not valid JSON: {exc}") from None
    check(game, record, where.name)
    return record  # type: ignore[no-any-return]


def check(game: str, record: Any, name: str) -> None:
    """A clear :class:`LearnedValueError` if ``record`` is not a current weights file for ``game``."""
    where = f"the learned value of {game} ({name})"
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise LearnedValueError(f"{where} is not a {FORMAT} file")
    if record.get("version") != VERSION:
        raise LearnedValueError(f"{where} has version {record.get('version')!r}; this cardroom reads {VERSION}")
    if record.get("game") != game:
        raise LearnedValueError(f"{where} is for {record.get('game')!r}, not {game}")
    expected = list(feature_names(game))
    if record.get("features") != expected:
        raise LearnedValueError(f"{where} was trained on other features than this cardroom's; train it again")
    top = int(features_of(game).MAXP)
    sizes = record.get("weights")
    allowed = [str(n) for n in range(2, top + 1)]
    if not isinstance(sizes, dict) or not sizes or any(key not in allowed for key in sizes):
        raise LearnedValueError(f"{where} must map table sizes ({', '.join(allowed)}) to their weights")
    for key, w in sizes.items():
        if not isinstance(w, list) or len(w) != len(expected):
            raise LearnedValueError(f"{where} must hold {len(expected)} weights for {key} players, one per feature")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in w):
            raise LearnedValueError(f"{where} holds a weight for {key} players that is not a finite number")


def spread_sizes(sizes: dict[str, list[float]], features: Any) -> Floats:
    """The array ``value`` takes: the weights of every table size from 2 to the game's most (its
    ``features`` module's ``MAXP``), each size not trained taking those of the nearest trained size (the
    smaller one on a tie)."""
    top = int(features.MAXP)
    trained = sorted(int(key) for key in sizes)
    blocks = [sizes[str(min(trained, key=lambda t: (abs(t - n), t)))] for n in range(2, top + 1)]
    return np.array([v for block in blocks for v in block], np.float64)


def weights_for(game: str, path: Path | None = None) -> Floats:
    """The model ``value`` takes for ``game`` (a fresh float64 array: one weight per feature for every
    table size), from the shipped file unless ``path``; a :class:`LearnedValueError` saying what is
    wrong if it is missing or corrupt."""
    if path is not None:
        return spread_sizes(read(game, path)["weights"], features_of(game))
    return _shipped(game).copy()


@functools.cache
def _shipped(game: str) -> Floats:
    # The package's own file cannot change while it runs: every bot the room seats reads it once, not
    # once a seat. A copy goes out, so no caller can change another's weights.
    return spread_sizes(read(game)["weights"], features_of(game))
