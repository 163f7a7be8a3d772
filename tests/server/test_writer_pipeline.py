"""The group writer's thread starts the next batch itself: a batch of moves that gathered while
another was being committed is written as soon as that commit is done, whether or not the event loop
is free. When the loop chose each next batch, a loop busy with other requests held up every queued
move twice (once to hear of the last commit, once to send the next batch)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from cardroom.server.store import GroupWriter, NewAction, database
from cardroom.server.store.actions import load_actions
from tests.server.postgres import store_toy_table


class HoldFirstBatch:
    """A rider (written inside a batch's transaction) that keeps the first batch open until released."""

    def __init__(self) -> None:
        self.inside = threading.Event()
        self.release = threading.Event()

    def take(self) -> None:
        return None

    def write(self, cursor: Any, taken: None) -> None:
        if not self.inside.is_set():
            self.inside.set()
            self.release.wait(10.0)

    def give_back(self, taken: None) -> None:
        pass


def _steps_stored_within(engine: Engine, table_id: str, count: int, seconds: float) -> list[int]:
    """Poll the database, blocking the calling thread (the event loop's, here), until ``count`` of the
    table's actions are stored or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        steps = [row.step for row in load_actions(engine, table_id)]
        if len(steps) >= count or time.monotonic() > deadline:
            return steps
        time.sleep(0.01)


def test_a_batch_queued_during_a_commit_is_written_while_the_event_loop_is_busy(tmp_path: Path) -> None:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'pipeline.sqlite3'}")
    database.upgrade(engine)
    store_toy_table(engine, "t1")
    writer = GroupWriter(engine)
    holder = HoldFirstBatch()
    writer.riders.append(holder)

    async def scenario() -> list[int]:
        first = asyncio.ensure_future(writer.append(NewAction("t1", 0, 0, "first", False, False)))
        assert await asyncio.to_thread(holder.inside.wait, 10.0)
        second = asyncio.ensure_future(writer.append(NewAction("t1", 1, 0, "second", False, False)))
        await asyncio.sleep(0)  # the second move is now waiting for the batch after this one
        assert writer.queued == 1
        holder.release.set()
        # From here the event loop is held, as by a long run of other requests: both batches must
        # reach the disk all the same.
        stored = _steps_stored_within(engine, "t1", 2, 10.0)
        await asyncio.gather(first, second)  # and both moves are acknowledged once the loop turns
        return stored

    try:
        assert asyncio.run(scenario()) == [0, 1]
        assert [row.text for row in load_actions(engine, "t1")] == ["first", "second"]
    finally:
        writer.close()
        engine.dispose()
