"""Conceding: a seat's owner gives up and the table ends there.

The engines have no "resign" move, so a concession is kept beside the game, not in it: one row in
``concessions`` (at most one a table), written together with the table's status. The game's state
stays as it was when the seat gave up; the table's outcome is the concession's. Only two-player
tables may concede for now: there the other seat simply wins. With more seats the printed rules
would have to say how the others play on (an engine-level elimination), which they do not model yet.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardroom.core.outcome import Outcome
from cardroom.server.schema import concessions, tables
from cardroom.server.store import _notify, now

REASON = "P{seat} conceded"


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
