"""Numba for the Exploding Kittens kernel: the same ``njit`` as Tacocat's (``cache=True``, or the plain
function without Numba), whose cache stamp covers every ``kernel*.py`` of the folder a function lives
in, so an edit to any Kittens kernel file recompiles them all (see ``tacocat/kernel_jit.py``)."""

from __future__ import annotations

from cardroom.games.tacocat.kernel_jit import COMPILED, njit

__all__ = ["COMPILED", "njit"]
