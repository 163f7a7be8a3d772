"""`cardroom serve`: run the card room with Uvicorn and say where to open it (`cardroom admin` is in
``admin_cli.py``: it needs the store, not the web app). Its help and what it prints are in the
terminal's language (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); the system's own words inside
a message (why a port cannot be bound) are shown as written."""

from __future__ import annotations

import socket
import sys

import uvicorn

from cardroom.locale import in_terminal_language as _  # help and output in the terminal's language
from cardroom.server.edge.app import create_app
from cardroom.server.edge.headtimeout import HeadTimeoutProtocol
from cardroom.server.edge.sockets import MAX_MESSAGE, MAX_QUEUED
from cardroom.server.store import database_url, printable_url

SWITCH_INTERVAL = 0.001  # seconds a thread may hold the GIL while another waits for it (default 0.005)
# Seconds an idle keep-alive connection is kept, said in every answer's ``Keep-Alive: timeout=``: a
# client that reads it (Node's agent does) closes an idle connection a little before the server
# does, instead of sending a request into one the server is closing (a reset). Without the hint,
# players pausing about as long as this saw resets under load (issue 51's "connections reset").
KEEP_ALIVE = 5


def serve(host: str = "127.0.0.1", port: int = 8000, database: str | None = None) -> None:
    """Start the server on ``host:port`` with the given database URL (default: ./cardroom.sqlite3)."""
    url = database_url(database)
    busy = port_problem(host, port)
    if busy:
        raise SystemExit(busy)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print(
        _(
            "cardroom is open at {address}  (database: {database})",
            address=f"http://{shown}:{port}/",
            database=printable_url(url),
        ),
        flush=True,
    )
    # No per-message deflate on sockets: compressing every snapshot cost more server time than
    # anything else per push (measured with bench/server/server_load.py); snapshots are a few KB.
    # The group commit and the rate-limit leases run on threads of their own, which give up the GIL
    # for every SQLite call and then wait for the event loop to hand it back: at Python's default
    # 5 ms switch interval a busy loop made a 25-action commit take 8-24 ms at the median and up to
    # 300 ms (1 ms: 3-7 ms, at most 20 ms), and a bot thinking on its thread held the loop up to 5 ms
    # at a time. This process is the server's alone.
    sys.setswitchinterval(SWITCH_INTERVAL)
    uvicorn.run(
        create_app(url, tune_collector=True),
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=MAX_MESSAGE,  # a table socket's client sends nothing the room reads
        ws_max_queue=MAX_QUEUED,
        http=HeadTimeoutProtocol,  # a connection that never finishes its first request head is closed
        timeout_keep_alive=KEEP_ALIVE,
        headers=[("keep-alive", f"timeout={KEEP_ALIVE}")],
        # No access log: at this log level its lines were never written, yet Uvicorn worked out each
        # request's client address and path for them, every request; and a socket's URL may carry a
        # seat's token, which no log line may hold. No "server: uvicorn" header: it tells a stranger
        # what to attack and costs every answer a header.
        access_log=False,
        server_header=False,
    )


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port`` (a clear sentence), or None if it can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            return _(
                "cardroom cannot listen on {address}: {problem}. Another program (or another cardroom) is using "
                "that port; stop it, or pick another: cardroom serve --port {other} (make run PORT={other}).",
                address=f"{host}:{port}",
                problem=exc.strerror or exc,
                other=port + 1,
            )
    return None
