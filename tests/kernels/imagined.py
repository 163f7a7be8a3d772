"""The worlds a kernel search keeps for one seat, dealt one at a time (the inference tests of every game)."""

from __future__ import annotations

from typing import Any

import numpy as np

from cardroom.core.compiled_random import mix


def kept_worlds(search: Any, base: np.ndarray, cfg: np.ndarray, evidence: np.ndarray, n: int) -> list[np.ndarray]:
    """``n`` worlds ``search.imagine`` keeps from seat 0's knowledge of the encoded state ``base``, each
    from its own fixed generator, so a test sees the same worlds on every run."""
    rng, world_rng = np.array([mix(11, 0)], np.int64), np.zeros(1, np.int64)
    tally, world = np.zeros(3, np.int64), np.zeros(len(base), np.int64)
    kept = []
    for i in range(n):
        world_rng[0] = mix(12, i)
        search.imagine(world, base, cfg, 0, evidence, rng, world_rng, tally)
        kept.append(world.copy())
    return kept
