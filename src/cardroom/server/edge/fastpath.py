"""The busiest request, an action (``POST /api/tables/{id}/actions``), answered without FastAPI.

Under load the server spent most of its time per action in the web framework: routing through every
route, solving dependencies, building a Request, validating the body through pydantic, then the
exception middleware. This ASGI middleware takes an ordinary action request (a JSON object with an
integer ``step`` and a short text ``action``, the token in the Authorization header) straight to
:meth:`Room.submit` and answers with the same bodies and statuses as the FastAPI route. Anything else
(another content type, a token in the query, extra or mistyped fields, JSON it cannot read) goes on
to FastAPI unchanged, so every unusual request gets exactly the documented answer; the route stays
in the OpenAPI document, which describes both.
"""

from __future__ import annotations

import re
from typing import Any

import orjson

from cardroom.locale import negotiate, say
from cardroom.server.errors import RateLimited, Refused, SeatTaken, StaleStep, UnknownTable, WrongToken
from cardroom.server.ops import metrics, timings
from cardroom.server.ops.limits import MAX_BODY, ASGIApp, Receive, Scope, Send, replayed, short
from cardroom.server.room.tokens import SuspendedSeat, hash_token
from cardroom.server.store import DATABASE_ERRORS, UNAVAILABLE

ACTION_PATH = re.compile(r"/api/tables/([A-Za-z0-9_-]{1,32})/actions")
ACTIONS_ROUTE = "/api/tables/{table_id}/actions"  # the route's template, as the framework names it
MAX_ACTION = 200  # characters, as ActionIn says
JSON_HEADERS = [(b"content-type", b"application/json")]


# The room's refusals, and the database errors that answer 503 (see :mod:`.store.outage`).
REFUSALS: tuple[type[Exception], ...] = (
    UnknownTable,
    WrongToken,
    SeatTaken,
    StaleStep,
    Refused,
    RateLimited,
    *DATABASE_ERRORS,
)
SEAT_TAKEN = "this link was already used: its seat has been taken (ask whoever sent it for a new one)"


def problem(exc: Exception, language: str | None = None) -> tuple[int, dict[str, Any]]:
    """The status and body that answer one of the room's refusals (the same on every path), said in the
    language of ``language`` (an ``Accept-Language`` header) where the catalogue words it."""
    lang = negotiate(language)
    if isinstance(exc, UnknownTable):
        return 404, {"detail": say(lang, "no such table")}
    if isinstance(exc, SuspendedSeat):  # a kind of WrongToken that says why
        return 403, {"detail": exc.in_language(lang)}
    if isinstance(exc, WrongToken):
        return 403, {"detail": say(lang, "this token opens no seat at this table")}
    if isinstance(exc, SeatTaken):
        return 410, {"detail": say(lang, SEAT_TAKEN)}
    if isinstance(exc, StaleStep):
        return 409, {"detail": short(exc.in_language(lang)), "step": exc.current}
    if isinstance(exc, RateLimited):
        return 429, {"detail": say(lang, "too many requests; slow down")}
    if isinstance(exc, DATABASE_ERRORS):
        return 503, {"detail": say(lang, UNAVAILABLE)}
    if isinstance(exc, Refused):
        return 422, {"detail": short(exc.in_language(lang))}
    return 422, {"detail": short(str(exc))}


class ActionFastPath:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope.get("query_string"):
            await self.app(scope, receive, send)
            return
        match = ACTION_PATH.fullmatch(scope["path"])
        token = _plain_request(scope) if match is not None else None
        if match is None or token is None:
            await self.app(scope, receive, send)
            return
        arrived = metrics.clock()
        body, more = await _read_body(receive)
        received = timings.clock() if timings.ON else 0.0
        if body is None:
            return  # the client went away
        fields = None if more else _action_fields(body)
        if fields is None:
            await self.app(scope, replayed(body, receive, more), send)
            return
        step, action = fields
        state = scope["app"].state
        try:
            allowed = await state.limiter.allow(hash_token(token))
            if timings.ON:
                timings.add("rate limit check", timings.clock() - received)
            if not allowed:
                raise RateLimited()
            room = state.room
            table_id = match.group(1)
            live, seat = await room.act(table_id, token, step, action)
            await room.messages_soon(live)
            status, payload = 200, room.encoded_snapshot(live, seat)
        except REFUSALS as exc:
            status, detail = problem(exc, header(scope, b"accept-language"))
            payload = orjson.dumps(detail)
            if status == 503:
                state.outage.failed(exc)
            if status in (429, 503):
                metrics.refused(status, ACTIONS_ROUTE)
        headers = [*JSON_HEADERS, (b"content-length", str(len(payload)).encode())]
        if status == 503:
            headers.append((b"retry-after", b"2"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
        metrics.ACTION_SECONDS.observe(metrics.clock() - arrived)
        if timings.ON:
            timings.add("action request", timings.clock() - received)


def _plain_request(scope: Scope) -> str | None:
    """The bearer token of a request with a JSON body and the token in its header, else None."""
    token = None
    json_body = False
    for name, value in scope["headers"]:
        if name == b"authorization":
            if token is not None or value[:7].lower() != b"bearer ":
                return None
            token = value[7:].strip().decode("latin-1")
        elif name == b"content-type":
            json_body = value.split(b";", 1)[0].strip().lower() == b"application/json"
        elif name == b"content-length" and not (value.isdigit() and int(value) <= MAX_BODY):
            return None  # too big or malformed: the framework's path refuses it
    return token if token and json_body else None


async def _read_body(receive: Receive) -> tuple[bytes | None, bool]:
    """``(body, False)``; or, once it grows over the size limit, ``(what was read, True)``, the rest
    left for the framework's path (which refuses it); ``(None, False)`` if the client went away."""
    chunks = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None, False
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        more = bool(message.get("more_body", False))
        if not more or size > MAX_BODY:
            return b"".join(chunks), more


def _action_fields(body: bytes) -> tuple[int, str] | None:
    """``(step, action)`` of a body FastAPI would accept as it stands, else None (FastAPI decides)."""
    try:
        parsed: Any = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if type(parsed) is not dict or parsed.keys() != {"step", "action"}:
        return None
    step, action = parsed["step"], parsed["action"]
    if type(step) is not int or type(action) is not str or len(action) > MAX_ACTION:
        return None
    return step, action


def header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the first, as text), or None."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None
