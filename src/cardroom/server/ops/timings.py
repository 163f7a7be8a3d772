"""Where a request's time goes, measured inside the server: off unless ``$CARDROOM_TIMINGS`` is 1.

Switched on (``bench/server/server_load.py`` does, for the server it starts), the server keeps a few
samples per action in memory and writes their percentiles to its log (stderr) when it shuts down:
the action request from its body read to its answer written, the wait for the group commit and the
commit itself on the writer's thread (with the batch size), every other write there by name (moves
queued behind it wait for it), the socket push from the change to the send, how late the event loop
runs a timer (its blocking), and the garbage collector's pauses. Nothing is exposed over the
network; switched off, every hook is a test of one module constant.
"""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import time
from collections import defaultdict

ON = os.environ.get("CARDROOM_TIMINGS") == "1"
MAX_SAMPLES = 1_000_000  # per series; enough for minutes of load, bounded however long it runs

clock = time.perf_counter
_samples: defaultdict[str, list[float]] = defaultdict(list)
_gc_started = (0.0, 0.0)  # (wall clock, this thread's CPU time) when a collection began


def add(series: str, seconds: float) -> None:
    """One sample, in seconds (kept only when timings are on; callers test :data:`ON` first)."""
    values = _samples[series]
    if len(values) < MAX_SAMPLES:
        values.append(seconds)


def count(series: str, n: float) -> None:
    """One sample of a plain number (a batch size), kept beside the durations."""
    add(series, n)


def reset() -> None:
    _samples.clear()


def _gc_callback(phase: str, info: dict[str, int]) -> None:
    # Wall clock and CPU time apart: on a shared machine a pause also waits for a CPU.
    global _gc_started
    if phase == "start":
        _gc_started = (clock(), time.thread_time())
    elif _gc_started[0]:
        generation = info.get("generation", "?")
        add(f"gc pause gen{generation}", clock() - _gc_started[0])
        add(f"gc pause gen{generation} cpu", time.thread_time() - _gc_started[1])


async def loop_lag(period: float = 0.01) -> None:
    """Sample how late the event loop wakes a timer: the time callbacks held the loop."""
    while True:
        asked = clock()
        await asyncio.sleep(period)
        add("event loop lag", clock() - asked - period)


def start() -> asyncio.Task[None] | None:
    """At startup: hook the collector, start the lag sampler, and let SIGUSR1 start the samples
    afresh and SIGUSR2 write them out (a benchmark's measured window). None when timings are off."""
    if not ON:
        return None
    gc.callbacks.append(_gc_callback)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, reset)
    loop.add_signal_handler(signal.SIGUSR2, report)
    return loop.create_task(loop_lag())


def report() -> str:
    """The percentiles of every series, one line each, also written to stderr (the server's log)."""
    lines = []
    for series in sorted(_samples):
        values = sorted(_samples[series])
        if not values:
            continue
        n = len(values)

        def at(p: float, v: list[float] = values, n: int = n) -> float:
            return v[min(n - 1, int(p / 100 * n))]

        scale, unit = (1.0, "") if series.endswith("size") else (1000.0, " ms")
        lines.append(
            f"timing {series:<28} n {n:>7}  p50 {at(50) * scale:8.2f}  p90 {at(90) * scale:8.2f}"
            f"  p99 {at(99) * scale:8.2f}  max {values[-1] * scale:8.2f}{unit}"
            f"  total {sum(values) * scale / 1000 if unit else sum(values):9.2f}{' s' if unit else ''}"
        )
    # No census by kind (gc.get_objects): it hands out references to objects other threads are still
    # building, and a tuple being filled from a generator on a store thread then fails to grow
    # ("SystemError: bad argument to internal function"): a 500 seen under load with timings on.
    pending = "/".join(f"{n:,}" for n in gc.get_count())
    collections = "/".join(f"{g['collections']:,}" for g in gc.get_stats())
    lines.append(
        f"timing objects the collector tracks: {gc.get_freeze_count():,} frozen, {pending} new since "
        f"each generation's last collection; collections so far {collections}"
    )
    text = "\n".join(lines)
    if text:
        print(text, file=sys.stderr, flush=True)
    return text
