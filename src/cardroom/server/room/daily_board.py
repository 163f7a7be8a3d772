"""The deal of the day's leaderboards (docs/challenges.md), worked out from the stored entries and their
tables: a day's standings at one slot, and the running leaderboard over the last closed days.

Each copy is scored by play (the luck-adjusted duplicate score: :func:`.daily_results.adjusted_scores`)
once every finished entry on it has its analysis worked out (:mod:`.daily_play`) and the expert's
reference its adjusted result; until then its entries keep the plain duplicate score of points, which
the standings mark provisional.

Nothing here decides who may see what: the routes apply the hiding rule (:func:`.daily.results_open`)
before asking, and leave out of the running board every deal the asker has not finished.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence

from cardroom.server.room import daily
from cardroom.server.room.daily_play import Figure, Job, Load, PlayFigures, job_of
from cardroom.server.room.daily_reference import Copy, Known, deal_bots, kept, reference
from cardroom.server.room.daily_replay import expert_spec
from cardroom.server.room.daily_results import DailyEntry, Played, Scored, adjusted_scores, duplicate_scores, played
from cardroom.server.room.rooms import Room
from cardroom.server.store import Store

RUNNING_DAYS = 7  # $CARDROOM_DAILY_RUNNING_DAYS: the closed windows the running leaderboard counts


def running_days() -> int:
    return int(os.environ.get("CARDROOM_DAILY_RUNNING_DAYS", str(RUNNING_DAYS)))


async def figure_of(figures: PlayFigures, room: Room, entry: DailyEntry) -> Figure:
    """The entry's analysis figures if worked out (kept in its row as read, or in the cache); else
    they are queued (read back from the database if another process or an earlier look kept them,
    worked out if not) and the answer is pending."""
    if entry.adjusted is not None:
        return Figure(True, entry.play, adjusted=entry.adjusted)
    return figures.get(entry.table_id, entry.seat, job_loader(room, entry.table_id, entry.seat))


def job_loader(room: Room, table_id: str, seat: int) -> Load:
    """What the analysis of one entry needs, read when the worker comes to it (not while it waits in
    the queue, nor again on every request that finds it pending); None while this process has not
    taken the deal's last move yet (it is queued again by the next look)."""

    async def load() -> Job | None:
        live = await room.live_soon(table_id)
        if not live.is_over:
            return None
        actions = [(a.seat, a.text) for a in await asyncio.to_thread(room.actions, table_id)]
        return job_of(live, actions, seat)

    return load


async def scored_slot(
    store: Store, room: Room, figures: PlayFigures, day: str, slot: daily.Slot, entries: Sequence[DailyEntry]
) -> list[Scored]:
    """One window's slot: its finished entries scored against each other and the expert, best first,
    each copy by play where all its analyses are ready, else by points. The expert's reference of
    each copy is read from the database, where it is kept once played (the room plays it when the
    window closes: :mod:`.daily_ahead`); one still missing is played here."""
    tables = [await room.live_soon(e.table_id) for e in entries]
    expert: dict[int, Known] = {}
    known = await kept(store, [day], slot.key)
    secret = await asyncio.to_thread(daily.server_secret, store)
    for entry, live in zip(entries, tables, strict=True):
        if entry.copy not in expert and live.is_over:
            copy = Copy(day, slot.key, entry.copy, deal_bots(live.row), expert_spec())
            expert[entry.copy] = await reference(store, copy, secret, known, "results")
    results = [played(e, live) for e, live in zip(entries, tables, strict=True)]
    adjusted = {r.entry.table_id: found for r in results if (found := await _adjusted(figures, room, r)) is not None}
    by_play = {
        copy
        for copy, ref in expert.items()
        if ref.adjusted is not None
        and all(r.entry.table_id in adjusted for r in results if r.finished and r.entry.copy == copy)
    }
    scored = adjusted_scores(
        [r for r in results if r.entry.copy in by_play],
        adjusted,
        {c: ref.adjusted for c, ref in expert.items() if ref.adjusted is not None and c in by_play},
    ) + duplicate_scores(
        [r for r in results if r.entry.copy not in by_play], {c: ref.points for c, ref in expert.items()}
    )
    return sorted(scored, key=lambda s: (-s.duplicate, s.played.entry.created))


async def _adjusted(figures: PlayFigures, room: Room, result: Played) -> float | None:
    """A finished entry's luck-adjusted result, once its analysis is worked out (queued if not)."""
    return (await figure_of(figures, room, result.entry)).adjusted if result.finished else None


def counted_days(at: float) -> list[str]:
    """The running leaderboard's windows: the last :func:`running_days` that have closed, newest first."""
    days, window = [], daily.window_at(at)
    for _ in range(running_days()):
        window = daily.window_at(window.opens - 1)
        days.append(window.day)
    return days


async def running_scores(
    store: Store, room: Room, figures: PlayFigures, at: float, asker: str | None
) -> tuple[list[str], list[Scored]]:
    """The counted days and every finished entry of theirs, scored within its day's slot; a day's slot
    where the asker has an unfinished deal is left out (its results are still hidden from them)."""
    days = counted_days(at)
    entries = await asyncio.to_thread(store.daily_entries_of_days, days)
    grouped: dict[tuple[str, str], list[DailyEntry]] = {}
    for e in entries:
        grouped.setdefault((e.day, e.slot), []).append(e)
    known = {s.key: s for s in daily.slots()}
    scored: list[Scored] = []
    for (day, key), group in grouped.items():
        slot = known.get(key)
        if slot is None:  # a game no longer listed: its old days are not counted
            continue
        mine = [e for e in group if e.entrant == asker]
        if mine and not (await room.live_soon(mine[0].table_id)).is_over:
            continue
        scored += await scored_slot(store, room, figures, day, slot, group)
    return days, scored
