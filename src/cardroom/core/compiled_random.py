"""The kernels' own random numbers: one small generator every game's kernel shares.

A generator is a one-element ``int64`` array (or the first slot of a larger one) holding a xorshift32
state, never 0. ``mix`` turns a run's seed and a game's number into such a state, so game ``i`` of a
batch is dealt the same whichever process plays it, ``rand_below`` draws from it and ``shuffle``
shuffles with it. The same
arithmetic compiled or as plain Python, so a seed gives the same games on every path.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cardroom.core.compiled import njit

Arr = npt.NDArray[np.int64]

MASK32 = 0xFFFFFFFF


@njit
def rand_below(rng: Arr, n: int) -> int:
    """A number in 0..n-1 from the xorshift32 state in ``rng[0]`` (never 0)."""
    x = int(rng[0])
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    rng[0] = x
    return (x * n) >> 32


@njit
def shuffle(a: Arr, at: int, n: int, rng: Arr) -> None:
    """Fisher-Yates over ``a[at:at + n]``, as ``random.shuffle``: every order equally likely. Every
    kernel's own shuffles, deals and re-deals come through here (tests/kernels/test_randomness.py
    counts all 120 orders of five cards)."""
    for i in range(n - 1, 0, -1):
        j = rand_below(rng, i + 1)
        a[at + i], a[at + j] = a[at + j], a[at + i]


@njit
def mix(seed: int, index: int) -> int:
    """A non-zero 32-bit generator state for game ``index`` of a run seeded with ``seed``."""
    x = ((seed & MASK32) ^ ((seed >> 32) & MASK32) ^ ((index * 0x9E3779B9) & MASK32)) & MASK32
    for _ in range(2):
        x ^= x >> 16
        x = (x * 0x7FEB352D) & MASK32
        x ^= x >> 15
        x = (x * 0x846CA68B) & MASK32
    x ^= x >> 16
    return x if x != 0 else 0x6D2B79F5
