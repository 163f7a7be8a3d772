"""A move clock is not written with every move: a restart works its deadline out from the time the
last move was stored with. A real server process is killed with SIGKILL while a person's move clock
runs, and started again: the clock ends when it would have (the stand-in plays then), not a whole
clock after the restart; and the table's stored clocks never held that deadline."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.process import ServerProcess, create_seated, free_port

TURN_SECONDS = 4.0
# How late the stand-in's move may be seen after its deadline: the test polls every 0.05 s, and the
# stand-in (the heuristic bot, which does not search) answers at once with no bot delay.
LATE = 1.5


def _view(base: str, tid: str, token: str) -> dict[str, Any]:
    response = httpx.get(f"{base}/api/tables/{tid}/view", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _act(base: str, tid: str, token: str, step: int, text: str) -> None:
    response = httpx.post(
        f"{base}/api/tables/{tid}/actions",
        headers={"Authorization": f"Bearer {token}"},
        json={"step": step, "action": text},
        timeout=10,
    )
    assert response.status_code == 200, response.text


def _stored_clocks(database: Path, tid: str) -> dict[str, Any]:
    with sqlite3.connect(database) as conn:
        (clocks,) = conn.execute("select clocks from tables where id = ?", (tid,)).fetchone()
    found: dict[str, Any] = {} if clocks is None else json.loads(clocks)
    return found


def test_a_move_clock_killed_mid_turn_ends_when_the_last_move_says(tmp_path: Path) -> None:
    database = tmp_path / "clock.sqlite3"
    url = f"sqlite:///{database}"
    server = ServerProcess(free_port(), url).start()
    try:
        base = server.url
        table = create_seated(
            base,
            {
                "game": "toy",
                "seats": [{"kind": "me"}, {"kind": "invite"}],
                "reaction_seconds": 60,
                "turn_seconds": TURN_SECONDS,
            },
        )
        tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
        hand = _view(base, tid, tokens[0])["view"]["hand"]
        _act(base, tid, tokens[0], 0, f"play {hand[0]}")
        _act(base, tid, tokens[0], 1, "pass")
        sent = time.time()  # the window's last answer: it closes, and seat 1's move clock begins
        _act(base, tid, tokens[1], 1, "pass")
        answered = time.time()
        before = _view(base, tid, tokens[1])
        assert before["view"]["to_act"] == [1] and before["view"]["step"] == 3
        assert 0 < before["turn_deadlines"]["1"] <= TURN_SECONDS
        # The deadline is the last move's time plus the clock: nothing of it is stored with the table.
        assert _stored_clocks(database, tid).get("turn", {}) == {}
    finally:
        server.kill()
    assert server.proc is not None and server.proc.returncode == -9

    time.sleep(max(0.0, answered + TURN_SECONDS / 2 - time.time()))  # half the clock passes while down
    server = ServerProcess(server.port, url).start()
    try:
        base = server.url
        up = time.time()
        asked = time.time()
        after = _view(base, tid, tokens[1])
        seen = time.time()
        if after["view"]["step"] == 3:  # still running: what is left counts from the last move
            left = after["turn_deadlines"]["1"]
            assert sent + TURN_SECONDS - seen - 0.01 <= left <= answered + TURN_SECONDS - asked + 0.01, left
        while after["view"]["step"] == 3:
            assert time.time() < up + TURN_SECONDS + LATE, "the stand-in did not play when the clock ran out"
            time.sleep(0.05)
            after = _view(base, tid, tokens[1])
        played = time.time()
        # The stand-in played at the deadline the last move set, not a fresh clock after the restart.
        assert played >= sent + TURN_SECONDS
        assert played <= max(answered + TURN_SECONDS, up) + LATE
        assert after["view"]["step"] >= 4
        assert any(entry.get("timed_out") for entry in after["log"]), after["log"]  # the clock's move
    finally:
        server.stop()
