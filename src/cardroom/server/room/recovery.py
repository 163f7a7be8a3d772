"""After a database outage: the bots and clocks it stopped start again, by themselves.

A bot's move, a turn's timeout or a window's closing that met the outage failed like any request
(nothing stored, nothing applied), and its task ended. Nobody else may ever move at a table of bots,
so nothing would start them again: once the database is back, every table in memory has its bots
and clocks set going from its current state (those still running are left alone). While the database
is failing, it is probed every few seconds, so the room notices its return even with nobody acting.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardroom.server.edge.health import HealthCheck
    from cardroom.server.room.rooms import Room

PROBE_EVERY = 2.0  # seconds between two probes while the database is failing


def restart_autoplay(room: Room) -> None:
    for live in room.all_held():
        if not live.is_over and live.row.status == "playing":
            room.autoplay.after_change(live, previous=None)


async def watch(room: Room, health: HealthCheck) -> None:
    """Forever: while the database is failing, probe it (a success runs the recovery callbacks)."""
    room.writer.outage.on_recovery.append(lambda: restart_autoplay(room))
    while True:
        await asyncio.sleep(PROBE_EVERY)
        if room.writer.outage.failing_since is not None:
            await health.check()
