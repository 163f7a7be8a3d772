"""The clock a search's time budget is counted on: the wall clock, or the searching thread's CPU time."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from cardroom.core.errors import InvalidOptions

CLOCK_VARIABLE = "CARDROOM_SEARCH_CLOCK"
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


def _named(name: str) -> Callable[[], float]:
    if name not in CLOCKS:
        raise InvalidOptions(f"{name!r} is not a search clock; use one of {sorted(CLOCKS)}")
    return CLOCKS[name]


def search_clock() -> Callable[[], float]:
    """The clock a time budget is counted on: ``wall`` (the default) or ``cpu``.

    A player waits on the wall clock, so the room uses it (leave the variable unset there). A benchmark on a shared machine may
    set ``CARDROOM_SEARCH_CLOCK=cpu``: then a decision's budget is the searching thread's own CPU time,
    which other processes' load cannot take from it, and a figure does not drift with the machine's load.
    """
    chosen = os.environ.get(CLOCK_VARIABLE, "wall")
    if chosen not in CLOCKS:
        raise InvalidOptions(f"{CLOCK_VARIABLE}={chosen!r} is not a search clock; use one of {sorted(CLOCKS)}")
    return CLOCKS[chosen]


_clock = search_clock()


def use(name: str) -> None:
    """Count budgets on clock ``name`` from now on, in this process and the ones it forks later."""
    global _clock
    _clock = _named(name)


def name() -> str:
    """The name of the clock budgets are counted on now."""
    return next(key for key, clock in CLOCKS.items() if clock is _clock)


def now() -> float:
    """The search clock's reading: every time budget's deadline is a value of it."""
    return _clock()
