"""A server started while its database is unavailable (a full disk, PostgreSQL stopped) comes up,
answers 503 (its health check and every write, with a sentence and Retry-After), and serves as soon
as the database is back, with no restart; the outage is logged once when it begins and once when it
ends. Real faults: a size-limited filesystem filled to its last byte, a real PostgreSQL stopped."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from pathlib import Path

import httpx

from tests.server.faults import TIMEOUT, LoggedServer, Table, fill, size_limited_disk
from tests.server.postgres import throwaway
from tests.server.process import free_port
from tests.support.polling import until

BEGUN = "the database is unavailable"
ENDED = "the database is back after"
# The absent-player sweep every half second: while the database is down it fails each time, and
# must say nothing more (it once wrote a traceback a cycle).
SWEEPING = {"CARDROOM_ABSENT_SWEEP": "0.5"}


def _refuses_while_down(server: LoggedServer) -> None:
    health = httpx.get(f"{server.url}/healthz", timeout=TIMEOUT)
    assert health.status_code == 503 and not health.json()["writable"], health.text
    made = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "tacocat", "seats": [{"kind": "me"}, {"kind": "invite"}]},
        timeout=TIMEOUT,
    )
    assert made.status_code == 503, made.text
    assert "database is unavailable" in made.json()["detail"] and made.headers["retry-after"] == "2"
    # What needs no database is served all along.
    assert httpx.get(f"{server.url}/api/games", timeout=TIMEOUT).status_code == 200


def _serves(server: LoggedServer) -> None:
    """Back without a restart: healthy, a table made, a move acknowledged."""
    until(lambda: httpx.get(f"{server.url}/healthz", timeout=TIMEOUT).status_code == 200, 15, "healthy again")
    with httpx.Client(timeout=TIMEOUT) as http:
        table = Table(server.url, http)
        statuses: Counter[int] = Counter()
        assert table.move(server.url, http, random.Random(3), statuses) and statuses[200] >= 2, statuses
        assert len(table.acked) == 1


def _logged_once_each(server: LoggedServer) -> None:
    assert len(server.lines(BEGUN)) == 1, server.lines(BEGUN)
    assert len(server.lines(ENDED)) == 1, server.lines(ENDED)
    assert server.errors() == []


def test_a_server_started_on_a_full_disk_serves_once_there_is_room(tmp_path: Path) -> None:
    with size_limited_disk(tmp_path / "disk", "8m") as disk:
        url = f"sqlite:///{disk / 'room.sqlite3'}"
        # A room that has been used: a table with moves, stopped cleanly (no -wal or -shm left).
        first = LoggedServer(free_port(), url, tmp_path / "first.log").start()
        with httpx.Client(timeout=TIMEOUT) as http:
            kept = Table(first.url, http)
            kept.move(first.url, http, random.Random(1), Counter())
        first.stop()
        filler = fill(disk)
        server = LoggedServer(free_port(), url, tmp_path / "server.log", SWEEPING).start(healthy=False)
        try:
            _refuses_while_down(server)
            time.sleep(2.5)  # more than one probe's cycle and several sweeps: still one line for the outage
            filler.unlink()
            _serves(server)
            # The table made before the outage is there, its moves with it.
            shown = httpx.get(f"{server.url}/api/tables/{kept.id}", timeout=TIMEOUT).json()
            assert shown["step"] == len(kept.acked) == 1, shown
            _logged_once_each(server)
        finally:
            server.kill()


def test_a_server_started_with_postgres_stopped_serves_once_it_is_started(tmp_path: Path) -> None:
    with throwaway() as postgres:
        postgres.stop()
        # The structured log: every line the server logs is one JSON object.
        server = LoggedServer(
            free_port(), postgres.url, tmp_path / "server.log", {**SWEEPING, "CARDROOM_LOG_FORMAT": "json"}
        ).start(healthy=False)
        try:
            _refuses_while_down(server)
            time.sleep(2.5)
            postgres.resume()  # a fresh database: the schema is made when it is first reachable
            _serves(server)
            _logged_once_each(server)
            logged = [json.loads(line) for line in server.log.read_text().splitlines() if line.startswith("{")]
            assert {entry["message"].split(" (")[0] for entry in logged if entry["level"] == "WARNING"} >= {
                "the database is unavailable; answering 503 until it is back"
            }, logged
            assert all({"time", "level", "logger", "message"} <= entry.keys() for entry in logged), logged
        finally:
            server.kill()
