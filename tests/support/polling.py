"""Waiting for something a real server or browser does in its own time: one helper, not one per file.

A test that waits asks again at a fixed pace until the answer is there or a bound has passed. The
bound is generous (a loaded CI machine is slow); the pace is what keeps a test quick, and a test
that asks a server must stay inside the room's per-token rate (20 a second): see ``seat_play``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def until(what: Callable[[], T], seconds: float = 20.0, waiting_for: str = "", every: float = 0.05) -> T:
    """``what()`` as soon as it is truthy, asked every ``every`` seconds; AssertionError after ``seconds``
    naming ``waiting_for``."""
    deadline = time.monotonic() + seconds
    while True:
        found = what()
        if found:
            return found
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {seconds:g} s waiting for {waiting_for or 'a condition'}")
        time.sleep(every)
