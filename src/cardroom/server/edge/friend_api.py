"""A friend's challenge over HTTP (docs/challenges.md).

- ``POST /api/friends`` (the challenger's seat token, the table in the body): the challenge of a
  finished game against replayable bots, an unguessable id made once per seat; 409 with the reason
  where the game cannot be one.
- ``GET /api/friends/{id}``: what the link offers (the game, who challenges) and this browser's part.
- ``POST /api/friends/{id}/play``: deal it to this browser (or account), once.
- ``GET /api/friends/{id}/games``: both games side by side, open only to someone who played the
  challenge and finished, and showing only finished games (so neither side sees the other's game
  before having played their own to the end).

A browser is known by its account or by the same guest cookie as the deal of the day's.
"""

from __future__ import annotations

import asyncio
import re

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from cardroom.server.edge.accounts_api import SameSite, StoreDep
from cardroom.server.edge.api import ERRORS, ByAddress, RoomDep, TokenDep, public_base
from cardroom.server.edge.entrants import entrant_of
from cardroom.server.edge.language import asked_language, said
from cardroom.server.edge.models import Problem
from cardroom.server.edge.pages import page
from cardroom.server.errors import RateLimited
from cardroom.server.ops.ratelimit import SharedRateLimiter
from cardroom.server.room import friend, friend_games
from cardroom.server.room.tokens import hash_token
from cardroom.server.store import Challenge, FriendEntry, NewTable, Store

api = APIRouter(prefix="/api/friends", tags=["a friend's challenge"], dependencies=ByAddress)
router = APIRouter()  # the page and the API, included together

ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{22}")


class ChallengeIn(BaseModel):
    table_id: str = Field(max_length=64, description="the finished table (your seat token says which seat)")


class ChallengeOut(BaseModel):
    id: str
    url: str = Field(description="the link to send: it names neither the table nor its deal")


class Offer(BaseModel):
    title: str = Field(description="the game")
    challenger: str = Field(description="the name the challenger played under")
    players: int
    played: bool = Field(description="whether this browser (or account) has played this challenge")
    table_url: str | None = Field(None, description="your table at this challenge, if you played it")
    finished: bool = False


class PlayIn(BaseModel):
    name: str | None = Field(
        None, max_length=200, description="the name you play under (an account plays under its own)"
    )


class Dealt(BaseModel):
    table_id: str
    token: str
    url: str


async def _challenge(store: Store, request: Request, challenge_id: str) -> Challenge:
    found = None if not ID_SHAPE.fullmatch(challenge_id) else await asyncio.to_thread(store.challenge, challenge_id)
    if found is None:
        raise HTTPException(404, said(request, "no challenge has this link: check that it was copied whole"))
    return found


@api.post(
    "", response_model=ChallengeOut, dependencies=SameSite,
    responses={**ERRORS, 409: {"model": Problem, "description": "this game cannot be a challenge (the reason says why)"}},
    summary="A link that deals your finished game against bots to a friend",
)  # fmt: skip
async def make(
    body: ChallengeIn, request: Request, response: Response, store: StoreDep, room: RoomDep, token: TokenDep
) -> ChallengeOut:
    live, seat = await room.seat_soon(body.table_id, token)
    daily_deal = await asyncio.to_thread(store.is_daily_deal, live.row.id)
    refused = friend.refusal(live, seat, daily_deal)
    if refused is not None:
        raise HTTPException(409, refused.in_language(asked_language(request)))
    key, _ = await entrant_of(store, request, response)
    made = await store.writer.call(store.make_challenge, live.row.id, seat, key, live.names[seat])
    return ChallengeOut(id=made.id, url=f"{public_base(request)}/friend#{made.id}")


async def _mine(store: Store, request: Request, challenge: Challenge) -> FriendEntry | None:
    key, _ = await entrant_of(store, request, None)
    if key is None:
        return None
    entries = await asyncio.to_thread(store.friend_entries, challenge.id)
    return next((e for e in entries if e.entrant == key), None)


@api.get(
    "/{challenge_id}",
    response_model=Offer,
    responses={404: {"model": Problem, "description": "no such challenge"}},
    summary="What a challenge's link offers",
)
async def offer(challenge_id: str, request: Request, store: StoreDep, room: RoomDep) -> Offer:
    challenge = await _challenge(store, request, challenge_id)
    source = await room.live_soon(challenge.table_id)
    mine = await _mine(store, request, challenge)
    return Offer(
        title=source.game.title, challenger=source.names[challenge.seat], players=source.game.players,
        played=mine is not None,
        table_url=None if mine is None else f"{public_base(request)}/table/{mine.table_id}",
        finished=mine is not None and (await room.live_soon(mine.table_id)).is_over,
    )  # fmt: skip


@api.post(
    "/{challenge_id}/play", response_model=Dealt, status_code=201, dependencies=SameSite,
    responses={404: {"model": Problem, "description": "no such challenge"}, 422: {"model": Problem, "description": "played already, or a bad name"}},
    summary="Be dealt the challenge's game (one attempt each)",
)  # fmt: skip
async def play(
    challenge_id: str, body: PlayIn, request: Request, response: Response, store: StoreDep, room: RoomDep
) -> Dealt:
    challenge = await _challenge(store, request, challenge_id)
    # A table is stored for good: a friend's counts against the address's limit on new tables, as any.
    creator = hash_token("address:" + (request.client.host if request.client else "?"))[:16]
    creations: SharedRateLimiter = request.app.state.creations
    if not await creations.allow("create:" + creator):
        raise RateLimited()
    key, account_name = await entrant_of(store, request, response)
    assert key is not None
    name = friend.checked_name(account_name or body.name)
    source = await room.live_soon(challenge.table_id)
    row, token = friend.friend_table(source.row, challenge.seat, name)
    entry = FriendEntry(challenge.id, key, name, row.id, challenge.seat, row.created)
    if not await store.writer.call(store.add_friend_entry, NewTable(row, private=True, creator=creator), entry):
        raise HTTPException(422, said(request, "you have already played this challenge: one attempt each"))
    room.looked_at(await room.live_soon(row.id))  # loading it sets its bots going
    url = f"{public_base(request)}/table/{row.id}"
    return Dealt(table_id=row.id, token=token, url=f"{url}#token={token}")


@api.get(
    "/{challenge_id}/games", responses={403: {"model": Problem, "description": "play the challenge to its end first"}, 404: {"model": Problem, "description": "no such challenge"}},
    summary="The challenge's finished games side by side (once yours is finished)",
)  # fmt: skip
async def games(challenge_id: str, request: Request, store: StoreDep, room: RoomDep) -> friend_games.SideBySide:
    challenge = await _challenge(store, request, challenge_id)
    mine = await _mine(store, request, challenge)
    if mine is None:
        raise HTTPException(403, said(request, "only those who played this challenge see its games: play it first"))
    if not (await room.live_soon(mine.table_id)).is_over:
        raise HTTPException(403, said(request, "the games are shown once you have finished yours"))
    entries = await asyncio.to_thread(store.friend_entries, challenge.id)
    played = []
    for entry in entries:
        live = await room.live_soon(entry.table_id)
        if live.is_over:
            moves = [(a.seat, a.text) for a in await asyncio.to_thread(room.actions, entry.table_id)]
            played.append(friend_games.Played(entry, live, moves, entry.entrant == mine.entrant))
    return friend_games.side_by_side(played, asked_language(request))


@router.get("/friend", include_in_schema=False)
def friend_page() -> HTMLResponse:
    return page("friend.html")


router.include_router(api)
