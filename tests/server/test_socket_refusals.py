"""Refused sockets on a real server and a real WebSocket client: the socket is accepted and then
closed with a code and a reason the page can show, never refused at the handshake with an HTTP 403
that a browser reports only as a failed connection."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.process import ServerProcess, free_port


def _closed_with(url: str) -> tuple[int, str]:
    with connect(url, open_timeout=10) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code, closed.value.rcvd.reason


def test_refused_sockets_are_closed_with_a_code_and_reason(tmp_path: Path) -> None:
    server = ServerProcess(free_port(), f"sqlite:///{tmp_path / 'sockets.sqlite3'}").start()
    try:
        table = httpx.post(
            f"{server.url}/api/tables",
            json={"game": "toy", "seats": [{"kind": "me"}, {"kind": "invite"}], "reaction_seconds": 60},
        ).json()
        ws = server.url.replace("http", "ws", 1) + f"/api/tables/{table['table_id']}/ws"
        assert _closed_with(server.url.replace("http", "ws", 1) + "/api/tables/nosuch/ws") == (
            4404,
            "no such table",
        )
        assert _closed_with(ws + "?token=guess") == (4403, "wrong token")
        for path in ("/api/tables/x/ws/", f"/api/tables/{'x' * 300}/ws", "/elsewhere"):  # no bare 403 anywhere
            code, reason = _closed_with(server.url.replace("http", "ws", 1) + path)
            assert code == 4404 and "/api/tables/{id}/ws" in reason
        with ExitStack() as spectators:
            for _ in range(100):  # the cap per table
                spectator = spectators.enter_context(connect(ws, open_timeout=10))
                assert '"seat":null' in str(spectator.recv(timeout=10))
            assert _closed_with(ws) == (4429, "at most 100 spectators per table")
            # The seat's own socket still gets in.
            with connect(ws + f"?token={table['token']}", open_timeout=10) as seat:
                assert '"seat":0' in str(seat.recv(timeout=10))
    finally:
        server.stop()
