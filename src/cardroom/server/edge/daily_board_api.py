"""The deal of the day's leaderboards over HTTP (docs/challenges.md).

- ``GET /api/daily/{day}/{slot}/results``: a day's standings at one slot, with each entrant's duplicate
  score (by play once its copy's analyses are ready, by points until then: ``scored_by``) and the
  analysis's play figure beside it; open to an entrant only once they have finished
  their deal AND the day's window has closed (403 with the reason until then, and always to someone
  who did not play it).
- ``GET /api/daily/running``: the running leaderboard over the last closed days; a day's slot whose
  deal the asker has not finished is left out of what they see. It links no game.
"""

from __future__ import annotations

import asyncio
import time
from typing import Literal

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from cardroom.server.edge.accounts_api import StoreDep
from cardroom.server.edge.api import ByAddress, RoomDep, public_base
from cardroom.server.edge.entrants import entrant
from cardroom.server.room import daily
from cardroom.server.room.daily_board import figure_of, running_scores, scored_slot
from cardroom.server.room.daily_play import PlayFigures
from cardroom.server.room.daily_results import running_board
from cardroom.server.store import Store

board = APIRouter(prefix="/api/daily", tags=["deal of the day"], dependencies=ByAddress)


class Standing(BaseModel):
    place: int
    name: str
    guest: bool
    finished_place: int = Field(description="where the entrant finished at their table (1: won)")
    duplicate: float = Field(
        description="the duplicate score: the entrant's result above the average of the others dealt the same "
        "copy, the expert bot one of them; the result is the luck-adjusted one (win chance 0-1: the game's "
        "start less the losses the analysis found, the cards' luck taken out) where scored_by is 'play', "
        "the points (1 for first place .. 0 for last) where it is 'points'"
    )
    scored_by: Literal["play", "points"] = Field(
        description="'play': the luck-adjusted duplicate score, final; 'points': provisional, the plain score of "
        "points, shown until every finished entry on the copy and the expert's reference have their analysis "
        "worked out (then the copy is scored by play, and its places may change)"
    )
    against_expert: float | None = Field(
        description="the result above the expert bot's on the same copy, in the same kind as duplicate"
    )
    play: float | None = Field(
        description="the analysis's play figure: accuracy 0-100 (100: as good as the hard bot at every "
        "decision); null while being worked out (play_ready false) or with no decision to make"
    )
    play_ready: bool
    replay_url: str


class Results(BaseModel):
    day: str
    slot: str
    label: str
    standings: list[Standing]


class RunningStanding(BaseModel):
    place: int
    name: str
    guest: bool
    deals: int = Field(description="finished deals of the counted days")
    total: float = Field(
        description="the sum of the entrant's duplicate scores over those deals, each as its standings show it"
    )
    provisional: int = Field(
        description="of those deals, how many are still scored by points (scored_by 'points' in their standings)"
    )
    play: float | None = Field(description="the mean play figure over the deals whose figure is ready")


class Running(BaseModel):
    days: list[str] = Field(description="the closed windows counted, newest first")
    standings: list[RunningStanding]


def _figures(request: Request, store: Store) -> PlayFigures:
    """The app's figures (made at its start; here for an app started without its lifespan)."""
    found: PlayFigures | None = getattr(request.app.state, "daily_play", None)
    if found is None:
        found = request.app.state.daily_play = PlayFigures(store)
    return found


@board.get(
    "/{day}/{slot}/results", response_model=Results,
    responses={403: {"description": "not open to you yet: finish your deal and wait for the day's window to close"}},
    summary="A day's standings at one deal",
)  # fmt: skip
async def results(day: str, slot: str, request: Request, store: StoreDep, room: RoomDep) -> Results:
    chosen = daily.slot_named(slot)
    window = daily.window_named(day)
    key, _, _ = await entrant(store, request)
    mine = None if key is None else await asyncio.to_thread(store.daily_entry, window.day, chosen.key, key)
    if mine is None:
        raise HTTPException(403, f"only those who played {chosen.label} on {window.day} see its results")
    finished = (await room.live_soon(mine.table_id)).is_over
    if not daily.results_open(finished, window, time.time()):
        why = "finish your deal first" if not finished else "the day's window has not closed yet"
        raise HTTPException(403, f"the results are hidden until you have finished and the day is over: {why}")
    entries = await asyncio.to_thread(store.daily_entries_of_slot, window.day, chosen.key)
    standings = []
    figures = _figures(request, store)
    for i, s in enumerate(await scored_slot(store, room, figures, window.day, chosen, entries)):
        figure = await figure_of(figures, room, s.played.entry)
        standings.append(
            Standing(
                place=i + 1,
                name=s.played.entry.name,
                guest=s.played.entry.guest,
                finished_place=s.played.place or 0,
                duplicate=round(s.duplicate, 4),
                scored_by="play" if s.by_play else "points",
                against_expert=None if s.against_expert is None else round(s.against_expert, 4),
                play=figure.accuracy,
                play_ready=figure.ready,
                replay_url=f"{public_base(request)}/table/{s.played.entry.table_id}",
            )
        )
    return Results(day=window.day, slot=chosen.key, label=chosen.label, standings=standings)


@board.get("/running", response_model=Running, summary="The running leaderboard over the last closed days")
async def running(request: Request, store: StoreDep, room: RoomDep) -> Running:
    key, _, _ = await entrant(store, request)
    figures = _figures(request, store)
    days, scored = await running_scores(store, room, figures, time.time(), key)
    accuracies: dict[str, list[float]] = {}
    for s in scored:
        figure = await figure_of(figures, room, s.played.entry)
        if figure.accuracy is not None:
            accuracies.setdefault(s.played.entry.entrant, []).append(figure.accuracy)
    standings = []
    for i, row in enumerate(running_board(scored)):
        mine = accuracies.get(row.entrant, [])
        standings.append(
            RunningStanding(
                place=i + 1,
                name=row.name,
                guest=row.guest,
                deals=row.deals,
                total=round(row.total, 4),
                provisional=row.provisional,
                play=round(sum(mine) / len(mine), 1) if mine else None,
            )
        )
    return Running(days=days, standings=standings)
