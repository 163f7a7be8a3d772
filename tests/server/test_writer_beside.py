"""A write that needs no order among the others (the presence sweep's) goes beside the group writer
on PostgreSQL, so no move waits behind it; on SQLite, whose one writer it would wait for anyway, it
queues on the writer's thread like every write."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from cardroom.server.store import GroupWriter, database
from tests.server.postgres import throwaway_engine


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "postgresql":
        with throwaway_engine() as made:
            yield made
        return
    made = database.make_engine(f"sqlite:///{tmp_path / 'beside.sqlite3'}")
    database.upgrade(made)
    yield made
    made.dispose()


def test_a_write_beside_does_not_wait_for_the_writers_thread_on_postgresql(engine: Engine) -> None:
    writer = GroupWriter(engine)
    release = threading.Event()

    async def scenario() -> tuple[bool, str]:
        held = writer.run_in_order(release.wait, 10.0)  # the writer's thread busy, as with a slow commit
        beside = asyncio.ensure_future(writer.call_beside(threading.current_thread))
        done, _ = await asyncio.wait({beside}, timeout=2.0)
        release.set()
        await held
        return bool(done), (await beside).name

    try:
        finished_while_held, thread_name = asyncio.run(scenario())
    finally:
        release.set()
        writer.close()
    if engine.dialect.name == "postgresql":
        assert finished_while_held
        assert not thread_name.startswith("cardroom-writer")
    else:
        assert not finished_while_held  # it waited its turn behind the held thread
        assert thread_name.startswith("cardroom-writer")
