"""The garbage collector, set for a server whose live tables are a large, long-lived heap.

Measured under load (``bench/server_load.py``, 1,100 live tables): Python's full collections walked
every game state, log and snapshot in memory, stopping the server 0.4 to 0.5 s each, about every
eight seconds; those pauses alone made the 99th percentile of both the action request and the
socket push. Here, whatever survives a full collection is frozen (moved out of the collector's
sight, see :func:`gc.freeze`): it is long-lived by then, and the next full collections walk only
what was made since. Frozen objects are still freed the ordinary way when nothing refers to them;
only a reference cycle among them would outlive its use, so :func:`sweep` (hourly) thaws everything
for one whole collection, one pause an hour instead of several a minute.
"""

from __future__ import annotations

import asyncio
import gc

_loop: asyncio.AbstractEventLoop | None = None


def _after_collection(phase: str, info: dict[str, int]) -> None:
    if phase == "stop" and info.get("generation") == 2 and _loop is not None:
        # Not inside the collector's callback: on the loop, as soon as it is free.
        _loop.call_soon_threadsafe(gc.freeze)


def settle() -> None:
    """After startup: collect once, freeze what is left (the code, the resumed tables), and keep
    freezing the survivors of every full collection from now on."""
    global _loop
    _loop = asyncio.get_running_loop()
    gc.collect()
    gc.freeze()
    if _after_collection not in gc.callbacks:
        gc.callbacks.append(_after_collection)


def sweep() -> None:
    """Thaw everything, so that the next full collection finds any reference cycles that died
    while frozen (that collection freezes the survivors again)."""
    gc.unfreeze()


def stop() -> None:
    global _loop
    if _after_collection in gc.callbacks:
        gc.callbacks.remove(_after_collection)
    _loop = None
