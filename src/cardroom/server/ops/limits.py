"""The bounds the server sets on what visitors send: bot budgets, text, table ids, body sizes.

Everything here answers a request that could otherwise freeze the room or reach the database in a
form one database accepts and another refuses. Each refusal says what is allowed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from cardroom.core.errors import InvalidOptions
from cardroom.locale import Phrase
from cardroom.server.errors import Refused

# A search bot may think at most this long per move (the autoplay guard allows a second more).
BOT_MS_MIN, BOT_MS_MAX = 1.0, 4000.0
BOT_ITERATIONS_MIN, BOT_ITERATIONS_MAX = 1, 1_000_000
BOT_SPEC_MAX = 128  # the seats.bot_spec column
MAX_BODY = 64 * 1024  # bytes of a request body
MAX_DETAIL = 300  # characters of an error message

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def short(text: str, limit: int = MAX_DETAIL) -> str:
    """``text`` cut to ``limit`` characters, so no error message echoes a huge input back."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clean_text(value: str, what: str | Phrase) -> str:
    """Refuse control characters (a NUL breaks PostgreSQL) and lone surrogates (not UTF-8)."""
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise Refused("{what} may not contain control characters", what=what)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("{what} is not valid Unicode text", what=what) from None
    return value


def clean_value(value: Any, what: str | Phrase) -> None:
    """Check every string inside an option value (lists and objects included)."""
    if isinstance(value, str):
        clean_text(value, what)
    elif isinstance(value, list):
        for item in value:
            clean_value(item, what)
    elif isinstance(value, dict):
        for key, item in value.items():
            clean_text(str(key), what)
            clean_value(item, what)


def well_formed_table_id(table_id: str) -> bool:
    return TABLE_ID.fullmatch(table_id) is not None


def bounded_bot_spec(spec: str) -> str:
    """The spec with its search budget inside the server's bounds; :class:`Refused` if out of them.

    A spec that bounds a search only by iterations gets ``ms=<max>`` added: iterations alone say
    nothing about time, and a bot must never hold a worker thread for long.
    """
    from cardroom.bots.specs import parse_spec

    if len(spec) > BOT_SPEC_MAX:
        raise Refused("a bot spec is at most {most} characters", most=BOT_SPEC_MAX)
    clean_text(spec, Phrase("a bot spec"))
    try:
        _, params = parse_spec(spec)
    except InvalidOptions as exc:
        raise Refused(short(str(exc))) from None
    if "ms" in params:
        ms = _number(params["ms"], "ms")
        if not BOT_MS_MIN <= ms <= BOT_MS_MAX:
            raise Refused(
                "bot budget ms={value} is out of range: ms is {low} to {high} here",
                value=short(params["ms"], 20),
                low=f"{BOT_MS_MIN:g}",
                high=f"{BOT_MS_MAX:g}",
            )
    if "iterations" in params:
        it = _number(params["iterations"], "iterations")
        if not (it == int(it) and BOT_ITERATIONS_MIN <= it <= BOT_ITERATIONS_MAX):
            raise Refused(
                "bot budget iterations={value} is out of range: iterations is a whole number from {low} to {high} here",
                value=short(params["iterations"], 20),
                low=BOT_ITERATIONS_MIN,
                high=BOT_ITERATIONS_MAX,
            )
        if "ms" not in params:
            spec = f"{spec},ms={BOT_MS_MAX:g}"
    return spec


def _number(text: str, key: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise Refused("bot budget {key}={value} is not a number", key=key, value=short(text, 20)) from None
    if not math.isfinite(value):
        raise Refused("bot budget {key} must be a finite number", key=key)
    return value


# -- the request body ------------------------------------------------------------------------------

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413 before anything parses it.

    A declared Content-Length over the limit is refused at once; a chunked body is read only up to
    the limit. A body within the limit is handed on unchanged.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await self._refuse(send, 400, "Content-Length is not a number")
                    return
                if declared > self.limit:
                    await self._refuse(send, 413, self._too_big())
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send, 413, self._too_big())
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replayed(b"".join(chunks), receive), send)

    def _too_big(self) -> str:
        return f"the request body is larger than {self.limit // 1024} KiB"

    @staticmethod
    async def _refuse(send: Send, status: int, detail: str) -> None:
        import json

        payload = json.dumps({"detail": detail}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})


def replayed(body: bytes, receive: Receive, more: bool = False) -> Receive:
    """A ``receive`` that gives the body already read first (``more``: the client has more of it),
    then the client's own messages: for an app behind a middleware that had to read the body."""
    delivered = False

    async def replay() -> Message:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": more}
        return await receive()

    return replay
