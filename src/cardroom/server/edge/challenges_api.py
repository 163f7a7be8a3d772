"""The deal of the day's routes (docs/challenges.md): what today offers, entering a slot (once), and the
page; the leaderboards, which open to an entrant only once they have finished and the day's window
has closed, are ``daily_board_api``'s, included here. Who an entrant is: ``entrants``.
"""

from __future__ import annotations

import asyncio
import time

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from cardroom.server.edge.accounts_api import SameSite, StoreDep
from cardroom.server.edge.api import ByAddress, RoomDep, public_base
from cardroom.server.edge.daily_board_api import board
from cardroom.server.edge.entrants import GUEST_COOKIE, entrant, new_guest
from cardroom.server.edge.pages import page
from cardroom.server.room import daily
from cardroom.server.room.daily_board import counted_days
from cardroom.server.room.daily_results import DailyEntry

api = APIRouter(prefix="/api/daily", tags=["deal of the day"], dependencies=ByAddress)
router = APIRouter()  # the page and the API, included together

PAGE = "daily.html"  # a file in web/, served whole by pages.page
__all__ = ["GUEST_COOKIE", "router"]  # the cookie, for the tests


class Entrant(BaseModel):
    name: str | None = Field(None, description="the account's name, or the name a guest last played under")
    guest: bool


class SlotToday(BaseModel):
    key: str
    label: str
    title: str = Field(description="the game's title")
    game: str
    players: int
    table_url: str | None = Field(None, description="your table at this deal, if you entered it")
    finished: bool = False


class EarlierDay(BaseModel):
    day: str
    slots: list[SlotToday]


class Today(BaseModel):
    day: str
    closes_in: float = Field(description="seconds until this day's window closes")
    you: Entrant
    slots: list[SlotToday]
    earlier: list[EarlierDay] = Field(
        description="the deals you played in the closed windows the running leaderboard counts, newest "
        "first (their results may be open)"
    )


class EnterIn(BaseModel):
    name: str | None = Field(None, max_length=200, description="a guest's name (an account plays under its own)")


class Entered(BaseModel):
    table_id: str
    token: str
    url: str


def _table_url(request: Request, entry: DailyEntry) -> str:
    return f"{public_base(request)}/table/{entry.table_id}"


@api.get("", response_model=Today, summary="Today's deals, and the ones you entered today and the days before")
async def today(request: Request, store: StoreDep, room: RoomDep) -> Today:
    at = time.time()
    window = daily.window_at(at)
    earlier = counted_days(at)
    key, name, guest = await entrant(store, request)
    entries = [] if key is None else await asyncio.to_thread(store.daily_entries_of, key, [window.day, *earlier])
    mine = {(e.day, e.slot): e for e in entries}

    async def offer(day: str, slot: daily.Slot) -> SlotToday:
        entry = mine.get((day, slot.key))
        return SlotToday(
            key=slot.key, label=slot.label, title=slot.title, game=slot.game, players=slot.players,
            table_url=None if entry is None else _table_url(request, entry),
            finished=entry is not None and (await room.live_soon(entry.table_id)).is_over,
        )  # fmt: skip

    if name is None and entries:
        name = max(entries, key=lambda e: e.created).name
    return Today(
        day=window.day, closes_in=max(0.0, window.closes - at), you=Entrant(name=name, guest=guest),
        slots=[await offer(window.day, slot) for slot in daily.slots()],
        earlier=[
            EarlierDay(day=day, slots=[await offer(day, slot) for slot in daily.slots() if (day, slot.key) in mine])
            for day in earlier if any(d == day for d, _ in mine)
        ],
    )  # fmt: skip


@api.post(
    "/{slot}/enter", response_model=Entered, status_code=201, dependencies=SameSite,
    summary="Be dealt today's deal of a slot (one attempt each)",
)  # fmt: skip
async def enter(
    slot: str, body: EnterIn, request: Request, response: Response, store: StoreDep, room: RoomDep
) -> Entered:
    chosen = daily.slot_named(slot)
    key, name, guest = await entrant(store, request)
    if key is None:  # a guest's first entry: this browser is given its guest cookie
        key = new_guest(request, response)
    entry, token = await store.writer.call(
        daily.enter, store, chosen, key, name if not guest else body.name, guest, time.time()
    )
    room.looked_at(await room.live_soon(entry.table_id))  # loading it sets its bots going
    return Entered(table_id=entry.table_id, token=token, url=f"{_table_url(request, entry)}#token={token}")


@router.get("/daily", include_in_schema=False)
def daily_page() -> HTMLResponse:
    return page(PAGE)


router.include_router(api)
router.include_router(board)
