"""A connection that never finishes its first request head is closed after $CARDROOM_HEAD_TIMEOUT,
on a real server; a WebSocket is not (found by bench/server_abuse.py)."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from tests.server.process import ServerProcess, free_port

TIMEOUT = 1.0


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerProcess]:
    monkeypatch.setenv("CARDROOM_HEAD_TIMEOUT", str(TIMEOUT))
    proc = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'cardroom.sqlite3'}").start()
    try:
        yield proc
    finally:
        proc.stop()


def closed_by_server(s: socket.socket) -> float:
    """Seconds until the server closed ``s`` (recv gives b""); fails if it stays open 20 s."""
    started = time.monotonic()
    s.settimeout(20)
    assert s.recv(1) == b""
    return time.monotonic() - started


def test_silent_and_half_sent_connections_are_closed_others_are_served(server: ServerProcess) -> None:
    silent = socket.create_connection(("127.0.0.1", server.port))
    half = socket.create_connection(("127.0.0.1", server.port))
    half.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
    try:
        assert closed_by_server(silent) < 15
        assert closed_by_server(half) < 15
    finally:
        silent.close()
        half.close()
    assert httpx.get(server.url + "/api/games", timeout=10).status_code == 200


def test_a_websocket_outlives_the_head_timeout(server: ServerProcess) -> None:
    body = {"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}]}
    made = httpx.post(server.url + "/api/tables", json=body, timeout=10).json()

    async def watch() -> dict[str, object]:
        url = server.url.replace("http", "ws", 1) + f"/api/tables/{made['table_id']}/ws?token={made['token']}"
        async with websockets.connect(url) as ws:
            first = json.loads(await ws.recv())
            # Past the head deadline the socket must still be open: a ping is answered.
            await asyncio.sleep(TIMEOUT * 3)
            await asyncio.wait_for(await ws.ping(), 10)
            return dict(first)

    assert asyncio.run(watch())  # the first snapshot came, and the ping after the deadline was answered
