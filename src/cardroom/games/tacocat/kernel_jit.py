"""Compile a kernel function with Numba when it is installed; otherwise run the same source as Python.

``cache=True`` writes the machine code next to the source (``__pycache__``), so only the first process
after an install or an edit pays the compile. ``NUMBA_DISABLE_JIT=1`` makes Numba itself return the
plain functions, which is how the kernels are debugged and how the tests check the uncompiled path.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_numba: Any
try:
    import numba as _numba
except ImportError:  # the `fast` extra is not installed: the kernels run as plain Python
    _numba = None

#: True when kernel functions are compiled (Numba present and not switched off).
COMPILED = _numba is not None and os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")


def njit(fn: F) -> F:
    """``numba.njit(cache=True)``, or the function itself without Numba."""
    if _numba is None:
        return fn
    compiled: F = _numba.njit(cache=True, nogil=True)(fn)  # a dispatcher, called like ``fn``
    return compiled
