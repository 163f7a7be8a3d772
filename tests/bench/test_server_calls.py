"""``server_profile --calls``: a real server counts its event loop's calls between two signals, and
the counts are read per acknowledged action, by function."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench" / "server"))  # bench/ is not a package
from _measure import free_port, start_server, stop_server  # noqa: E402
from _server_calls import Calls, short_path  # noqa: E402


def test_the_server_counts_its_calls_between_the_signals(tmp_path: Path) -> None:
    counted = tmp_path / "calls.pstats"
    port = free_port()
    server = start_server(port, f"sqlite:///{tmp_path / 'room.sqlite3'}", calls_to=counted)
    try:
        base = f"http://127.0.0.1:{port}"
        httpx.get(f"{base}/api/games", timeout=10)  # before the window: not counted
        os.kill(server.pid, signal.SIGUSR1)
        time.sleep(0.5)
        for _ in range(5):
            assert httpx.get(f"{base}/api/games", timeout=10).status_code == 200
        os.kill(server.pid, signal.SIGUSR2)
        for _ in range(100):
            if counted.exists() and counted.stat().st_size:
                break
            time.sleep(0.1)
    finally:
        stop_server(server)
    found = Calls()
    found.add(counted, acked=5)
    per_request = found.per_action("calls")
    # Five requests were answered inside the window, each through the app's entry: five calls of it.
    entries = [k for k in per_request if k.startswith("cardroom/server/app.py:") and "__call__" in k]
    assert entries, sorted(per_request)[:40]
    assert max(per_request[k] for k in entries) == 1.0
    assert found.per_action("own")[entries[0]] > 0


def test_moved_server_modules_meet_their_old_names() -> None:
    assert short_path("/x/src/cardroom/server/room/play.py") == "cardroom/server/play.py"
    assert short_path("/x/src/cardroom/server/edge/app.py") == "cardroom/server/app.py"
    assert short_path("/v/lib/python3.11/site-packages/uvicorn/main.py") == "uvicorn/main.py"
