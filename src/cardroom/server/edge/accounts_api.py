"""Accounts, optional (docs/accounts.md): sign up (keeping the games this browser played as a
guest), log in, log out, "my games", and a fresh link for one of the account's seats.

Guest play needs none of this: the table pages and the seat API work with seat tokens as before. A
session only ever acts through the seats its account holds, and a seat is claimed with its own
token, so no account can read or act for another's seats.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Annotated, Self

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from cardroom.people.names import account_key, account_name
from cardroom.people.passwords import PasswordRefused
from cardroom.people.records import Account, HeldSeat
from cardroom.server.edge.account_session import (
    LoginLimits,
    NotSameSite,
    check_same_site,
    end_session,
    session_account,
    start_session,
)
from cardroom.server.edge.api import ByAddress, public_base
from cardroom.server.edge.language import said
from cardroom.server.errors import RateLimited, Refused
from cardroom.server.room.tokens import hash_token, new_token
from cardroom.server.store import Store

router = APIRouter(prefix="/api/account", tags=["accounts"], dependencies=ByAddress)

WRONG = "wrong name or password"  # the one answer for an unknown name and a wrong password
NOT_LOGGED_IN = "not logged in: log in (or sign up) on the account page"
MY_GAMES = 100  # the newest seats listed


class SeatClaim(BaseModel):
    table_id: str = Field(max_length=32)
    token: str = Field(max_length=100)


class SignUpIn(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(max_length=1024)
    seats: list[SeatClaim] = Field(default_factory=list, max_length=200, description="seat tokens this browser holds")


class LoginIn(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(max_length=1024)
    seats: list[SeatClaim] = Field(default_factory=list, max_length=200)


class ClaimIn(BaseModel):
    seats: list[SeatClaim] = Field(max_length=200)


class Me(BaseModel):
    name: str
    created: str
    kept: int = Field(0, description="seats this request added to the account")


class RecentGame(BaseModel):
    """A game a person played, as their pages list it (with the link to its table or replay)."""

    table_id: str
    game: str
    seat_name: str
    created: str
    url: str

    @classmethod
    def of(cls, held: HeldSeat, base: str, **more: object) -> Self:
        return cls(
            table_id=held.table_id,
            game=held.game,
            seat_name=held.seat_name,
            created=held.created.isoformat(),
            url=f"{base}/table/{held.table_id}",
            **more,
        )


class MyGame(RecentGame):
    seat: int
    status: str


class SeatLink(BaseModel):
    table_id: str
    seat: int
    url: str = Field(
        description="opening it moves the seat to this browser (a seat token held elsewhere stops working)"
    )


def store_of(request: Request) -> Store:
    store: Store = request.app.state.room.store
    return store


StoreDep = Annotated[Store, Depends(store_of)]


async def same_site(request: Request) -> None:
    try:
        check_same_site(request)
    except NotSameSite:
        raise HTTPException(
            403, said(request, "refused: a request that changes an account must come from this site's own pages")
        ) from None


SameSite = [Depends(same_site)]


async def logged_in(request: Request, store: StoreDep) -> Account:
    account = await session_account(store, request)
    if account is None:
        raise HTTPException(401, said(request, NOT_LOGGED_IN))
    return account


AccountDep = Annotated[Account, Depends(logged_in)]


async def _limit(request: Request, key: str) -> None:
    limits: LoginLimits = request.app.state.logins
    if not await limits.allow(key, request.client.host if request.client else "?"):
        raise RateLimited()


async def _claim(store: Store, account: Account, claims: list[SeatClaim]) -> int:
    if not claims:
        return 0
    pairs = [(c.table_id, hash_token(c.token)) for c in claims]
    return len(await store.writer.call(store.claim_seats, account.id, pairs))


def _me(account: Account, kept: int = 0) -> Me:
    return Me(name=account.name, created=account.created.isoformat(), kept=kept)


@router.post(
    "/signup", response_model=Me, status_code=201, dependencies=SameSite, summary="Claim a name and a password"
)
async def sign_up(body: SignUpIn, request: Request, response: Response, store: StoreDep) -> Me | JSONResponse:
    name, key = account_name(body.name)
    await _limit(request, key)
    account_id = secrets.token_hex(16)
    try:
        made = await asyncio.to_thread(store.create_account, account_id, name, key, body.password)
    except PasswordRefused as exc:
        raise Refused(exc.phrase) from None
    if not made:
        return JSONResponse({"detail": said(request, "the name {name} is taken: choose another", name=repr(name))}, 409)
    account = await asyncio.to_thread(store.find_account, key)
    assert account is not None
    await start_session(store, account, request, response)
    return _me(account, await _claim(store, account, body.seats))


@router.post("/login", response_model=Me, dependencies=SameSite, summary="Log in (a new session)")
async def log_in(body: LoginIn, request: Request, response: Response, store: StoreDep) -> Me | JSONResponse:
    key = account_key(body.name)
    await _limit(request, key)
    account = await asyncio.to_thread(store.check_login, key, body.password)
    if account is None:
        return JSONResponse({"detail": said(request, WRONG)}, status_code=401)
    if account.suspended:
        return JSONResponse({"detail": said(request, "this account is suspended: ask whoever runs this room")}, 403)
    await start_session(store, account, request, response)
    return _me(account, await _claim(store, account, body.seats))


@router.post("/logout", status_code=204, dependencies=SameSite, summary="Log out (ends this browser's session)")
async def log_out(request: Request, response: Response, store: StoreDep) -> None:
    await end_session(store, request, response)


@router.get("", response_model=Me, summary="Who this browser is logged in as (401: nobody)")
async def me(account: AccountDep) -> Me:
    return _me(account)


@router.post("/seats", response_model=Me, dependencies=SameSite, summary="Add seats this browser holds to the account")
async def claim(body: ClaimIn, account: AccountDep, store: StoreDep) -> Me:
    return _me(account, await _claim(store, account, body.seats))


@router.get("/games", response_model=list[MyGame], summary="My games: the account's seats, newest first")
async def my_games(request: Request, account: AccountDep, store: StoreDep) -> list[MyGame]:
    held: list[HeldSeat] = await asyncio.to_thread(store.held_seats, account.id, MY_GAMES)
    base = public_base(request)
    return [MyGame.of(h, base, seat=h.seat, status=h.status) for h in held]


@router.post(
    "/seats/{table_id}/{seat}/link",
    response_model=SeatLink,
    dependencies=SameSite,
    responses={404: {"description": "the account holds no such seat"}},
    summary="A one-time link that moves one of the account's seats to this browser",
)
async def seat_link(table_id: str, seat: int, request: Request, account: AccountDep, store: StoreDep) -> SeatLink:
    holders = await asyncio.to_thread(store.seat_holders, table_id)
    if holders.get(seat) != account.id:
        raise HTTPException(404, said(request, "your account holds no such seat"))
    link = new_token()
    await store.writer.call(store.add_link, table_id, seat, hash_token(link))
    return SeatLink(table_id=table_id, seat=seat, url=f"{public_base(request)}/table/{table_id}#token={link}")
