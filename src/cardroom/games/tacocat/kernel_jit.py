"""Compile a kernel function with Numba when it is installed; otherwise run the same source as Python.

``cache=True`` writes the machine code next to the source (``__pycache__``), so only the first process
after an install or an edit pays the compile. Numba checks only the cached function's own file for
edits, but a compiled function has the kernel functions it calls built in: after an edit to
``kernel.py`` the search in ``kernel_search.py`` would keep running the old rules. So cached kernel
code is stamped with every ``kernel*.py`` file of its folder (``_install_locator``). ``NUMBA_DISABLE_JIT=1`` makes Numba itself return the
plain functions, which is how the kernels are debugged and how the tests check the uncompiled path.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_numba: Any
try:
    import numba as _numba
except ImportError:  # the `fast` extra is not installed: the kernels run as plain Python
    _numba = None



def _kernel_stamp(py_file: str) -> str:
    """A hash of every ``kernel*.py`` beside ``py_file``: the sources compiled into its functions."""
    folder = os.path.dirname(py_file)
    digest = hashlib.sha256()
    for name in sorted(os.listdir(folder)):
        if name.startswith("kernel") and name.endswith(".py"):
            with open(os.path.join(folder, name), "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()


def _is_kernel(py_file: str) -> bool:
    return f"{os.sep}cardroom{os.sep}games{os.sep}" in os.path.abspath(py_file) and os.path.basename(
        py_file
    ).startswith("kernel")


def _install_locator() -> None:
    """Teach Numba's cache to stamp kernel files with their whole folder's kernel sources.

    Each of Numba's file-backed cache locators (``NUMBA_CACHE_DIR``, the in-tree ``__pycache__``, the
    user-wide directory for read-only installs) gets a kernel variant placed just before it, so the
    cache goes where it would anyway and only the stamp changes."""
    try:
        from numba.core import caching
    except ImportError:
        return
    impl: Any = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    mixin: Any = getattr(caching, "_SourceFileBackedLocatorMixin", None)
    if impl is None or mixin is None or not hasattr(impl, "_locator_classes"):
        return  # another Numba layout: its own per-file stamps still apply
    if any(getattr(c, "kernel_variant", False) for c in impl._locator_classes):
        return
    classes: list[Any] = []
    for base in impl._locator_classes:
        if isinstance(base, type) and issubclass(base, mixin):
            classes.append(_variant(base))
        classes.append(base)
    impl._locator_classes = classes


def _variant(base: Any) -> Any:
    class KernelLocator(base):  # type: ignore[misc,valid-type]
        kernel_variant = True

        def get_source_stamp(self) -> str:
            return _kernel_stamp(self._py_file)

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            return super().from_function(py_func, py_file) if _is_kernel(py_file) else None

    KernelLocator.__name__ = f"Kernel{base.__name__.lstrip('_')}"
    return KernelLocator


if _numba is not None:
    _install_locator()

#: True when kernel functions are compiled (Numba present and not switched off).
COMPILED = _numba is not None and os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")


def njit(fn: F) -> F:
    """``numba.njit(cache=True)``, or the function itself without Numba."""
    if _numba is None:
        return fn
    compiled: F = _numba.njit(cache=True, nogil=True)(fn)  # a dispatcher, called like ``fn``
    return compiled
