"""Puzzles' rows (docs/challenges.md): the seats whose analysis was read for puzzles, and the puzzles
(one decision of that seat each, with a random id that opens it)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, insert, select, tuple_
from sqlalchemy.exc import IntegrityError

from cardroom.server.store.rows import now
from cardroom.server.store.schema import puzzle_sources, puzzles

LAST_GAMES = 10  # puzzles come from this many of the player's last analysed games
MOST = 20  # puzzles listed at most, costliest first


@dataclass(frozen=True)
class Posed:
    """One decision posed again: what to find and what the analysis said of it."""

    step: int
    answer: str
    answer_win: float
    next_win: float  # the best of the other actions
    chosen: str
    chosen_win: float
    loss: float
    did: str  # the analysis's words for what the player did ("replaced your 7")
    better: str  # and for the answer ("keep your 7")


@dataclass(frozen=True)
class Puzzle:
    id: str
    table_id: str
    seat: int
    posed: Posed
    created: datetime


def read_already(engine: Engine, seats: list[tuple[str, int]]) -> set[tuple[str, int]]:
    """Of these (table, seat) pairs, those whose analysis was read for puzzles already."""
    if not seats:
        return set()
    with engine.connect() as conn:
        rows = conn.execute(
            select(puzzle_sources.c.table_id, puzzle_sources.c.seat).where(
                tuple_(puzzle_sources.c.table_id, puzzle_sources.c.seat).in_(seats)
            )
        ).all()
    return {(r.table_id, r.seat) for r in rows}


def add_puzzles(engine: Engine, table_id: str, seat: int, found: list[Posed]) -> None:
    """A seat's puzzles and the mark that its analysis was read, in one transaction (read twice at
    once, the first one stays)."""
    try:
        with engine.begin() as conn:
            conn.execute(insert(puzzle_sources).values(table_id=table_id, seat=seat, created=now()))
            for p in found:
                conn.execute(
                    insert(puzzles).values(
                        id=secrets.token_urlsafe(16), table_id=table_id, seat=seat, created=now(), **p.__dict__
                    )
                )
    except IntegrityError:
        pass  # read by another request at this instant


def _puzzle(row: object) -> Puzzle:
    fields = {name: getattr(row, name) for name in Posed.__dataclass_fields__}
    return Puzzle(row.id, row.table_id, row.seat, Posed(**fields), row.created)  # type: ignore[attr-defined]


def puzzles_of(engine: Engine, seats: list[tuple[str, int]]) -> list[Puzzle]:
    """The puzzles of the last :data:`LAST_GAMES` of these seats read for puzzles, costliest first."""
    if not seats:
        return []
    with engine.connect() as conn:
        sources = conn.execute(
            select(puzzle_sources.c.table_id, puzzle_sources.c.seat)
            .where(tuple_(puzzle_sources.c.table_id, puzzle_sources.c.seat).in_(seats))
            .order_by(puzzle_sources.c.created.desc())
            .limit(LAST_GAMES)
        ).all()
        if not sources:
            return []
        rows = conn.execute(
            select(puzzles)
            .where(tuple_(puzzles.c.table_id, puzzles.c.seat).in_([(s.table_id, s.seat) for s in sources]))
            .order_by(puzzles.c.loss.desc(), puzzles.c.created, puzzles.c.step)
            .limit(MOST)
        ).all()
    return [_puzzle(r) for r in rows]


def puzzle(engine: Engine, puzzle_id: str) -> Puzzle | None:
    with engine.connect() as conn:
        row = conn.execute(select(puzzles).where(puzzles.c.id == puzzle_id)).first()
    return None if row is None else _puzzle(row)
