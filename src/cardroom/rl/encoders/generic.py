"""The fallback encoder: works for any registered game from its view alone.

A game that has no encoder of its own still gets a fixed-length observation, so it joins the RL
adapters by registering, with no change in ``cardroom.rl``. The view's JSON is walked and every leaf
becomes a feature hashed into a fixed number of buckets ("feature hashing"):

- a number at path ``p`` adds ``sign(x) * log(1 + |x|)`` to bucket ``p`` (squashed so big counters
  stay in range);
- a string or ``None`` at path ``p`` adds 1 to bucket ``p=value`` (so a list of card names becomes
  counts by name);
- a list of scalars adds every element as ``p[]=value`` (counts by value) and, for its first few
  entries, the element at its position ``p[i]`` (per-seat lists such as hand sizes), plus its length.

Hashing uses BLAKE2 (stable across processes, unlike ``hash``). Collisions are possible and harmless
for learning; a game that wants exact, documented pieces registers its own encoder.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from cardroom.core.game import Game
from cardroom.rl.encoders.base import Encoder, Piece, seat_order

# Keys of the core's base view that carry no information a learner needs (constant for a game, or
# already given as the action mask) or that would make observations of equal positions differ.
SKIPPED = frozenset({"game", "preset", "options", "players", "seat", "step", "legal_actions", "outcome", "to_act"})
POSITIONS = 10
LIMIT = 32.0


def _squash(x: float) -> float:
    return math.copysign(math.log1p(abs(x)), x)


class FeatureHasher:
    """Adds the leaves of JSON data into a fixed number of buckets, as the module docstring says."""

    def __init__(self, buckets: int) -> None:
        self.buckets = buckets
        self._cache: dict[str, int] = {}

    def bucket(self, token: str) -> int:
        found = self._cache.get(token)
        if found is None:
            digest = hashlib.blake2b(token.encode(), digest_size=8).digest()
            found = int.from_bytes(digest, "little") % self.buckets
            if len(self._cache) < 100_000:
                self._cache[token] = found
        return found

    def add(self, path: str, value: Any, out: np.ndarray) -> None:
        if isinstance(value, bool):
            out[self.bucket(path)] += float(value)
        elif isinstance(value, int | float):
            out[self.bucket(path)] += _squash(float(value))
        elif value is None or isinstance(value, str):
            out[self.bucket(f"{path}={value}")] += 1.0
        elif isinstance(value, Mapping):
            for key, item in value.items():
                self.add(f"{path}.{key}", item, out)
        elif isinstance(value, list | tuple):
            out[self.bucket(f"{path}#len")] += _squash(len(value))
            for i, item in enumerate(value):
                if item is None or isinstance(item, str | int | float):
                    out[self.bucket(f"{path}[]={item}")] += 1.0
                    if i < POSITIONS and not isinstance(item, str):
                        self.add(f"{path}[{i}]", item, out)
                else:
                    self.add(f"{path}[{i if i < POSITIONS else '*'}]", item, out)


class HashedViewEncoder(Encoder):
    label = "hashed view encoder (generic)"

    def __init__(self, game: Game, buckets: int = 256) -> None:
        self.hasher = FeatureHasher(buckets)
        super().__init__(game)

    def layout(self) -> list[Piece]:
        n = self.game.players
        return [
            Piece("to_act", (n,), "1 for each seat that must decide now, seats counted from mine"),
            Piece("is_over", (1,), "1 once the game is over"),
            Piece("features", (self.hasher.buckets,), "hashed features of the rest of the view", LIMIT, -LIMIT),
        ]

    def fill(self, view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
        order = seat_order(view)
        acting = set(view.get("to_act", ()))
        for k, seat in enumerate(order):
            out["to_act"][k] = seat in acting
        out["is_over"][0] = bool(view.get("is_over"))
        features = out["features"]
        for key, value in view.items():
            if key not in SKIPPED:
                self.hasher.add(key, value, features)
