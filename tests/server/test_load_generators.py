"""bench/server/server_load.py's two load generators (Node.js and Python) play a small room on a real
`cardroom serve` and report the same figures: moves acknowledged, pushes timed, no errors."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("generator", ["node", "python"])
def test_a_generator_plays_a_small_room(generator: str) -> None:
    small_room = ["--tables", "4", "--bot-tables", "1", "--think", "0.2", "--seconds", "4", "--warmup", "1"]
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "server" / "server_load.py"),
            *small_room,
            "--procs",
            "1",
            "--generator",
            generator,
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    out = run.stdout
    assert run.returncode == 0, run.stderr[-3000:]
    assert f"generator processes 1 ({generator})" in out, out
    acknowledged = re.search(r"acknowledged actions/s +[\d.]+ +\((\d+) actions", out)
    pushes = re.search(r"websocket push ms .*\((\d+) pushes\)", out)
    statuses = re.search(r"^responses by status +(.*)$", out, re.MULTILINE)
    assert acknowledged and pushes and statuses, out
    by_status = {int(k): int(v) for k, v in (part.split(": ") for part in statuses[1].split(", "))}
    # Four tables of two people thinking 0.2 s make dozens of moves in 4 s (a few even on a busy
    # machine); each is pushed to the other seat's socket. A move posted just as the other seat's
    # lands is stale (409); nothing else.
    assert int(acknowledged[1]) >= 5, out
    assert int(pushes[1]) >= 3, out
    assert by_status[200] == int(acknowledged[1]) and set(by_status) <= {200, 409}, out
    assert re.search(r"^errors +none$", out, re.MULTILINE), out
    assert "unexpected response" not in out, out
