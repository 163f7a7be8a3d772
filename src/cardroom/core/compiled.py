"""Numba for every game's kernel: compile with it when it is installed, else run the same source as Python.

``njit`` is ``numba.njit(cache=True, nogil=True)``: the machine code is written next to the source
(``__pycache__``; in ``NUMBA_CACHE_DIR`` if set, in the user's cache directory for a read-only
install), so only the first process after an install or an edit pays the compile; later processes
load it. Without Numba, or under ``NUMBA_DISABLE_JIT=1`` (Numba then hands back the plain functions,
which is how the kernels are debugged and how the tests check the uncompiled path), the kernels run
as plain Python from the same source.

Numba checks only a cached function's own file for edits, but a compiled function has every kernel
function it calls built in: after an edit to a game's ``kernel.py`` the search in its
``kernel_search.py`` would keep running the old rules. So the cached code of a kernel file (a
``kernel*.py`` of a game's folder, or a ``compiled*.py`` of this folder) is stamped with the contents
of every ``kernel*.py`` of its folder and of every ``compiled*.py`` here, the shared compiled helpers
it may call; the search written once here (``compiled_search.py``) is stamped with every game's kernel
files, since each game's copy of it has that game's rules built in (``_install_locator``).

The shared compiled helpers themselves live here too: ``mix60``, one step of the 60-bit hash that
keys every kernel search's information sets (the keys of its trees), free of int64 overflow.
"""

from __future__ import annotations

import glob
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

_CORE = os.path.dirname(os.path.abspath(__file__))


def _compiles(path: str) -> bool:
    """Whether a source file holds compiled code (it uses ``njit``): the others (codecs, checks, the
    registry) change no compiled function, so an edit to them recompiles nothing."""
    with open(path, encoding="utf-8") as f:
        return "njit" in f.read()


def _shared_sources() -> list[str]:
    """The shared compiled helpers (the ``compiled*.py`` of this folder that compile), which any kernel
    may call."""
    return [path for path in sorted(glob.glob(os.path.join(_CORE, "compiled*.py"))) if _compiles(path)]


def _game_kernels() -> list[str]:
    """Every game's compiled kernel files: the search written once in core (``compiled_search.py``) is
    copied for each game with that game's rules built in."""
    pattern = os.path.join(os.path.dirname(_CORE), "games", "*", "kernel*.py")
    return [path for path in sorted(glob.glob(pattern)) if _compiles(path)]


def _kernel_stamp(py_file: str) -> str:
    """A hash of the sources compiled into ``py_file``'s functions: every ``kernel*.py`` beside it (for
    a file of core: every game's) and every shared helper module here."""
    folder = os.path.dirname(os.path.abspath(py_file))
    if folder == _CORE:
        files = _game_kernels()
    else:
        files = [
            os.path.join(folder, name)
            for name in sorted(os.listdir(folder))
            if name.startswith("kernel") and name.endswith(".py") and _compiles(os.path.join(folder, name))
        ]
    digest = hashlib.sha256()
    for path in files + _shared_sources():
        digest.update(os.path.relpath(path, os.path.dirname(_CORE)).encode())
        with open(path, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def _is_kernel(py_file: str) -> bool:
    """Whether ``py_file`` holds kernel code: a game's ``kernel*.py`` or a shared ``compiled*.py``."""
    path = os.path.abspath(py_file)
    name = os.path.basename(path)
    if os.path.dirname(path) == _CORE:
        return name.startswith("compiled")
    return f"{os.sep}cardroom{os.sep}games{os.sep}" in path and name.startswith("kernel")


def _install_locator() -> None:
    """Teach Numba's cache to stamp kernel files with the kernel sources they are compiled with.

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
    class KernelLocator(base):  # type: ignore[misc]
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
    """``numba.njit(cache=True, nogil=True)``, or the function itself without Numba."""
    if _numba is None:
        return fn
    compiled: F = _numba.njit(cache=True, nogil=True)(fn)  # a dispatcher, called like ``fn``
    return compiled


# -- the shared compiled helpers ----------------------------------------------------------------------

MASK60 = (1 << 60) - 1
#: Where an information-set key starts: FNV's 64-bit offset basis, cut to 60 bits.
MIX60_START = 0xCBF29CE484222325 & MASK60


@njit
def mix60(h: int, x: int) -> int:
    """One step of the 60-bit FNV-style hash that keys every kernel search's information sets:
    ``((h ^ x) * PRIME) mod 2**60`` for ``0 <= h < 2**60``, with the low 32 bits of ``x`` mixed in.

    The plain product overflows int64 (``h`` has 60 bits, FNV's ``PRIME`` 41). In compiled code an
    overflowing product is undefined behaviour (LLVM may fold it differently from Python's exact
    integers), and run as Python on numpy integers it wraps with a warning; so ``PRIME`` = 2**40 +
    0x1B3 is applied in pieces, every one below 2**63, and all three paths give the same key."""
    h = h ^ (int(x) & 0xFFFFFFFF)
    hi = h >> 30
    return int((((h & 0xFFFFF) << 40) + (h & 0x3FFFFFFF) * 0x1B3 + (((hi * 0x1B3) & 0x3FFFFFFF) << 30)) & MASK60)


@njit
def choose(n: int, k: int) -> float:
    """The binomial coefficient as a float (0 outside 0 <= k <= n): the inference's hypergeometric counts,
    in every game that reads evidence."""
    if k < 0 or k > n:
        return 0.0
    r = 1.0
    for i in range(min(k, n - k)):
        r = r * (n - i) / (i + 1)
    return r
