"""A host's and a player's tools at a table (docs/accounts.md): the host removes a seated person
before the game begins, or closes the table; anyone at the table reports a message or a player.
Each is authenticated by a seat token in a header, like the rest of the seat API (no cookie: no CSRF)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cardroom.server.edge.api import ERRORS, RoomDep, TokenDep, public_base
from cardroom.server.edge.fastjson import FastJSON
from cardroom.server.edge.models import Invitation, Problem, TableSummary
from cardroom.server.ops.limits import clean_text
from cardroom.server.room.snapshots import public_summary

router = APIRouter(prefix="/api/tables")


class RemoveIn(BaseModel):
    seat: int = Field(ge=0, le=9)


class ReportIn(BaseModel):
    about_seat: int | None = Field(None, ge=0, le=9, description="the seat whose player (or message) is reported")
    message: str | None = Field(None, max_length=300, description="the reported chat message, quoted")
    reason: str = Field(min_length=1, max_length=500)


class Reported(BaseModel):
    id: int


@router.post(
    "/{table_id}/remove",
    response_model=Invitation,
    responses={**ERRORS, 422: {"model": Problem, "description": "the game has begun, or nobody sits there"}},
    summary="The host takes a seated person's seat back before the game begins (a new link for it)",
)
async def remove_seated(table_id: str, body: RemoveIn, request: Request, room: RoomDep, token: TokenDep) -> Invitation:
    link = await room.remove_seated(table_id, token, body.seat)
    return Invitation(seat=body.seat, token=link, url=f"{public_base(request)}/table/{table_id}#token={link}")


@router.post(
    "/{table_id}/close",
    response_model=TableSummary,
    responses={**ERRORS, 422: {"model": Problem, "description": "the table has ended already"}},
    summary="The host closes the table (before the game begins: cancelled; after: abandoned, unrated)",
)
async def close_table(table_id: str, room: RoomDep, token: TokenDep) -> FastJSON:
    return FastJSON(public_summary(await room.close_table(table_id, token)))


@router.post(
    "/{table_id}/report",
    response_model=Reported,
    status_code=201,
    responses=ERRORS,
    summary="Report a message or a player to whoever runs the room (kept with the table)",
)
async def report(table_id: str, body: ReportIn, room: RoomDep, token: TokenDep) -> Reported:
    clean_text(body.reason, "a report's reason")
    if body.message is not None:
        clean_text(body.message, "a reported message")
    return Reported(id=await room.report(table_id, token, body.about_seat, body.message, body.reason.strip()))
