"""Group commit: actions from many tables are stored in one transaction, so one sync to disk makes
all of them durable at once.

Each submission waits until its own row is committed (an action is acknowledged only once it is
durable). While one batch is being written, the next ones gather; nobody waits for a timer, so a
lone action is stored as fast as before and a busy room pays one commit for many actions. All
writes run on one thread of their own, so SQLite's single writer never queues behind itself.

That thread queues the next batch itself the moment one is committed, and hands the answers to the
event loop on the side. When the loop chose the next batch, each batch waited for the loop to turn
twice (to hear the last one was done, then to send the next), and a move that arrived during a
commit paid a busy loop's delay twice over: under load (1,100 tables) the commit wait's p50 went
from 1.3-1.5 to 1.0-1.1 ms and the action's p99 in the server from 9.5-13 to 8-9 ms
(docs/server-speed-tail.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
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
_Waiting = tuple[NewAction, "asyncio.Future[bool]"]


class GroupWriter:
    def __init__(self, engine: Engine, origin: str = "", reconnect: Reconnect | None = None) -> None:
        self.engine = engine
        self.origin = origin
        self._reconnect = reconnect or Reconnect(engine)  # one retry on a fresh connection (PostgreSQL)
        # The actions waiting for their batch, and whether a batch is queued or being written:
        # filled on the event loop, taken on the writer's thread.
        self._lock = threading.Lock()
        self._pending: list[_Waiting] = []
        self._scheduled = False
        self._loop: asyncio.AbstractEventLoop | None = None  # where the answers go
        self.outage = Outage()  # what the last writes met: /healthz and the 503s' log read it
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
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        with self._lock:
            self._pending.append((action, future))
            start, self._scheduled = not self._scheduled, True
        if start:
            self._loop = loop
            self._submit_next()
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

    def _write_next(self) -> None:
        """On the writer's thread: store what is pending as one batch and hand its answers to the
        event loop; then queue the next batch at once, behind the other writes queued meanwhile."""
        with self._lock:
            batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
        begun = timings.clock() if timings.ON else 0.0
        try:
            taken = self._store_batch([a for a, _ in batch], self.origin)
        except Exception as exc:  # the whole transaction failed: nothing of it is stored
            self._answer(self._failed, batch, exc)
        else:
            if timings.ON:
                timings.add("commit batch", timings.clock() - begun)
                timings.count("commit batch size", len(batch))
            self._answer(self._stored, batch, taken)
        with self._lock:
            if not self._pending:
                self._scheduled = False
                return
        self._submit_next()

    def _submit_next(self) -> None:
        try:
            self._thread.submit(self._write_next)
        except RuntimeError as exc:  # shut down: nothing more is written
            with self._lock:
                batch, self._pending, self._scheduled = self._pending, [], False
            self._answer(self._failed, batch, exc)

    def _answer(self, answer: Callable[[list[_Waiting], Any], None], batch: list[_Waiting], result: Any) -> None:
        loop = self._loop
        if loop is not None and batch:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                loop.call_soon_threadsafe(answer, batch, result)

    def _stored(self, batch: list[_Waiting], taken: list[bool]) -> None:
        self.outage.succeeded()
        metrics.BATCH_ACTIONS.observe(len(batch))
        metrics.ACTIONS.inc(len(batch) - sum(taken))
        for (_, future), was_taken in zip(batch, taken, strict=True):
            if not future.done():
                future.set_result(was_taken)

    def _failed(self, batch: list[_Waiting], exc: Exception) -> None:
        if is_database_error(exc):
            self.outage.failed(exc)
        for _, future in batch:
            if not future.done():
                future.set_exception(exc)

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
