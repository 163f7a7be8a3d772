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

from tests.server.conftest import until
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


def _once_closed(clocks: dict[str, Any]) -> dict[str, Any] | None:
    """The stored clocks if they say the reaction window has closed, else None."""
    return clocks if "window_step" in clocks and clocks["window_step"] is None else None


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
        # The deadline is the last move's time plus the clock: once the window's end is stored with
        # the table (written after the answer, on the writer's thread), no move clock is stored there.
        stored = until(lambda: _once_closed(_stored_clocks(database, tid)))
        assert stored is not None and stored["turn"] == {}
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
            assert max(0.0, sent + TURN_SECONDS - seen) - 0.01 <= left <= answered + TURN_SECONDS - asked + 0.01, left
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


def test_both_clocks_of_a_simultaneous_decision_come_back_from_the_moves(tmp_path: Path) -> None:
    """In Tacocat both seats replace their cards at once, so one seat's clock runs on while the other
    moves: each clock comes back from the move that began it (its seat's own last move), and after
    both have moved nothing of either is stored with the table."""
    from fastapi.testclient import TestClient

    from cardroom.server.edge.app import create_app
    from tests.server.conftest import auth, create

    database = tmp_path / "both.sqlite3"
    url = f"sqlite:///{database}"
    turn = 60.0
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        table: dict[str, Any] = create(client, "tacocat", turn_seconds=turn)
        tid, tokens = table["table_id"], [table["token"], table["invitations"][0]["token"]]
        sent: dict[int, float] = {}
        for seat in (0, 1):  # each keeps a card: the other seat's clock runs on meanwhile
            mine = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[seat])).json()["view"]
            assert set(mine["to_act"]) == {0, 1}
            sent[seat] = time.time()
            moved = client.post(
                f"/api/tables/{tid}/actions",
                headers=auth(tokens[seat]),
                json={"step": mine["step"], "action": f"keep {mine['replace']['your_next']}"},
            )
            assert moved.status_code == 200, moved.text
    # The room has closed: every write it had queued is done.
    assert _stored_clocks(database, tid)["turn"] == {}
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        asked = time.time()
        again = client.get(f"/api/tables/{tid}/view", headers=auth(tokens[0])).json()
        seen = time.time()
        assert again["view"]["step"] == 2 and set(again["view"]["to_act"]) == {0, 1}
        for seat in (0, 1):  # not a fresh clock: each counts from its own seat's move
            left = again["turn_deadlines"][str(seat)]
            assert sent[seat] + turn - seen - 0.01 <= left <= (sent[1] if seat == 0 else seen) + turn - asked, left
