"""The per-seat WebSocket (``/api/tables/{id}/ws?token=``), as plain ASGI.

It pushes this seat's snapshot (the spectator's without a token) now and after every change. Each
socket computes its own seat's view when woken: nothing is broadcast, and a seat's snapshot is
encoded once per change however many of its sockets and requests want it (:mod:`.snapshots`).
Written without the framework's WebSocket wrapper because pushes are most of the server's work:
each went through four layers of send wrappers and a decode of bytes to text and back.

A refused socket is accepted and then closed with a code and a reason, so a browser can tell why
(a refusal before the handshake reaches a page only as an anonymous failure): 4404 no such table,
4403 a token that opens no seat here, 4429 too many sockets (per table, per seat, in all), 1013 the
database is unavailable (try again later); a socket to any other path gets 4404 too (the framework
would refuse it at the handshake). A suspended account's seat is closed with 4403 and the reason, at
once or when the suspension is heard (see :mod:`..room.suspensions`). A reason is said in the socket's
language: its ``lang`` query parameter, else the upgrade request's ``Accept-Language``, else English
(the room's own reason for too many sockets is read back and worded by :mod:`cardroom.locale.socket_limits`).
"""

from __future__ import annotations

import asyncio
import re
from urllib.parse import parse_qs

from cardroom.locale import negotiate, say
from cardroom.locale.socket_limits import socket_refusal
from cardroom.server.edge.fastpath import header
from cardroom.server.errors import UnknownTable, WrongToken
from cardroom.server.ops import metrics, timings
from cardroom.server.ops.limits import ASGIApp, Receive, Scope, Send
from cardroom.server.ops.ratelimit import SharedRateLimiter
from cardroom.server.room.rooms import Room
from cardroom.server.room.snapshots import socket_message
from cardroom.server.room.tokens import SUSPENDED, SuspendedSeat, hash_token, suspended_seats
from cardroom.server.store import DATABASE_ERRORS

SOCKET_PATH = re.compile(r"/api/tables/([^/]{1,200})/ws")
# What a client may send on a table socket. The room reads nothing from it (the page sends nothing;
# actions go through the API), so a message is read only to notice the socket closing and then
# dropped: a larger one closes the socket (1009) before its payload is buffered, and only a few
# may wait to be read. With the server's default (16 MiB, 32 queued) forty spectators sending one
# big message each took the server from 95 MB to about 1 GB.
MAX_MESSAGE = 4096  # bytes
MAX_QUEUED = 4  # messages


class TableSockets:
    """ASGI middleware: takes the table sockets, hands everything else on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        if (await receive())["type"] != "websocket.connect":
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        lang = negotiate((query.get("lang") or [None])[-1] or header(scope, b"accept-language"))
        match = SOCKET_PATH.fullmatch(scope["path"])
        if match is None:  # the framework would refuse it at the handshake, a bare 403
            await _refuse(send, 4404, say(lang, "no such socket: a table's socket is /api/tables/{id}/ws"))
            return
        token = (query.get("token") or [None])[-1]
        state = scope["app"].state
        await table_socket(state.room, state.limiter, match.group(1), token, receive, send, lang)


async def table_socket(
    room: Room,
    limiter: SharedRateLimiter,
    table_id: str,
    token: str | None,
    receive: Receive,
    send: Send,
    lang: str,
) -> None:
    try:
        live, seat = await room.optional_seat_soon(table_id, token)  # a table not in memory is read on a thread
    except UnknownTable:
        await _refuse(send, 4404, say(lang, "no such table"))
        return
    except WrongToken as exc:
        suspended = isinstance(exc, SuspendedSeat)
        await _refuse(send, 4403, say(lang, SUSPENDED) if suspended else say(lang, "wrong token"))
        return
    except DATABASE_ERRORS:
        await _refuse(send, 1013, say(lang, "the database is unavailable; try again in a moment"))
        return
    refusal = room.socket_refusal(live, seat)
    if refusal is not None:
        await _refuse(send, 4429, socket_refusal(refusal, lang))
        return
    await send({"type": "websocket.accept"})
    if seat is not None and token:
        # A seat about to act: its rate limit's lease is fetched now, not on its first action.
        limiter.ask_ahead(hash_token(token))
    live, changed = await room.follow(table_id, seat)  # a seat's person is here (an auto seat is handed back)
    closed = asyncio.Event()

    async def until_closed() -> None:
        # Reads (and ignores) what the client sends, so a closed socket is noticed at once; wakes
        # the sender through the same event a change uses (no task per push).
        while (await receive())["type"] != "websocket.disconnect":
            pass
        closed.set()
        changed.set()

    receiver = asyncio.ensure_future(until_closed())
    woken = 0.0  # timings on: when a change woke this socket (0 for its first snapshot)
    try:
        while not closed.is_set():
            if seat is not None and (table_id, seat) in suspended_seats:  # suspended since it opened
                await send({"type": "websocket.close", "code": 4403, "reason": say(lang, SUSPENDED)})
                return
            changed.clear()
            # The table as it is now (it may have been rebuilt): in memory nearly always, found at once.
            live = room.held(table_id) or await room.live_soon(table_id)
            await room.messages_soon(live)  # read on a thread if a new message made them stale
            body = room.encoded_snapshot(live, seat)
            await send({"type": "websocket.send", "text": socket_message(body).decode()})
            if woken:
                pushed = timings.clock() - (live.watchers.changed_at or woken)
                metrics.PUSH_SECONDS.observe(pushed)
                if timings.ON:
                    timings.add("socket push", pushed)
            await changed.wait()
            woken = timings.clock() if timings.ON or metrics.ON else 0.0
    except (OSError, RuntimeError):  # the connection went away mid-send
        return
    finally:
        room.unfollow(live, changed, seat)
        receiver.cancel()


async def _refuse(send: Send, code: int, reason: str) -> None:
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": code, "reason": reason})
