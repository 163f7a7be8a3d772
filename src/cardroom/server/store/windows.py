"""The hidden answers to an open reaction window, until it closes (see ``server/room/window_answers.py``).
Nothing here notifies other processes: a notification would say that somebody answered."""

from __future__ import annotations

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.exc import IntegrityError

from cardroom.server.store.rows import now
from cardroom.server.store.schema import window_answers


def note_answer(engine: Engine, table_id: str, step: int, seat: int, action: str) -> dict[int, str]:
    """Store one seat's answer to the window open at ``step`` (older windows' answers go); every
    answer stored so far for this window, from any process."""
    rows = window_answers.c
    try:
        with engine.begin() as conn:
            conn.execute(delete(window_answers).where((rows.table_id == table_id) & (rows.step < step)))
            conn.execute(
                insert(window_answers).values(table_id=table_id, step=step, seat=seat, action=action, created=now())
            )
    except IntegrityError:
        pass  # this seat's answer is stored already (sent twice, or through another process)
    return window_answers_at(engine, table_id, step)


def move_answers(engine: Engine, table_id: str, old_step: int, new_step: int, kept: dict[int, str]) -> None:
    """The window open at ``old_step`` goes on at ``new_step`` with the answers ``kept``."""
    rows = window_answers.c
    with engine.begin() as conn:
        conn.execute(delete(window_answers).where((rows.table_id == table_id) & (rows.step <= old_step)))
        for seat, action in sorted(kept.items()):
            conn.execute(
                insert(window_answers).values(table_id=table_id, step=new_step, seat=seat, action=action, created=now())
            )


def window_answers_at(engine: Engine, table_id: str, step: int) -> dict[int, str]:
    """Every answer stored for the window open at ``step``: seat -> action."""
    rows = window_answers.c
    with engine.connect() as conn:
        found = conn.execute(
            select(rows.seat, rows.action).where((rows.table_id == table_id) & (rows.step == step))
        ).all()
    return {int(r.seat): str(r.action) for r in found}
