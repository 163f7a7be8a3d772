"""A friend's challenge's games side by side (docs/challenges.md): each finished game's outcome for
its player, their decisions turn by turn in the analysis's words, and the game's log as their seat saw
it (what the other player learns is what that player saw, never a bot's hidden cards)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from cardroom.analysis.words import did
from cardroom.locale import ENGLISH
from cardroom.server.room.live import Live, marked_log
from cardroom.server.store import FriendEntry


class Game(BaseModel):
    name: str = Field(description="the name its player played under")
    you: bool = Field(description="whether this is your own game")
    place: int = Field(description="1: won; a conceded game is last")
    won: bool
    turns: list[str] = Field(description="the player's decisions in order, in words")
    log: list[dict[str, Any]] = Field(description="the game's log as the player's seat saw it")


class SideBySide(BaseModel):
    title: str
    players: int
    seat_names: list[str] = Field(description="the seats' names (the player's seat by its player's name in each game)")
    games: list[Game] = Field(description="the finished games, the challenger's first")


@dataclass(frozen=True)
class Played:
    entry: FriendEntry
    live: Live
    moves: list[tuple[int, str]]
    yours: bool


def game_of(played: Played, lang: str = ENGLISH) -> Game:
    live, seat = played.live, played.entry.seat
    names = [live.names[k] for k in range(live.game.players)]
    outcome = live.outcome
    place = live.game.players if outcome is None else outcome.place(seat)
    log = marked_log(live.state, seat, live.timed_out_moves, live.names)
    if live.conceded is not None:
        _, log = live.with_concession(live.state.view(seat), log)
    return Game(
        name=played.entry.name, you=played.yours, place=place, won=place == 1,
        turns=[did(live.game.name, text, names, seat, lang) for who, text in played.moves if who == seat],
        log=log,
    )  # fmt: skip


def side_by_side(games: list[Played], lang: str = ENGLISH) -> SideBySide:
    """The games side by side, each player's turns worded in ``lang`` (the request's language)."""
    first = games[0].live
    return SideBySide(
        title=first.game.title, players=first.game.players,
        seat_names=[first.names[k] for k in range(first.game.players)],
        games=[game_of(p, lang) for p in games],
    )  # fmt: skip
