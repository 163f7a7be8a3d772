"""Group commit: actions from many tables are stored in one transaction, so one sync to disk makes
all of them durable at once.

Each submission waits until its own row is committed (an action is acknowledged only once it is
durable). While one batch is being written, the next ones gather; nobody waits for a timer, so a
lone action is stored as fast as before and a busy room pays one commit for many actions. All
writes run on one thread of their own, so SQLite's single writer never queues behind itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy import Engine

from cardroom.server.ops import metrics, timings
from cardroom.server.store.actions import append_together
from cardroom.server.store.outage import Outage, is_database_error
from cardroom.server.store.pgbatch import BatchConnection
from cardroom.server.store.reconnect import Reconnect
from cardroom.server.store.rows import NewAction, StepTaken
from cardroom.server.store.sqlitebatch import Rider, SqliteBatch

MAX_BATCH = 256
T = TypeVar("T")


class GroupWriter:
    def __init__(self, engine: Engine, origin: str = "", reconnect: Reconnect | None = None) -> None:
        self.engine = engine
        self.origin = origin
        self._reconnect = reconnect or Reconnect(engine)  # one retry on a fresh connection (PostgreSQL)
        self._pending: list[tuple[NewAction, asyncio.Future[bool]]] = []
        self.outage = Outage()  # what the last writes met: /healthz and the 503s' log read it
        self._running = False
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardroom-writer")
        self.riders: list[Rider] = []  # SQLite only: PostgreSQL's batch is one pipelined trip
        # The batches go through a connection the writer's thread keeps to itself.
        self._postgres: BatchConnection | None = None
        self._sqlite: SqliteBatch | None = None
        self._store_batch: Callable[[list[NewAction], str], list[bool]]
        if engine.dialect.name == "postgresql":
            self._postgres = BatchConnection(engine.url, self._reconnect)
            self._store_batch = self._postgres.append  # it makes its own retry
        else:
            self._sqlite = SqliteBatch(engine, self.riders)
            # Its own -shm check, without Reconnect's layer: a batch is handed to the thread on the
            # event loop, where a partial costs asyncio's coroutine check more calls than a method.
            self._store_batch = self._sqlite.append
        self._closed = False

    @property
    def queued(self) -> int:
        """Actions waiting for their batch (the one being written not counted)."""
        return len(self._pending)

    @property
    def thread(self) -> ThreadPoolExecutor:
        """The one thread every write of this process runs on (others may queue writes there)."""
        return self._thread

    async def append(self, action: NewAction) -> None:
        """Store one action; :class:`StepTaken` if its step was taken first."""
        asked = timings.clock() if timings.ON else 0.0
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((action, future))
        if not self._running:
            self._running = True
            asyncio.get_running_loop().create_task(self._drain())
        taken = await future
        if timings.ON:
            timings.add("commit wait", timings.clock() - asked)
        if taken:
            raise StepTaken(f"step {action.step} of table {action.table_id} is already taken")

    async def append_together(self, actions: list[NewAction]) -> None:
        """Store consecutive actions of one table in one transaction, after the writes already queued;
        :class:`StepTaken` (nothing stored) if any step was taken first."""
        loop = asyncio.get_running_loop()
        stored = await loop.run_in_executor(
            self._thread, self._reconnect.run, append_together, self.engine, actions, self.origin
        )
        if not stored:
            first = actions[0]
            raise StepTaken(f"step {first.step} of table {first.table_id} is already taken")

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                begun = timings.clock() if timings.ON else 0.0
                actions = [a for a, _ in batch]
                try:
                    taken = await loop.run_in_executor(self._thread, self._store_batch, actions, self.origin)
                except Exception as exc:  # the whole transaction failed: nothing of it is stored
                    if is_database_error(exc):
                        self.outage.failed(exc)
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                self.outage.succeeded()
                metrics.BATCH_ACTIONS.observe(len(batch))
                metrics.ACTIONS.inc(len(batch) - sum(taken))
                if timings.ON:
                    timings.add("commit batch", timings.clock() - begun)
                    timings.count("commit batch size", len(batch))
                for (_, future), was_taken in zip(batch, taken, strict=True):
                    if not future.done():
                        future.set_result(was_taken)
        finally:
            self._running = False

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run another write on the writer's thread, after those already queued, and return its
        result: the event loop never waits for a commit's sync to disk."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, _timed(fn), *args)

    async def call_beside(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a write that needs no order among the others: on PostgreSQL on a thread of its own, so
        no move queues behind it (the presence sweep's upsert of every connected seat held the
        writer's thread 25 ms); on SQLite, whose one writer would make it wait anyway, as :meth:`call`."""
        if self._postgres is None:
            return await self.call(fn, *args)
        return await asyncio.to_thread(_timed(fn, "beside the writer"), *args)

    def run_in_order(self, fn: Callable[..., None], *args: Any) -> asyncio.Future[None]:
        """Run another write on the writer's thread, after those already queued (so an older write
        can never land after a newer one)."""
        return asyncio.get_running_loop().run_in_executor(self._thread, self._reconnect.run, _timed(fn), *args)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for batch in (self._postgres, self._sqlite):
            if batch is not None:
                self._thread.submit(batch.close)  # on its own thread, after the queued writes
        self._thread.shutdown(wait=True)


def _timed(fn: Callable[..., T], where: str = "writer") -> Callable[..., T]:
    """``fn``, timed under its own name when timings are on: every move queued meanwhile waits for
    it, so the timings say which other writes hold the writer's thread, and for how long."""
    if not timings.ON:
        return fn
    series = f"{where} {getattr(fn, '__qualname__', type(fn).__name__)}"

    def run(*args: Any) -> T:
        begun = timings.clock()
        try:
            return fn(*args)
        finally:
            timings.add(series, timings.clock() - begun)

    return run
