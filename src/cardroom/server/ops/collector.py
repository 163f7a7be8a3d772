"""The garbage collector, set for a server whose live tables are a large, long-lived heap.

Measured under load (``bench/server/server_load.py``, 1,100 live tables): Python's full collections walked
every game state, log and snapshot in memory, stopping the server 0.4 to 0.5 s each, about every
eight seconds; those pauses alone made the 99th percentile of both the action request and the
socket push. Freezing only the survivors of full collections left middle collections of 10-35 ms
and full ones of 45-160 ms several times a minute. Here, whatever survives *any* collection is
frozen (moved out of the collector's sight, see :func:`gc.freeze`), so every collection walks only
the objects made since the one before: the youngest generation's pause, 1-4 ms, is the only one.

This is safe because the server makes no reference cycles in its steady state (a whole minute of
load left none for the collector to find once a dropped protocol's cycle was broken, see
``server/edge/headtimeout.py``): frozen objects are still freed the ordinary way when nothing refers
to them. A cycle that dies while frozen would outlive its use until :func:`sweep` (hourly) thaws
everything for one whole collection.
"""

from __future__ import annotations

import asyncio
import gc

_loop: asyncio.AbstractEventLoop | None = None


def _after_collection(phase: str, _info: dict[str, int]) -> None:
    if phase == "stop" and _loop is not None:
        # Not inside the collector's callback (it may run on any thread): on the loop, when it is free.
        _loop.call_soon_threadsafe(gc.freeze)


def settle() -> None:
    """After startup: collect once, freeze what is left (the code, the resumed tables), and keep
    freezing the survivors of every collection from now on."""
    global _loop
    _loop = asyncio.get_running_loop()
    gc.collect()
    gc.freeze()
    if _after_collection not in gc.callbacks:
        gc.callbacks.append(_after_collection)


def sweep() -> None:
    """Thaw everything and collect it all at once, finding any reference cycles that died while
    frozen (its survivors are frozen again on the loop's next turn)."""
    gc.unfreeze()
    gc.collect()


def stop() -> None:
    global _loop
    if _after_collection in gc.callbacks:
        gc.callbacks.remove(_after_collection)
    _loop = None
