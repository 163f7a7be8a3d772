"""``python -m cardroom.fast.warm [MODULE ...]``: load (on a cold cache, compile) every game's kernel now, with progress.

``make run`` calls it before starting the room, so the first ``hard`` bot finds its kernel ready; a
later process loads the cached code in about a second.

``python -m cardroom.fast.warm --list`` prints every kernel module, the costliest to compile first, for
``make kernels`` to compile them side by side: the cold compiles took 106 s of CPU (T.A.C.O.), 69 s
(Exploding Kittens), 51 s (Tacocat) and 24 s (the tests' toy game), in the order of their sources' sizes;
started in registry order, two at a time, the longest began last and the pair ended about 30 s later.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import threading
import time
from pathlib import Path

from cardroom.core.compiled import COMPILED
from cardroom.core.compiled_registry import kernel_paths, warm


def _end_with(parent: int) -> None:
    """A server compiles in a child (``compiled_registry.compile_apart``): if the server dies, even by
    SIGKILL, the child is not left compiling for minutes on a machine nobody serves from."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def costliest_first(paths: list[str]) -> list[str]:
    """Kernel modules ordered by the size of their game's kernel sources, largest first."""

    def size(path: str) -> int:
        spec = importlib.util.find_spec(path)
        folder = Path(spec.origin).parent if spec is not None and spec.origin else None
        return sum(f.stat().st_size for f in folder.glob("kernel*.py")) if folder else 0

    return sorted(paths, key=size, reverse=True)


def main(argv: list[str] | None = None) -> int:
    """Every game's kernel, or the kernel modules named on the command line."""
    if not COMPILED:
        print("kernels: Numba is not installed (or NUMBA_DISABLE_JIT is set); nothing to compile")
        return 0
    named = sys.argv[1:] if argv is None else argv
    if named == ["--list"]:
        print(*costliest_first(kernel_paths(unlisted=True)), sep="\n")
        return 0
    if named[:1] == ["--parent"] and len(named) >= 2:
        _end_with(int(named[1]))
        named = named[2:]
    known = kernel_paths(unlisted=True)
    unknown = [p for p in named if p not in known]
    if unknown:
        print(f"not a game's kernel module: {', '.join(unknown)}; the kernels are {', '.join(known)}")
        return 2
    paths = named or kernel_paths()
    start = time.perf_counter()
    for i, path in enumerate(paths, 1):
        print(f"kernel {i} of {len(paths)}: {path} ...", end=" ", flush=True)
        print(f"ready in {warm(importlib.import_module(path).KERNEL):.1f} s", flush=True)
    print(f"all {len(paths)} kernels ready in {time.perf_counter() - start:.1f} s (a cold cache compiles them once)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
