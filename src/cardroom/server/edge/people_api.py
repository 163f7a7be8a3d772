"""Ratings for people, read (docs/accounts.md, "Ratings"): a game's leaderboard and a player's page
(ratings, their history for a plot, recent finished games with links to their replays and
analyses). Public, like the lobby: only finished, non-private games are listed, and a replay opens
only when its game is over, so nobody's unfinished hand is shown."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request
from pydantic import BaseModel

from cardroom.core.registry import game_names
from cardroom.people.names import account_key
from cardroom.server.edge.accounts_api import RecentGame, StoreDep
from cardroom.server.edge.api import ByAddress, public_base

router = APIRouter(prefix="/api/people", tags=["people"], dependencies=ByAddress)

HISTORY = 200  # rated tables per game drawn in a player's plot
RECENT = 20  # finished games listed on a player's page


class Ranked(BaseModel):
    rank: int
    name: str
    rating: float
    games: int


class Leaderboard(BaseModel):
    game: str
    players: list[Ranked]


class Point(BaseModel):
    table_id: str
    rating: float
    place: int
    created: str


class GameRating(BaseModel):
    game: str
    rating: float
    games: int
    history: list[Point]


class Player(BaseModel):
    name: str
    since: str
    ratings: list[GameRating]
    recent: list[RecentGame]


@router.get("/leaderboard/{game}", response_model=Leaderboard, summary="A game's rated people, best first")
async def leaderboard(
    game: str,
    store: StoreDep,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> Leaderboard:
    if game not in game_names():
        raise HTTPException(404, f"no game named {game[:40]!r}")
    found = await asyncio.to_thread(store.leaderboard, game, limit, offset)
    return Leaderboard(
        game=game,
        players=[
            Ranked(rank=offset + i + 1, name=s.name, rating=round(s.shown, 1), games=s.games)
            for i, s in enumerate(found)
        ],
    )


@router.get("/{name}", response_model=Player, summary="A player's ratings, their history, and recent finished games")
async def player(name: str, request: Request, store: StoreDep) -> Player:
    account = await asyncio.to_thread(store.find_account, account_key(name[:100]))
    if account is None or account.suspended:
        raise HTTPException(404, "nobody has that name here")
    standings = await asyncio.to_thread(store.standings_of, account.id)
    ratings = []
    for game, standing in sorted(standings.items()):
        history = await asyncio.to_thread(store.history_of, account.id, game, HISTORY)
        points = [
            Point(table_id=h.table_id, rating=round(h.shown, 2), place=h.place, created=h.created.isoformat())
            for h in history
        ]
        ratings.append(GameRating(game=game, rating=round(standing.shown, 1), games=standing.games, history=points))
    held = await asyncio.to_thread(store.held_seats, account.id, RECENT * 3)
    base = public_base(request)
    recent = [RecentGame.of(h, base) for h in held if h.status == "over" and not h.private][:RECENT]
    return Player(name=account.name, since=account.created.isoformat(), ratings=ratings, recent=recent)
