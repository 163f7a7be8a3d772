"""A connection that never finishes its first request head is closed after $CARDROOM_HEAD_TIMEOUT,
on a real server; a WebSocket is not (found by bench/server/server_abuse.py); an upgraded connection's
dropped HTTP protocol leaves no reference cycle behind."""

from __future__ import annotations

import asyncio
import gc
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets

from cardroom.server.edge.headtimeout import HeadTimeoutProtocol
from tests.server.process import ServerProcess, free_port
from tests.support.polling import until

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


def test_an_upgraded_connection_leaves_no_reference_cycle() -> None:
    """Once a connection becomes a WebSocket, its HTTP protocol is dropped; it must go with its last
    reference, not wait for the collector (the server freezes what survives a collection, so a
    cycle left behind would stay until the hourly sweep)."""

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        assert scope["type"] == "websocket"
        await receive()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": "hello"})
        while (await receive())["type"] != "websocket.disconnect":
            pass

    port = free_port()
    config = uvicorn.Config(app, port=port, http=HeadTimeoutProtocol, lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        until(lambda: server.started, 20, "the server to start", every=0.02)

        async def talk() -> str:
            async with websockets.connect(f"ws://127.0.0.1:{port}/") as ws:
                return str(await ws.recv())

        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            for _ in range(3):
                assert asyncio.run(talk()) == "hello"
            gc.collect()
            left = [o for o in gc.garbage if isinstance(o, HeadTimeoutProtocol)]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert left == []
    finally:
        server.should_exit = True
        thread.join(10)
