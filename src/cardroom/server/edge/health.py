"""``GET /healthz``: whether the database is reachable and writable, for a monitor or a proxy.

Writable is proved the only way that is sure: a small write committed like an action is (on the
group writer's thread, after the writes queued before it). A probe's answer is kept for a second and
shared by every caller, so polling this cannot load the database.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from cardroom.server.store import Store, is_database_error

PROBE_TIMEOUT = 5.0  # seconds a probe may take before the database counts as unavailable
KEEP = 1.0  # seconds one probe's answer is shared


@dataclass(frozen=True)
class Health:
    reachable: bool
    writable: bool
    detail: str

    @property
    def ok(self) -> bool:
        return self.reachable and self.writable

    def body(self, dialect: str) -> dict[str, Any]:
        return {
            "status": "ok" if self.ok else "unavailable",
            "database": dialect,
            "reachable": self.reachable,
            "writable": self.writable,
            "detail": self.detail,
        }


class HealthCheck:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.writer = store.writer  # the probe writes on it, as every write of the process goes
        self.outage = self.writer.outage  # told of each probe's result, so the room knows when it is back
        self._last: tuple[float, Health] | None = None
        self._running: asyncio.Future[Health] | None = None
        self._seen: float | None = None  # the outage's start as it stood when the kept answer was made

    async def check(self) -> Health:
        now = time.monotonic()
        # A kept answer is shared only while the writes have met nothing new: a write that failed (or
        # succeeded again) since the probe makes its answer stale, however young it is.
        if self._last is not None and now - self._last[0] < KEEP and self._seen == self.outage.failing_since:
            return self._last[1]
        if self._running is None:
            self._running = asyncio.ensure_future(self._probe())
        running = self._running
        try:
            found = await asyncio.shield(running)
        finally:
            if running.done() and self._running is running:
                self._running = None
        self._last = (time.monotonic(), found)
        self._seen = self.outage.failing_since
        return found

    async def until_ready(self, every: float = 2.0) -> None:
        """Return once the database's schema is checked, probing every ``every`` seconds till then."""
        while not self.store.ready:
            await self.check()
            if not self.store.ready:
                await asyncio.sleep(every)

    async def _probe(self) -> Health:
        if not self.store.ready:  # a start that met an outage: the schema is checked first
            failed = await self._step(
                lambda: asyncio.to_thread(self.store.prepare), False, "the database's schema cannot be checked yet"
            )
            if failed is not None:
                return failed
        failed = await self._step(
            lambda: asyncio.to_thread(self.store.probe_read), False, "the database cannot be read"
        )
        if failed is None:
            failed = await self._step(
                lambda: self.writer.call(self.store.probe_write), True, "the database cannot be written"
            )
        if failed is not None:
            return failed
        self.outage.succeeded()
        return Health(True, True, "the database is reachable and writable")

    async def _step(self, run: Callable[[], Awaitable[object]], reachable: bool, cannot: str) -> Health | None:
        """``run()`` within the probe's time: None if it succeeded, else the answer that says what
        failed (a database error also tells the outage, so the room knows it began)."""
        try:
            await asyncio.wait_for(run(), PROBE_TIMEOUT)
        except TimeoutError:
            return Health(reachable, False, f"{cannot}: no answer within {PROBE_TIMEOUT:g} s")
        except Exception as exc:
            if not is_database_error(exc):
                raise
            self.outage.failed(exc)
            return Health(reachable, False, f"{cannot}: {_first_line(exc)}")
        return None


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:200] if lines else type(exc).__name__
