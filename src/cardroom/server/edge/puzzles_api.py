"""Puzzles from your games over HTTP (docs/challenges.md).

- ``POST /api/puzzles/mine``: your puzzles, from the seats this browser holds (their tokens in the
  body, as the page keeps them) and, signed in, your account's. A seat's finished analysis (the
  analysis routes keep them in this process's memory) is read once into puzzles, which are stored, so
  they outlive the analysis and the process.
- ``POST /api/puzzles/open``: one puzzle's position (your seat's view before the decision, its legal
  actions), with nothing of the answer.
- ``POST /api/puzzles/answer``: your pick, told right or not, and the answer in the analysis's words.

A puzzle's id is random and travels in request bodies only (never in an address, so not in a log): it
opens a view of your own finished game, as your seat token opens the table.
"""

from __future__ import annotations

import asyncio
import re

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from cardroom.locale.actions import action_in
from cardroom.server.edge.account_session import session_account
from cardroom.server.edge.accounts_api import StoreDep
from cardroom.server.edge.analysis_api import Analyses
from cardroom.server.edge.api import ByAddress, RoomDep
from cardroom.server.edge.catalogue import renderer_of
from cardroom.server.edge.language import asked_language, said
from cardroom.server.edge.models import Problem
from cardroom.server.edge.pages import page
from cardroom.server.errors import UnknownTable, WrongToken
from cardroom.server.room import puzzles as posing
from cardroom.server.room import tokens
from cardroom.server.room.live import Live
from cardroom.server.store import Puzzle, Store

api = APIRouter(prefix="/api/puzzles", tags=["puzzles"], dependencies=ByAddress)
router = APIRouter()

ID_SHAPE = re.compile(r"[A-Za-z0-9_-]{22}")
ACCOUNT_SEATS = 50  # an account's newest seats looked at for analyses


class HeldSeatIn(BaseModel):
    table_id: str = Field(max_length=64)
    token: str = Field(max_length=200)


class MineIn(BaseModel):
    seats: list[HeldSeatIn] = Field(default_factory=list, max_length=100, description="the seats this browser holds")


class Listed(BaseModel):
    id: str
    title: str = Field(description="the game it comes from")
    created: str = Field(description="when the puzzle was made (ISO 8601)")


class Mine(BaseModel):
    puzzles: list[Listed]
    analysed: int = Field(description="how many of your games' analyses were read for puzzles")


class OpenIn(BaseModel):
    id: str = Field(max_length=64)


class Position(BaseModel):
    title: str
    game: str
    renderer: str = Field(description="the browser module that draws the game: web/js/games/<renderer>.js")
    seat: int
    seat_names: list[str]
    view: dict[str, object] = Field(description="your seat's view just before the decision")
    log: list[dict[str, object]]
    legal: list[str]


class AnswerIn(BaseModel):
    id: str = Field(max_length=64)
    action: str = Field(max_length=200, description="one of the position's legal actions")


class Told(BaseModel):
    right: bool
    picked: str
    answer: str
    better: str = Field(description="the answer in the analysis's words")
    did: str = Field(description="what you played in the game, in the analysis's words")
    answer_win: float
    next_win: float = Field(description="the best win chance of any other action")
    chosen_win: float = Field(description="the win chance of what you played in the game")
    margin: float = Field(description="the least margin a puzzle's answer has over the next best")


async def _held(store: Store, request: Request, room: RoomDep, body: MineIn) -> list[tuple[str, int]]:
    """The (table, seat)s this browser proves it holds, and its account's."""
    held: dict[tuple[str, int], None] = {}
    account = await session_account(store, request)
    if account is not None:
        for s in await asyncio.to_thread(store.held_seats, account.id, ACCOUNT_SEATS):
            held[(s.table_id, s.seat)] = None
    for claim in body.seats:
        try:
            live = await room.live_soon(claim.table_id)
            held[(live.row.id, tokens.seat_of(live, claim.token))] = None
        except (UnknownTable, WrongToken):
            continue  # a seat this browser no longer holds (or a table gone): not its puzzles
    return list(held)


@api.post("/mine", response_model=Mine, summary="Your puzzles, from your last analysed games")
async def mine(body: MineIn, request: Request, store: StoreDep, room: RoomDep) -> Mine:
    seats = await _held(store, request, room, body)
    analyses: Analyses | None = getattr(request.app.state, "analyses", None)
    read = await asyncio.to_thread(store.puzzle_sources_read, seats)
    for table_id, seat in seats:
        job = None if analyses is None else analyses.jobs.get((table_id, seat))
        if (table_id, seat) not in read and job is not None and job.status == "done" and job.result is not None:
            posed = posing.pose_all(job.result)
            await store.writer.call(store.add_puzzles, table_id, seat, posed)
            read.add((table_id, seat))
    found = await asyncio.to_thread(store.puzzles_of, seats)
    listed = [
        Listed(id=p.id, title=(await room.live_soon(p.table_id)).game.title, created=p.created.isoformat())
        for p in found
    ]
    return Mine(puzzles=listed, analysed=len(read))


async def _puzzle(store: Store, request: Request, puzzle_id: str) -> Puzzle:
    found = None if not ID_SHAPE.fullmatch(puzzle_id) else await asyncio.to_thread(store.puzzle, puzzle_id)
    if found is None:
        raise HTTPException(404, said(request, "no puzzle has this id: open it from your list of puzzles"))
    return found


async def _position(room: RoomDep, puzzle: Puzzle) -> tuple[Live, posing.Position]:
    live = await room.live_soon(puzzle.table_id)
    moves = [(a.seat, a.text) for a in await asyncio.to_thread(room.actions, puzzle.table_id)]
    place = await asyncio.to_thread(
        posing.position, live.game, live.row.seed, moves, puzzle.seat, puzzle.posed.step, live.names
    )
    return live, place


@api.post(
    "/open",
    response_model=Position,
    responses={404: {"model": Problem, "description": "no such puzzle"}},
    summary="A puzzle's position",
)
async def open_puzzle(body: OpenIn, request: Request, store: StoreDep, room: RoomDep) -> Position:
    puzzle = await _puzzle(store, request, body.id)
    live, place = await _position(room, puzzle)
    return Position(
        title=live.game.title, game=live.game.name, renderer=renderer_of(live.game.name), seat=puzzle.seat,
        seat_names=[live.names[k] for k in range(live.game.players)],
        view=place.view, log=place.log, legal=place.legal,
    )  # fmt: skip


@api.post(
    "/answer", response_model=Told,
    responses={404: {"model": Problem, "description": "no such puzzle"}, 422: {"model": Problem, "description": "not a legal action there"}},
    summary="Answer a puzzle: told whether it is the best move, and why",
)  # fmt: skip
async def answer(body: AnswerIn, request: Request, store: StoreDep, room: RoomDep) -> Told:
    puzzle = await _puzzle(store, request, body.id)
    _, place = await _position(room, puzzle)
    if body.action not in place.legal:
        actions = ", ".join(place.legal)
        raise HTTPException(
            422,
            said(
                request,
                "{action} is not a legal action there; the actions: {actions}",
                action=repr(body.action[:60]),
                actions=actions,
            ),
        )
    p, lang = puzzle.posed, asked_language(request)
    # The analysis's words are stored in English (a puzzle outlives its analysis): said again here.
    return Told(
        right=body.action == p.answer, picked=body.action, answer=p.answer,
        better=action_in(p.better, lang), did=action_in(p.did, lang),
        answer_win=p.answer_win, next_win=p.next_win, chosen_win=p.chosen_win, margin=posing.MARGIN,
    )  # fmt: skip


@router.get("/puzzles", include_in_schema=False)
def puzzles_page() -> HTMLResponse:
    return page("puzzles.html")


router.include_router(api)
