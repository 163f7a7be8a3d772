"""The FastAPI application: API, socket, static browser client, and the startup that brings the
database up to date and resumes every unfinished game."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from datetime import timedelta
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import cardroom
from cardroom.server.edge.account_session import LoginLimits
from cardroom.server.edge.accounts_api import router as accounts_router
from cardroom.server.edge.analysis_api import router as analysis_router
from cardroom.server.edge.api import router
from cardroom.server.edge.challenges_api import router as challenges_router
from cardroom.server.edge.fastpath import REFUSALS, ActionFastPath, problem
from cardroom.server.edge.friend_api import router as friend_router
from cardroom.server.edge.health import HealthCheck
from cardroom.server.edge.host_api import router as host_router
from cardroom.server.edge.language import asked_language, said
from cardroom.server.edge.lobby import Lobby
from cardroom.server.edge.malformed import malformed_detail
from cardroom.server.edge.models import Problem
from cardroom.server.edge.pages import WEB_DIR, page
from cardroom.server.edge.people_api import router as people_router
from cardroom.server.edge.puzzles_api import router as puzzles_router
from cardroom.server.edge.sockets import TableSockets
from cardroom.server.ops import collector, logformat, metrics, timings
from cardroom.server.ops.limits import MAX_BODY, BodyLimit, short
from cardroom.server.ops.ratelimit import SharedRateLimiter
from cardroom.server.room import daily_ahead, rating, recovery
from cardroom.server.room.absent import AbsentLimits
from cardroom.server.room.daily_play import PlayFigures
from cardroom.server.room.hub import Hub
from cardroom.server.room.rooms import EXPIRE_AFTER, Room
from cardroom.server.store import DATABASE_ERRORS, Outage, Store, listen
from cardroom.server.store import database_url as chosen_url

UNREADABLE_BODY = (
    "the request body is not JSON this server can read: send UTF-8 JSON, nested at most a few hundred "
    "levels deep, with numbers of at most 4,300 digits"
)
FIRST_CHECK = 15.0  # seconds the start waits for the schema check before serving 503s meanwhile
NOT_READY: tuple[type[BaseException], ...] = (*DATABASE_ERRORS, TimeoutError)


def create_app(
    database_url: str | None = None,
    *,
    bot_delay: float | None = None,
    rate: float = 20.0,
    burst: int = 60,
    spectators_per_table: int = 100,
    tables_per_minute: int | None = None,
    expire_after: timedelta = EXPIRE_AFTER,
    tune_collector: bool = False,
    absent: AbsentLimits | None = None,
) -> FastAPI:
    """The app on the given database (see :func:`store.database_url` for the default).

    ``bot_delay``: the least time a bot takes per move (default 0.8 s, or $CARDROOM_BOT_DELAY), so
    people can follow a bot's play and its speed says nothing about its cards.
    ``tables_per_minute`` (default 60, or $CARDROOM_TABLES_PER_MINUTE): how many tables one address
    may create a minute (that many at once, then one every 60/N s), counted in the database (so
    across processes and however many requests arrive at once).
    ``expire_after``: how long an unfinished table may go without a move before it is closed.
    ``tune_collector``: keep the garbage collector's full collections short (:mod:`.collector`);
    `cardroom serve` sets it, the process being the server's alone.
    ``absent``: when a seat is handed to the room's bot and a table abandoned (tests shorten them).
    """
    limits = absent or AbsentLimits.from_env()
    url = chosen_url(database_url)
    delay = bot_delay if bot_delay is not None else float(os.environ.get("CARDROOM_BOT_DELAY", "0.8"))

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        logformat.configure()  # JSON lines if $CARDROOM_LOG_FORMAT=json
        # The store opens whatever state its database is in: until its schema is checked (below, then
        # by every probe while that fails) the room answers 503 to what needs the database.
        store = Store.unchecked(url)
        room = Room(
            store,
            hub=Hub(spectators=spectators_per_table),
            bot_delay=delay,
            expire_after=expire_after,
            timeouts=limits.timeouts,
            away_after=limits.away_after,
            abandon_after=limits.abandon_after,
            present_for=limits.present_for,
            sweep_every=limits.sweep_every,
        )
        # The store's parts the edge uses itself: the group writer's thread (below) and its outage,
        # told of every request the database failed (a 503).
        writer = store.writer
        outage = writer.outage
        app.state.outage = outage
        app.state.dialect = store.dialect
        app.state.room = room
        daily_play = app.state.daily_play = PlayFigures(store)  # the deal of the day's analyses
        health = app.state.health = HealthCheck(store)
        app.state.lobby = Lobby(room, store)
        # Per-token limits live in the database, so they hold across server processes.
        # On SQLite its leases are written on the group writer's thread: one writer, no lock contention.
        lease_thread = writer.thread if store.dialect == "sqlite" else None
        app.state.limiter = SharedRateLimiter(url, rate, burst, lease_thread, readiness=store.readiness)
        per_minute = tables_per_minute or int(os.environ.get("CARDROOM_TABLES_PER_MINUTE", "60"))
        # Table creations per address: a bucket of the same kind, stored in the same table (its keys
        # start with "create:"), so the limit holds however many requests arrive at once on however
        # many processes: every creation takes a token in one atomic statement before the table is made.
        # Never counted in this process alone: a creation the database cannot count is refused (503).
        app.state.creations = SharedRateLimiter(
            url, per_minute / 60.0, per_minute, lease_thread, readiness=store.readiness, alone=False, lease=1
        )
        # Login and sign-up tries, per name and per address, in the same shared buckets.
        app.state.logins = LoginLimits(url, lease_thread, store.readiness)
        try:  # a database that does not answer at all (a host gone) must not hold the start up either
            await asyncio.wait_for(asyncio.to_thread(store.prepare), FIRST_CHECK)
        except NOT_READY as exc:
            outage.failed(exc)  # said once; the room starts all the same, and probes until it is back
        started_ready = store.ready
        if started_ready:  # one UPDATE, done before the first request is served
            await _unless_unavailable(room.expire_idle, outage)
        from cardroom.server.ops import kernels  # compiled kernels load in the background (bots search on the

        kernels.start()  # reference engine till then): docs/kernels.md
        background = [
            asyncio.create_task(
                _housekeeping(
                    room, health, outage, url if store.dialect == "postgresql" else None, tune_collector, started_ready
                )
            ),
            asyncio.create_task(recovery.watch(outage, health.check, room.restart_autoplay)),
            asyncio.create_task(room.watch_absence(limits.sweep_every)),
            # Finished tables of account holders rated (docs/accounts.md); $CARDROOM_RATE_EVERY seconds.
            asyncio.create_task(rating.watch(room, float(os.environ.get("CARDROOM_RATE_EVERY", "5")))),
            # The deal of the day's expert references, played when a window closes (docs/challenges.md).
            asyncio.create_task(daily_ahead.watch(store)),
            # Its entries' analyses, queued as their deals finish and kept in the database.
            asyncio.create_task(daily_ahead.watch_analyses(store, room, daily_play)),
        ]
        sampler = timings.start()  # None unless $CARDROOM_TIMINGS=1
        if sampler is not None:
            background.append(sampler)
        metrics.watch(
            tables=room.held_count, sockets=room.socket_count, queued=lambda: writer.queued,
            down=lambda: 1.0 if outage.failing else 0.0,
        )  # fmt: skip
        scraped = metrics.serve()  # None unless $CARDROOM_METRICS_PORT is set
        try:
            yield
        finally:
            if scraped is not None:
                scraped.close()
            for task in background:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await room.shutdown()
            kernels.stop()
            writer.close()
            app.state.limiter.close()
            app.state.creations.close()
            app.state.logins.close()
            store.close()
            if timings.ON:
                timings.report()
            if tune_collector:
                collector.stop()

    app = CardroomApp(
        title="cardroom",
        version=cardroom.__version__,
        summary="Card games online: tables, seats, actions.",
        lifespan=lifespan,
    )
    app.include_router(router)
    app.include_router(analysis_router)  # post-game analysis and hints
    app.include_router(accounts_router)  # optional accounts (docs/accounts.md)
    app.include_router(host_router)  # a host's and a player's tools: remove, close, report
    app.include_router(people_router)  # leaderboards and players' pages
    app.include_router(challenges_router)  # the deal of the day (docs/challenges.md)
    app.include_router(friend_router)  # a friend's challenge (docs/challenges.md)
    app.include_router(puzzles_router)  # puzzles from your games (docs/challenges.md)
    # Outermost: a body over the limit is refused before any parsing (413).
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    _handlers(app)
    _document_problems(app)
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    @app.get("/", include_in_schema=False)
    def lobby_page() -> HTMLResponse:
        return page("index.html")

    @app.get(
        "/healthz",
        summary="Whether the database is reachable and writable (200), or not (503, with what failed)",
        responses={503: {"description": "the database cannot be reached or written"}},
    )
    async def healthz(request: Request) -> JSONResponse:
        health = await request.app.state.health.check()
        dialect = request.app.state.dialect
        if not health.ok:
            metrics.refused(503, "/healthz")
        return JSONResponse(health.body(dialect), status_code=200 if health.ok else 503)

    @app.get("/account", include_in_schema=False)
    def account_page() -> HTMLResponse:
        return page("account.html")

    @app.get("/people", include_in_schema=False)
    def leaderboards_page() -> HTMLResponse:
        return page("people.html")

    @app.get("/people/{name}", include_in_schema=False)
    def player_page(name: str) -> HTMLResponse:
        return page("person.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> HTMLResponse:
        return page("table.html")

    return app


class CardroomApp(FastAPI):
    """FastAPI, with the two busiest paths taken before any of the framework's layers: an action
    request (:mod:`.fastpath`; anything unusual about it goes on to FastAPI, which answers exactly as
    documented) and the table sockets (:mod:`.sockets`). Under load the framework's layers alone
    (telemetry checks, exception and body middleware, routing) cost more than the game."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        framework = functools.partial(FastAPI.__call__, self)
        self._hot = ActionFastPath(TableSockets(framework))

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        scope["app"] = self
        await self._hot(scope, receive, send)


async def _housekeeping(
    room: Room, health: HealthCheck, outage: Outage, postgres_url: str | None, tune_collector: bool, expired: bool
) -> None:
    """Once the database's schema is checked (at once, or when the database is first back): close the
    idle tables (unless the start did: ``expired``), hear other processes (PostgreSQL), resume the
    unfinished tables in the background; then close idle tables hourly (and let the collector look at
    everything once, see :mod:`.collector`). A step the database fails is left to its next turn (a
    table not resumed is read when asked for)."""
    await health.until_ready()
    listener = asyncio.create_task(listen(postgres_url, room.heard, room.catch_up_all)) if postgres_url else None
    try:
        if not expired:
            await _unless_unavailable(room.expire_idle, outage)
        await _unless_unavailable(room.resume_all, outage)
        if tune_collector:
            collector.settle()
        while True:
            await asyncio.sleep(3600)
            await _unless_unavailable(room.expire_idle, outage)
            if tune_collector:
                collector.sweep()
    finally:
        if listener is not None:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener


async def _unless_unavailable(step: Callable[[], Awaitable[object]], outage: Outage) -> None:
    try:
        await step()
    except DATABASE_ERRORS as exc:
        outage.failed(exc)


def _document_problems(app: FastAPI) -> None:
    """Make the OpenAPI document say what a malformed request really gets back.

    FastAPI documents its default 422 body (``detail`` as a list of pydantic errors), but the handler
    below answers ``{"detail": "malformed request: ..."}`` like every other refusal, so clients generated
    from the document (and schemathesis) would reject our own answers. Each 422 points at ``Problem``.
    """
    default = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = default()
        schemas = document.get("components", {}).get("schemas", {})
        if "HTTPValidationError" in schemas:
            schemas.setdefault("Problem", Problem.model_json_schema(ref_template="#/components/schemas/{model}"))
            for path in document.get("paths", {}).values():
                for operation in path.values():
                    answer = operation.get("responses", {}).get("422", {})
                    body = answer.get("content", {}).get("application/json", {})
                    if body.get("schema", {}).get("$ref") == "#/components/schemas/HTTPValidationError":
                        body["schema"] = {"$ref": "#/components/schemas/Problem"}
                        answer["description"] = "malformed request: what was wrong and what is allowed"
            schemas.pop("HTTPValidationError")
            schemas.pop("ValidationError", None)
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]


def _handlers(app: FastAPI) -> None:
    async def refused(request: Request, exc: Exception) -> JSONResponse:
        status, body = problem(exc, request.headers.get("accept-language"))
        if status in (429, 503):
            metrics.refused(status, getattr(request.scope.get("route"), "path", "other"))
        if status == 503:
            request.app.state.outage.failed(exc)
            return JSONResponse(body, status_code=503, headers={"Retry-After": "2"})
        return JSONResponse(body, status_code=status)

    for kind in REFUSALS:
        app.add_exception_handler(kind, refused)

    @app.exception_handler(StarletteHTTPException)
    async def unreadable(request: Request, exc: StarletteHTTPException) -> Response:
        # FastAPI's answer to a body json cannot decode at all (invalid UTF-8, nesting deeper than the
        # parser's recursion limit, an integer over Python's 4,300 digits) says only that parsing failed.
        if exc.status_code == 400 and exc.detail == "There was an error parsing the body":
            return JSONResponse({"detail": said(request, UNREADABLE_BODY)}, status_code=400)
        return await http_exception_handler(request, exc)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        # Each problem worded in the request's language, without echoing the request body back.
        detail = malformed_detail(asked_language(request), exc.errors())
        return JSONResponse({"detail": short(detail)}, status_code=422)
