"""The deal of the day's routes (docs/challenges.md): what today offers, entering a slot (once), and a
day's results, which open to an entrant only once they have finished and the day's window has closed.

An entrant is an account (its session) or a guest: a browser holding this router's own guest cookie
(random, HttpOnly; the database keeps a hash of it), playing under a name marked as a guest's.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from cardroom.server.edge.account_session import secure_cookies, session_account
from cardroom.server.edge.accounts_api import SameSite, StoreDep
from cardroom.server.edge.api import ByAddress, RoomDep, public_base
from cardroom.server.room import daily
from cardroom.server.room.daily_replay import expert_spec, reference_points
from cardroom.server.room.daily_results import DailyEntry, duplicate_scores, played
from cardroom.server.store import Store

api = APIRouter(prefix="/api/daily", tags=["deal of the day"], dependencies=ByAddress)
router = APIRouter()  # the page and the API, included together

PAGE = Path(str(resources.files("cardroom") / "web" / "daily.html"))
GUEST_COOKIE = "cardroom_daily_guest"
GUEST_LIFE = 400 * 86400  # seconds: the longest a browser keeps a cookie


class Entrant(BaseModel):
    name: str | None = Field(None, description="the account's name, or the name a guest last played under")
    guest: bool


class SlotToday(BaseModel):
    key: str
    label: str
    game: str
    players: int
    table_url: str | None = Field(None, description="your table at this deal, if you entered it")
    finished: bool = False


class Today(BaseModel):
    day: str
    closes_in: float = Field(description="seconds until this day's window closes")
    you: Entrant
    slots: list[SlotToday]
    earlier_day: str = Field(description="the window before this one")
    earlier: list[SlotToday] = Field(
        description="the deals you played in the window before (their results may be open)"
    )


class EnterIn(BaseModel):
    name: str | None = Field(None, max_length=200, description="a guest's name (an account plays under its own)")


class Entered(BaseModel):
    table_id: str
    token: str
    url: str


class Standing(BaseModel):
    place: int
    name: str
    guest: bool
    finished_place: int = Field(description="where the entrant finished at their table (1: won)")
    duplicate: float = Field(
        description="points above the average of the others dealt the same copy, the expert bot one of them"
    )
    against_expert: float | None = Field(description="points above the expert bot's on the same copy")
    replay_url: str


class Results(BaseModel):
    day: str
    slot: str
    label: str
    standings: list[Standing]


async def _entrant(store: Store, request: Request) -> tuple[str | None, str | None, bool]:
    """(entrant key, account name, guest?) of this browser; no key for a guest without the cookie yet."""
    account = await session_account(store, request)
    if account is not None:
        return "account:" + account.id, account.name, False
    cookie = request.cookies.get(GUEST_COOKIE)
    if not cookie or len(cookie) > 100:
        return None, None, True
    return "guest:" + hashlib.sha256(cookie.encode()).hexdigest()[:40], None, True


def _table_url(request: Request, entry: DailyEntry) -> str:
    return f"{public_base(request)}/table/{entry.table_id}"


@api.get("", response_model=Today, summary="Today's deals, and the ones you entered today and the day before")
async def today(request: Request, store: StoreDep, room: RoomDep) -> Today:
    at = time.time()
    window = daily.window_at(at)
    earlier = daily.window_at(window.opens - 1)
    key, name, guest = await _entrant(store, request)
    entries = [] if key is None else await asyncio.to_thread(store.daily_entries_of, key, [window.day, earlier.day])
    mine = {(e.day, e.slot): e for e in entries}

    async def offer(day: str, slot: daily.Slot) -> SlotToday:
        entry = mine.get((day, slot.key))
        return SlotToday(
            key=slot.key, label=slot.label, game=slot.game, players=slot.players,
            table_url=None if entry is None else _table_url(request, entry),
            finished=entry is not None and (await room.live_soon(entry.table_id)).is_over,
        )  # fmt: skip

    if name is None and entries:
        name = max(entries, key=lambda e: e.created).name
    return Today(
        day=window.day, closes_in=max(0.0, window.closes - at), you=Entrant(name=name, guest=guest),
        slots=[await offer(window.day, slot) for slot in daily.slots()],
        earlier_day=earlier.day,
        earlier=[await offer(earlier.day, slot) for slot in daily.slots() if (earlier.day, slot.key) in mine],
    )  # fmt: skip


@api.post(
    "/{slot}/enter", response_model=Entered, status_code=201, dependencies=SameSite,
    summary="Be dealt today's deal of a slot (one attempt each)",
)  # fmt: skip
async def enter(
    slot: str, body: EnterIn, request: Request, response: Response, store: StoreDep, room: RoomDep
) -> Entered:
    chosen = daily.slot_named(slot)
    key, name, guest = await _entrant(store, request)
    if key is None:  # a guest's first entry: this browser is given its guest cookie
        cookie = secrets.token_urlsafe(24)
        response.set_cookie(
            GUEST_COOKIE,
            cookie,
            max_age=GUEST_LIFE,
            path="/",
            secure=secure_cookies(request),
            httponly=True,
            samesite="lax",
        )
        key = "guest:" + hashlib.sha256(cookie.encode()).hexdigest()[:40]
    entry, token = await store.writer.call(
        daily.enter, store, chosen, key, name if not guest else body.name, guest, time.time()
    )
    room.looked_at(await room.live_soon(entry.table_id))  # loading it sets its bots going
    return Entered(table_id=entry.table_id, token=token, url=f"{_table_url(request, entry)}#token={token}")


@api.get(
    "/{day}/{slot}/results", response_model=Results,
    responses={403: {"description": "not open to you yet: finish your deal and wait for the day's window to close"}},
    summary="A day's standings at one deal",
)  # fmt: skip
async def results(day: str, slot: str, request: Request, store: StoreDep, room: RoomDep) -> Results:
    chosen = daily.slot_named(slot)
    window = daily.window_named(day)
    key, _, _ = await _entrant(store, request)
    mine = None if key is None else await asyncio.to_thread(store.daily_entry, window.day, chosen.key, key)
    if mine is None:
        raise HTTPException(403, f"only those who played {chosen.label} on {window.day} see its results")
    finished = (await room.live_soon(mine.table_id)).is_over
    if not daily.results_open(finished, window, time.time()):
        why = "finish your deal first" if not finished else "the day's window has not closed yet"
        raise HTTPException(403, f"the results are hidden until you have finished and the day is over: {why}")
    entries = await asyncio.to_thread(store.daily_entries_of_slot, window.day, chosen.key)
    tables = [await room.live_soon(e.table_id) for e in entries]
    outcomes = [played(e, live) for e, live in zip(entries, tables, strict=True)]
    expert: dict[int, float] = {}
    secret = await asyncio.to_thread(daily.server_secret, store)
    for entry, live in zip(entries, tables, strict=True):
        if entry.copy not in expert and live.is_over:
            bots = next(s.bot_spec for s in live.row.seats if s.bot_spec)
            seed = daily.deal_seed(secret, window.day, chosen.key, entry.copy)
            expert[entry.copy] = await asyncio.to_thread(reference_points, chosen.key, seed, bots, expert_spec())
    standings = [
        Standing(
            place=i + 1,
            name=s.played.entry.name,
            guest=s.played.entry.guest,
            finished_place=s.played.place or 0,
            duplicate=round(s.duplicate, 4),
            against_expert=None if s.against_expert is None else round(s.against_expert, 4),
            replay_url=f"{public_base(request)}/table/{s.played.entry.table_id}",
        )
        for i, s in enumerate(duplicate_scores(outcomes, expert))
    ]
    return Results(day=window.day, slot=chosen.key, label=chosen.label, standings=standings)


@router.get("/daily", include_in_schema=False)
def daily_page() -> FileResponse:
    return FileResponse(PAGE)


router.include_router(api)
