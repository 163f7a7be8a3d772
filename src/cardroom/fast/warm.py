"""``python -m cardroom.fast.warm [MODULE ...]``: load (on a cold cache, compile) every game's kernel now, with progress.

``make run`` calls it before starting the room, so the first ``hard`` bot finds its kernel ready; a
later process loads the cached code in about a second.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
import time

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


def main(argv: list[str] | None = None) -> int:
    """Every game's kernel, or the kernel modules named on the command line."""
    if not COMPILED:
        print("kernels: Numba is not installed (or NUMBA_DISABLE_JIT is set); nothing to compile")
        return 0
    named = sys.argv[1:] if argv is None else argv
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
