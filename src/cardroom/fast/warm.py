"""``python -m cardroom.fast.warm``: load (on a cold cache, compile) every game's kernel now, with progress.

``make run`` calls it before starting the room, so the first ``hard`` bot finds its kernel ready; a
later process loads the cached code in about a second.
"""

from __future__ import annotations

import importlib
import sys
import time

from cardroom.core.compiled import COMPILED
from cardroom.core.compiled_registry import kernel_paths, warm


def main() -> int:
    if not COMPILED:
        print("kernels: Numba is not installed (or NUMBA_DISABLE_JIT is set); nothing to compile")
        return 0
    paths = kernel_paths()
    start = time.perf_counter()
    for i, path in enumerate(paths, 1):
        print(f"kernel {i} of {len(paths)}: {path} ...", end=" ", flush=True)
        print(f"ready in {warm(importlib.import_module(path)):.1f} s", flush=True)
    print(f"all {len(paths)} kernels ready in {time.perf_counter() - start:.1f} s (a cold cache compiles them once)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
