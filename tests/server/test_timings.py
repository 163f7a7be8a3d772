"""The server's own timings (``server/ops/timings.py``, switched on for a benchmark) record what a move
costs inside the server; the collector setting (``server/ops/collector.py``) freezes the survivors of
every collection and thaws them on request."""

from __future__ import annotations

import asyncio
import gc
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from cardroom.server.ops import collector, timings
from cardroom.server.store import GroupWriter, database
from tests.server.conftest import auth, create


def test_a_move_is_timed_from_request_to_push(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    table = create(client, reaction_seconds=60)
    tid, token = str(table["table_id"]), str(table["token"])
    monkeypatch.setattr(timings, "ON", True)
    timings.reset()
    try:
        with client.websocket_connect(f"/api/tables/{tid}/ws") as spectator:
            first = spectator.receive_json()
            legal = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["view"]["legal_actions"]
            played = client.post(
                f"/api/tables/{tid}/actions", headers=auth(token), json={"step": 0, "action": legal[0]}
            )
            assert played.status_code == 200
            assert spectator.receive_json()["table"]["step"] == first["table"]["step"] + 1
        report = timings.report()
    finally:
        timings.reset()
    lines = {line.split("  n ")[0].removeprefix("timing ").strip(): line for line in report.splitlines()}
    for series in ("action request", "commit wait", "commit batch", "commit batch size", "rate limit check"):
        assert series in lines, report
        assert " n       1 " in lines[series], lines[series]
    assert "socket push" in lines  # the spectator's push after the move (its first snapshot is not one)
    assert "objects the collector tracks" in report


def test_other_writes_on_the_writers_thread_are_timed_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every move queued behind another write waits for it: the timings name each such write."""
    engine = database.make_engine(f"sqlite:///{tmp_path / 'timed.sqlite3'}")
    writer = GroupWriter(engine)

    def slow_write(seconds: float) -> str:
        time.sleep(seconds)
        return "done"

    monkeypatch.setattr(timings, "ON", True)
    timings.reset()
    try:

        async def scenario() -> str:
            await writer.run_in_order(slow_write, 0.02)
            return await writer.call(slow_write, 0.0)

        assert asyncio.run(scenario()) == "done"
        report = timings.report()
    finally:
        timings.reset()
        writer.close()
        engine.dispose()
    line = next(line for line in report.splitlines() if "writer " in line)
    assert "slow_write" in line and " n       2 " in line, report
    assert float(line.split(" max ")[1].split()[0]) >= 20.0  # milliseconds: the sleep was timed


def test_timings_are_off_unless_asked(client: TestClient) -> None:
    assert timings.ON is False  # the tests run without $CARDROOM_TIMINGS
    timings.reset()
    table = create(client, reaction_seconds=60)
    tid, token = str(table["table_id"]), str(table["token"])
    legal = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()["view"]["legal_actions"]
    client.post(f"/api/tables/{tid}/actions", headers=auth(token), json={"step": 0, "action": legal[0]})
    assert "action request" not in timings.report()


def test_the_collector_freezes_survivors_of_every_collection_and_sweep_thaws_them() -> None:
    async def scenario() -> tuple[int, int, int, int]:
        collector.settle()
        try:
            settled = gc.get_freeze_count()
            kept = [[i] for i in range(10_000)]  # long-lived containers made after startup
            gc.collect(0)  # only the youngest generation: its survivors are frozen on the loop's next turn
            await asyncio.sleep(0)
            young = gc.get_freeze_count()
            more = [[i] for i in range(5_000)]
            gc.collect()  # a full collection
            await asyncio.sleep(0)
            full = gc.get_freeze_count()
            collector.sweep()
            thawed = gc.get_freeze_count()
            assert len(kept) + len(more) == 15_000
            return settled, young, full, thawed
        finally:
            collector.stop()

    settled, young, full, thawed = asyncio.run(scenario())
    assert settled > 0
    # The 10,000 lists, less whatever frozen objects died meanwhile (the loop's and other tests'
    # leftovers: about a hundred under xdist). Without the freeze the count would not grow at all.
    assert young - settled > 9_000
    assert full - young > 4_000
    assert thawed == 0  # the sweep's own collection walked everything (its survivors freeze later)
    assert collector._after_collection not in gc.callbacks
