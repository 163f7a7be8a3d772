"""Conceding: a seat's owner gives up.

At a two-player table the table ends there: the concession is kept beside the game, one row in
``concessions`` (at most one a table), written together with the table's status. The game's state
stays as it was when the seat gave up; the table's outcome is the concession's (the other seat wins).

With three or more seats the others play on, so the concession must change the game: it is stored
as an action record of its own, the text ``concede`` at the conceding seat's step, which the games
that allow it (Exploding Kittens: the seat leaves like an exploded player; T.A.C.O.: an empty chair)
understand in ``State.apply`` without ever listing it as a legal action. Every replay of the stored
actions (a restart, another process catching up, the replay page, the analysis) walks it; when one
player is left, the game's own outcome ends the table. It is refused while a reaction window is open:
the window's hidden answers belong to the step the concession would move on.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.core.errors import IllegalAction, InvalidAction
from cardroom.core.game import State
from cardroom.core.outcome import Outcome
from cardroom.server.errors import Refused
from cardroom.server.schema import concessions, tables
from cardroom.server.store import _notify, now

REASON = "P{seat} conceded"
CONCEDE = "concede"  # the action record of a seat leaving a game of three or more


def leave(state: State, seat: int, window_is_open: bool) -> State:
    """The state after ``seat`` leaves a game of three or more; :class:`Refused` says why it cannot."""
    if window_is_open:
        raise Refused("you can concede once this reaction window closes")
    try:
        return state.apply(seat, CONCEDE)
    except InvalidAction:
        raise Refused(f"{state.game.title} allows conceding at two-player tables only") from None
    except IllegalAction as exc:
        raise Refused(str(exc)) from None


def record(engine: Engine, table_id: str, seat: int, step: int) -> bool:
    """Store the concession (and end the table); False if the table has one already or is not playing."""
    try:
        with engine.begin() as conn:
            ended = conn.execute(
                update(tables)
                .where((tables.c.id == table_id) & (tables.c.status == "playing"))
                .values(status="over")
            )
            if ended.rowcount != 1:
                return False  # nothing was written: the transaction commits nothing
            conn.execute(insert(concessions).values(table_id=table_id, seat=seat, step=step, created=now()))
            _notify(conn, table_id)
    except IntegrityError:
        return False
    return True


def find(engine: Engine, table_id: str) -> tuple[int, int] | None:
    """(seat, step) of the table's concession, if any."""
    with engine.connect() as conn:
        row = conn.execute(
            select(concessions.c.seat, concessions.c.step).where(concessions.c.table_id == table_id)
        ).first()
    return None if row is None else (int(row.seat), int(row.step))


def outcome(seat: int, players: int) -> Outcome:
    """The others (two-player tables: the other seat) win; the conceding seat is last."""
    others = tuple(s for s in range(players) if s != seat)
    return Outcome(winners=others, ranking=(others, (seat,)), reason=REASON.format(seat=seat))


def log_entry(seat: int) -> dict[str, Any]:
    return {"kind": "concede", "text": REASON.format(seat=seat), "seat": seat}


def ended_view(view: dict[str, Any], result: Outcome) -> dict[str, Any]:
    """A seat's view of a conceded game: as it stood, but over, nobody to act, nothing to choose."""
    ended = dict(view)
    ended.update(is_over=True, outcome=result.to_json(), to_act=[], legal_actions=[])
    return ended
