"""After a database outage: the bots and clocks it stopped start again, by themselves.

A bot's move, a turn's timeout or a window's closing that met the outage failed like any request
(nothing stored, nothing applied), and its task ended. Nobody else may ever move at a table of bots,
so nothing would start them again: once the database is back, every table in memory has its bots
and clocks set going from its current state (those still running are left alone). While the database
is failing, it is probed every few seconds, so the room notices its return even with nobody acting.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from cardroom.server.store import Outage

PROBE_EVERY = 2.0  # seconds between two probes while the database is failing


async def watch(outage: Outage, probe: Callable[[], Awaitable[object]], restart_autoplay: Callable[[], None]) -> None:
    """Forever: while the database is failing, ``probe`` it (the health check: a success runs the recovery callbacks,
    ``restart_autoplay`` among them: every held table's bots and clocks set going again)."""
    outage.on_recovery.append(restart_autoplay)
    while True:
        await asyncio.sleep(PROBE_EVERY)
        if outage.failing_since is not None:
            await probe()
