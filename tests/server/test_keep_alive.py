"""The room says how long it keeps an idle connection (``Keep-Alive: timeout=N``), and says it
truthfully: a client that reuses a connection within the hint's time less a second is served on it,
and the server has closed it a little after N seconds. A client that reads the hint (Node's agent,
with a socket timeout of its own) so never sends a request into a connection the server is closing:
under load, players pausing about five seconds had those requests reset."""

from __future__ import annotations

import contextlib
import re
import socket
import time
from pathlib import Path

from tests.server.faults import LoggedServer
from tests.server.process import free_port

REQUEST = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"


def _answer(conn: socket.socket) -> bytes:
    """One whole answer (head and a body of its content-length), or b"" if the server closed."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(4096)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    declared = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    assert declared is not None, head
    while len(body) < int(declared.group(1)):
        body += conn.recv(4096)
    return head


def test_the_keep_alive_hint_is_the_servers_own_idle_timeout(tmp_path: Path) -> None:
    server = LoggedServer(free_port(), f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "server.log").start()
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
            conn.sendall(REQUEST)
            head = _answer(conn)
            assert head.startswith(b"HTTP/1.1 200"), head
            # Nothing says what software serves the room (uvicorn's default header is switched off).
            assert re.search(rb"(?im)^server:", head) is None, head
            hint = re.search(rb"(?im)^keep-alive:\s*timeout=(\d+)\s*$", head)
            assert hint is not None, head
            seconds = int(hint.group(1))
            assert seconds >= 2
            # Within the hint less a second (what a client reading it allows itself): still served.
            time.sleep(seconds - 1.2)
            conn.sendall(REQUEST)
            assert _answer(conn).startswith(b"HTTP/1.1 200")
            # Idle past the hint: the server has closed the connection (a read ends, nothing sent).
            time.sleep(seconds + 1.5)
            with contextlib.suppress(ConnectionResetError):  # closed with a reset: closed all the same
                assert conn.recv(4096) == b"", "the server kept a connection idle past its own hint"
    finally:
        server.kill()
