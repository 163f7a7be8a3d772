"""The JSON API and the per-seat WebSocket.

Status codes: 404 unknown table, 403 wrong or missing token, 409 stale step, 422 an illegal or
malformed action (the engine's reason), 429 too many requests. Error bodies say only what the
requester may know.
"""

from __future__ import annotations

import asyncio
import os
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse, Response

from cardroom.core.errors import InvalidOptions
from cardroom.core.registry import game_names, make
from cardroom.server.edge.catalogue import game_catalogue
from cardroom.server.edge.fastjson import FastJSON
from cardroom.server.edge.models import (
    ActionIn,
    ChatIn,
    CreateTable,
    FillIn,
    GameInfo,
    Invitation,
    Joined,
    JoinIn,
    MoreTimeIn,
    Problem,
    Rematch,
    ReplayStep,
    Rules,
    Snapshot,
    TableCreated,
    TableSummary,
)
from cardroom.server.errors import RateLimited
from cardroom.server.ops import timings
from cardroom.server.ops.limits import short
from cardroom.server.ops.ratelimit import SharedRateLimiter
from cardroom.server.room.live import marked_log
from cardroom.server.room.rooms import Room
from cardroom.server.room.snapshots import public_summary
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.room.tokens import hash_token

router = APIRouter(prefix="/api")

ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem, "description": "the token opens no seat at this table"},
    404: {"model": Problem, "description": "no such table"},
    429: {"model": Problem, "description": "too many requests for this token (or tables from this address)"},
}


async def room_of(request: Request) -> Room:
    room: Room = request.app.state.room
    return room


RoomDep = Annotated[Room, Depends(room_of)]


async def bearer(
    request: Request,
    authorization: Annotated[str | None, Header(description="Bearer <seat token>")] = None,
    token: Annotated[str | None, Query(description="the seat token, for links (a header is preferred)")] = None,
) -> str | None:
    """The seat token from the Authorization header or the ``token`` query parameter; rate-limited."""
    found = None
    if authorization and authorization.lower().startswith("bearer "):
        found = authorization[7:].strip()
    elif token:
        found = token
    limiter: SharedRateLimiter = request.app.state.limiter
    if not await limiter.allow(hash_token(found) if found else address_key(request)):
        raise RateLimited()
    return found


TokenDep = Annotated[str | None, Depends(bearer)]


def address_key(request: Request) -> str:
    """The rate-limit key of the requester's address. Only hashes are stored (rate_buckets), neither
    tokens nor addresses; an address's key starts with "@", which no token's hash (hexadecimal) does."""
    return "@" + hash_token(request.client.host if request.client else "?")[:63]


async def address_limit(request: Request) -> None:
    """The rate limit of a route that takes no token: the requester's address's bucket."""
    limiter: SharedRateLimiter = request.app.state.limiter
    if not await limiter.allow(address_key(request)):
        raise RateLimited()


# Every route is rate-limited: by its token (TokenDep), else by the requester's address (this);
# creating a table by its own limit per address (tables_per_minute).
ByAddress = [Depends(address_limit)]


def public_base(request: Request) -> str:
    """Where people reach this server, for links: $CARDROOM_PUBLIC_URL when set (behind a proxy,
    or for friends on other machines), else the address this request came to."""
    configured = os.environ.get("CARDROOM_PUBLIC_URL", "").strip()
    return configured.rstrip("/") if configured else str(request.base_url).rstrip("/")


# -- games --------------------------------------------------------------------------------------------


@router.get("/games", response_model=list[GameInfo], dependencies=ByAddress, summary="The games that can be played")
async def list_games() -> list[GameInfo]:
    return game_catalogue()


@router.get(
    "/games/{game}/rules",
    response_model=Rules,
    responses={404: {"model": Problem}, 422: {"model": Problem}},
    dependencies=ByAddress,
    summary="The rules of a game under a preset",
)
async def game_rules(request: Request, game: str, preset: str | None = None) -> Rules | JSONResponse:
    from cardroom.arena.ladder_page import room_section
    from cardroom.locale.options import OptionsRefusal
    from cardroom.locale.rules_text import rules_markdown
    from cardroom.server.edge.language import asked_language, said

    # Everything in the request's language: the page sends its own as Accept-Language.
    if game not in game_names():
        detail = said(
            request, "no game named {name}; games: {games}", name=repr(short(game, 40)), games=", ".join(game_names())
        )
        return JSONResponse({"detail": detail}, status_code=404)
    try:
        g = make(game, preset=preset)
    except InvalidOptions as exc:
        return JSONResponse(
            {"detail": OptionsRefusal(short(str(exc))).in_language(asked_language(request))}, status_code=422
        )
    lang = asked_language(request)
    # The bots' ladder (docs/ladder.md), fresh rows only: its stamps compared with the shipped
    # fingerprints, both files read once a process; nothing computed here.
    return Rules(game=game, preset=g.preset, markdown=rules_markdown(g, lang) + room_section(game, lang))


# -- tables ---------------------------------------------------------------------------------------


@router.post(
    "/tables",
    response_model=TableCreated,
    status_code=201,
    responses={
        413: {"model": Problem, "description": "the request body is over 64 KiB"},
        422: {"model": Problem, "description": "unknown game, preset, option or bot"},
        429: {"model": Problem, "description": "too many tables created from this address"},
    },
    summary="Create a table and fill its seats",
)
async def create_table(body: CreateTable, request: Request, room: RoomDep) -> TableCreated:
    # Tables are stored for good: one address may not fill the disk with them. Counted in the
    # database, so the limit holds across every process.
    creator = hash_token("address:" + (request.client.host if request.client else "?"))[:16]
    creations: SharedRateLimiter = request.app.state.creations
    if not await creations.allow("create:" + creator):
        raise RateLimited()
    created = await room.create(
        body.game,
        body.preset,
        body.options,
        [SeatRequest(s.kind, s.bot, s.name) for s in body.seats],
        body.reaction_seconds,
        body.turn_seconds,
        body.hints,
        private=body.private,
        creator=creator,
    )
    room.looked_at(await room.live_soon(created.table_id))  # its creator is about to follow it
    base = public_base(request)
    return TableCreated(
        table_id=created.table_id,
        seat=created.seat,
        token=created.token,
        url=f"{base}/table/{created.table_id}",
        invitations=[
            Invitation(seat=seat, token=token, url=f"{base}/table/{created.table_id}#token={token}")
            for seat, token in sorted(created.invitations.items())
        ],
    )


@router.get(
    "/tables",
    response_model=list[TableSummary],
    responses={429: ERRORS[429]},
    dependencies=ByAddress,
    summary="Recent tables",
)
async def list_tables(request: Request) -> Response:
    return Response(await request.app.state.lobby.encoded(), media_type="application/json")


@router.get(
    "/tables/{table_id}",
    response_model=TableSummary,
    responses=ERRORS,
    dependencies=ByAddress,
    summary="A table's public facts",
)
async def get_table(table_id: str, room: RoomDep) -> FastJSON:
    live = await room.live_soon(table_id)
    room.looked_at(live)
    return FastJSON(public_summary(live))


@router.get(
    "/tables/{table_id}/view",
    response_model=Snapshot,
    responses=ERRORS,
    summary="Your seat's view and log (a spectator's without a token)",
)
async def get_view(table_id: str, room: RoomDep, token: TokenDep) -> FastJSON:
    live, seat = await room.optional_seat_soon(table_id, token)
    room.looked_at(live)
    await room.messages_soon(live)
    return FastJSON(room.snapshot(live, seat))


@router.post(
    "/tables/{table_id}/actions",
    response_model=Snapshot,
    responses={
        **ERRORS,
        409: {"model": Problem, "description": "the action was chosen on a step that has passed"},
        422: {"model": Problem, "description": "an illegal or malformed action, with the engine's reason"},
    },
    summary="Take an action on the step it was chosen on",
)
async def post_action(table_id: str, body: ActionIn, room: RoomDep, token: TokenDep) -> FastJSON:
    live, seat = await room.act(table_id, token, body.step, body.action)
    return FastJSON(room.snapshot(live, seat))


@router.post(
    "/tables/{table_id}/chat",
    status_code=204,
    responses={**ERRORS, 422: {"model": Problem, "description": "empty or too long"}},
    summary="Say something at the table (seats only; plain text, at most 300 characters, about 1 a second)",
)
async def say(table_id: str, body: ChatIn, room: RoomDep, token: TokenDep) -> None:
    await room.say(table_id, token, body.text)


@router.post(
    "/tables/{table_id}/concede",
    response_model=Snapshot,
    responses={**ERRORS, 422: {"model": Problem, "description": "the game is over, or a reaction window is open"}},
    summary="Give up: at two seats the table ends and you lose; with more you leave and the others play on",
)
async def concede(table_id: str, room: RoomDep, token: TokenDep) -> FastJSON:
    _, seat = await room.seat_soon(table_id, token)
    live = await room.concede(table_id, token)
    return FastJSON(room.snapshot(live, seat))


@router.get(
    "/tables/{table_id}/cards",
    response_model=dict[str, Any],
    responses=ERRORS,
    dependencies=ByAddress,
    summary="The cards of this table's deck (names, points, texts), for games whose deck is data",
)
async def table_cards(table_id: str, room: RoomDep) -> dict[str, Any]:
    from cardroom.server.edge.catalogue import card_catalogue

    return card_catalogue((await room.live_soon(table_id)).game)


@router.post("/tables/{table_id}/join", response_model=Joined, responses=ERRORS, summary="Take your seat")
async def join(table_id: str, body: JoinIn, room: RoomDep, token: TokenDep) -> Joined:
    seat, fresh = await room.join(table_id, token, body.name)
    return Joined(seat=seat, token=fresh)


@router.post(
    "/tables/{table_id}/fill",
    response_model=TableSummary,
    responses={**ERRORS, 422: {"model": Problem, "description": "the seat waits for nobody, or the bot is unknown"}},
    summary="Give a seat the table still waits for to a bot (any seated person, before the game begins)",
)
async def fill_seat(table_id: str, body: FillIn, room: RoomDep, token: TokenDep) -> FastJSON:
    live = await room.fill_with_bot(table_id, token, body.seat, body.bot)
    return FastJSON(public_summary(live))


@router.post(
    "/tables/{table_id}/cancel",
    response_model=TableSummary,
    responses={**ERRORS, 422: {"model": Problem, "description": "the game has begun"}},
    summary="End a table that still waits for an invited person (any seated person, before the game begins)",
)
async def cancel_table(table_id: str, room: RoomDep, token: TokenDep) -> FastJSON:
    live = await room.cancel_waiting(table_id, token)
    return FastJSON(public_summary(live))


@router.post(
    "/tables/{table_id}/more-time",
    response_model=TableSummary,
    responses={**ERRORS, 422: {"model": Problem, "description": "a malformed body, or the game is over"}},
    summary="Turn more time on or off for your seat: its reaction windows and move clock run ten times as long",
)
async def more_time(table_id: str, body: MoreTimeIn, room: RoomDep, token: TokenDep) -> FastJSON:
    # Everyone is told which seats have it: it is why their clocks run longer (see room/more_time.py).
    return FastJSON(public_summary(await room.set_more_time(table_id, token, body.on)))


@router.post(
    "/tables/{table_id}/handoff",
    response_model=Invitation,
    responses=ERRORS,
    summary="A link that moves your seat to another device (whoever opens it first takes the seat)",
)
async def handoff(table_id: str, request: Request, room: RoomDep, token: TokenDep) -> Invitation:
    seat, link = await room.handoff(table_id, token)
    return Invitation(seat=seat, token=link, url=f"{public_base(request)}/table/{table_id}#token={link}")


@router.post(
    "/tables/{table_id}/rematch",
    response_model=Rematch,
    responses={**ERRORS, 422: {"model": Problem}},
    summary="Start (or join) the rematch: its table id and a fresh secret for your seat there",
)
async def rematch(table_id: str, room: RoomDep, token: TokenDep) -> Rematch:
    begun = timings.clock() if timings.ON else 0.0
    new_id, fresh = await room.rematch(table_id, token)
    if timings.ON:
        timings.add("rematch", timings.clock() - begun)
    return Rematch(table_id=new_id, token=fresh)


@router.get(
    "/tables/{table_id}/replay",
    response_model=ReplayStep,
    responses={**ERRORS, 409: {"model": Problem, "description": "the game is still being played"}},
    summary="A finished game, step by step: the view after `step` actions",
)
async def replay(
    table_id: str, room: RoomDep, token: TokenDep, step: Annotated[int, Query(ge=0)] = 0
) -> ReplayStep | JSONResponse:
    live, seat = await room.optional_seat_soon(table_id, token)
    if not live.is_over:
        return JSONResponse({"detail": "replays open when the game is over"}, status_code=409)
    actions = await asyncio.to_thread(room.actions, table_id)
    step = min(step, len(actions))
    moves = [(a.seat, a.text) for a in actions[:step]]
    state = await asyncio.to_thread(live.game.replay, live.row.seed, moves)  # long games: not on the loop
    view, log = state.view(seat), marked_log(state, seat, live.timed_out_moves, live.names)
    if live.conceded is not None and step == len(actions):  # the last step shows the concession
        view, log = live.with_concession(view, log)
    return ReplayStep(step=step, steps=len(actions), seat=seat, view=view, log=log)


# The table's WebSocket, /api/tables/{table_id}/ws, is served by :mod:`.sockets`.
