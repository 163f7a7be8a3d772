"""How a deal of the day went for each entrant, and the duplicate score that compares entrants dealt the
same copy (docs/challenges.md): the luck of the cards is the same for everyone on a copy, so what
differs is how they played it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from cardroom.server.room.live import Live
from cardroom.server.store import DailyEntry as DailyEntry  # the store's entry; the room's modules name it from here


@dataclass(frozen=True)
class Played:
    entry: DailyEntry
    finished: bool
    place: int | None  # 1 for first; None while unfinished
    points: float | None  # 1 for first place .. 0 for last


def played(entry: DailyEntry, live: Live) -> Played:
    """An entry's result from its table (a conceded deal is last place)."""
    players = live.game.players
    if not live.is_over:
        return Played(entry, False, None, None)
    outcome = live.state.outcome if live.conceded is None else None
    place = players if outcome is None else outcome.place(entry.seat)
    return Played(entry, True, place, (players - place) / (players - 1))


@dataclass(frozen=True)
class Scored:
    played: Played
    duplicate: (
        float  # points (or adjusted results) minus the mean of the others dealt the same copy, the expert one of them
    )
    against_expert: float | None  # points (or adjusted result) minus the expert's on the same copy
    by_play: bool = False  # True: the luck-adjusted score (:func:`adjusted_scores`); False: by points


def duplicate_scores(results: list[Played], expert: dict[int, float]) -> list[Scored]:
    """Finished entries, each compared with the others dealt the same copy and with the expert's
    result on it (``expert``: copy -> the expert's points), best first."""
    by_copy: dict[int, list[float]] = {copy: [points] for copy, points in expert.items()}
    for r in results:
        if r.points is not None:
            by_copy.setdefault(r.entry.copy, []).append(r.points)
    scored = []
    for r in results:
        if r.points is None:
            continue
        others = list(by_copy[r.entry.copy])
        others.remove(r.points)
        field = sum(others) / len(others) if others else r.points
        reference = expert.get(r.entry.copy)
        scored.append(Scored(r, r.points - field, None if reference is None else r.points - reference))
    return sorted(scored, key=lambda s: (-s.duplicate, s.played.entry.created))


def adjusted_scores(results: list[Played], adjusted: dict[str, float], expert: dict[int, float]) -> list[Scored]:
    """The luck-adjusted duplicate score: :func:`duplicate_scores` over each entry's result less its
    luck (``adjusted``: table id -> the analysis's start less losses) instead of its points, the
    expert's reference adjusted the same way (``expert``: copy -> its adjusted result). An entry with
    no adjusted result (not finished, or its analysis not worked out) is left out. Measured by
    ``bench/challenges/simulated_entrants.py``; the standings use it on every copy whose entries and
    reference all have theirs (docs/challenges.md)."""
    found = [
        replace(r, points=adjusted[r.entry.table_id]) for r in results if r.finished and r.entry.table_id in adjusted
    ]
    return [replace(s, by_play=True) for s in duplicate_scores(found, expert)]


@dataclass(frozen=True)
class RunningRow:
    """One entrant on the running leaderboard: their duplicate scores summed over the counted days."""

    entrant: str  # never shown
    name: str  # the name of their latest entry (a guest may change it)
    guest: bool
    deals: int
    total: float
    latest: datetime
    provisional: int = 0  # of those deals, how many are still scored by points (not every analysis ready)


def running_board(scored: list[Scored]) -> list[RunningRow]:
    """The running leaderboard from the scored entries of several days and slots, best first. The total
    is a sum, not a mean: a duplicate score of 0 is an average result, so a day not played counts as
    an average one, and one lucky deal does not put a newcomer above a steady player."""
    by_entrant: dict[str, list[Scored]] = {}
    for s in scored:
        by_entrant.setdefault(s.played.entry.entrant, []).append(s)
    rows = []
    for entrant, mine in by_entrant.items():
        latest = max(mine, key=lambda s: s.played.entry.created).played.entry
        total = sum(s.duplicate for s in mine)
        provisional = sum(not s.by_play for s in mine)
        rows.append(RunningRow(entrant, latest.name, latest.guest, len(mine), total, latest.created, provisional))
    return sorted(rows, key=lambda r: (-r.total, -r.deals, r.latest))
