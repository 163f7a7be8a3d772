"""Conceding: a seat's owner gives up (the room's ruling: docs/server.md, "Conceding").

At a two-player table the table ends there: the concession is kept beside the game, one row in
``concessions`` (at most one a table), written together with the table's status. The game's state
stays as it was when the seat gave up; the table's outcome is the concession's (the other seat wins).

With three or more seats the others play on, so the concession must change the game: the game says
how (``State.concede``, part of every game's contract; the server names no game). It is stored as an
action record of its own, the text ``concede`` at the conceding seat's step, so every replay of the
stored actions (a restart, another process catching up, the replay page, the analysis) walks it;
when one player is left, the game's own outcome ends the table. In an open reaction window the
seat's answer is a pass: the window goes on without it, keeping the answers the others gave.

Texts the server shows name the seat by its name ("Zed conceded"), never by its number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.core.game import State
from cardroom.core.outcome import Outcome
from cardroom.server.errors import Refused

CONCEDE = "concede"  # the action record of a seat leaving a game of three or more


def leave(state: State, seat: int) -> State:
    """The state after ``seat`` leaves a game of three or more; :class:`Refused` says why it cannot."""
    try:
        return state.concede(seat)
    except (IllegalAction, InvalidAction) as exc:
        raise Refused(str(exc)) from None


def text(name: str) -> str:
    return f"{name} conceded"


def outcome(seat: int, players: int, name: str) -> Outcome:
    """The others (two-player tables: the other seat) win; the conceding seat is last."""
    others = tuple(s for s in range(players) if s != seat)
    return Outcome(winners=others, ranking=(others, (seat,)), reason=text(name))


def log_entry(seat: int, name: str) -> dict[str, Any]:
    return {"kind": "concede", "text": text(name), "seat": seat}


def named(entry: dict[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """A game's log entry of a concession (three or more seats), saying the seat's name."""
    seat = entry.get("seat")
    if entry.get("kind") != "concede" or not isinstance(seat, int) or seat not in names:
        return entry
    return {**entry, "text": text(names[seat])}


def ended_view(view: dict[str, Any], result: Outcome) -> dict[str, Any]:
    """A seat's view of a conceded game: as it stood, but over, nobody to act, nothing to choose."""
    ended = dict(view)
    ended.update(is_over=True, outcome=result.to_json(), to_act=[], legal_actions=[])
    return ended
