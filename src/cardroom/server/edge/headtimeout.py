"""Uvicorn's HTTP protocol with a deadline for a connection's first request head.

Uvicorn times out idle keep-alive connections only after a response; a connection that sends nothing,
or half a request head, is held until the client lets go, so thousands of them hold the server's file
descriptors (bench/server/server_abuse.py). This protocol closes a connection whose first request head is
not complete within ``$CARDROOM_HEAD_TIMEOUT`` seconds (default 10; a phone on a poor network sends
a head in well under a second). Requests in progress and WebSockets are never touched.
"""

from __future__ import annotations

import asyncio
import os

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


def head_timeout() -> float:
    return float(os.environ.get("CARDROOM_HEAD_TIMEOUT", "10"))


class HeadTimeoutProtocol(HttpToolsProtocol):
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer = self.loop.call_later(head_timeout(), self._head_overdue)

    def on_headers_complete(self) -> None:
        self._stop_head_timer()
        super().on_headers_complete()

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        # The socket's own protocol has the connection now and this one is dropped, but its parser
        # still refers back to it: a reference cycle the collector would have to find, one per
        # socket ever opened. Nothing reads the parser after the upgrade.
        self.parser = None  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_overdue(self) -> None:
        self._head_timer = None
        # Only a connection still on this protocol (not upgraded to a WebSocket) with no request yet.
        if self.cycle is None and self.transport.get_protocol() is self and not self.transport.is_closing():
            self.transport.close()
