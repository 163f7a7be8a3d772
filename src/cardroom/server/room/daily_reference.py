"""The expert's reference of the duplicate score (docs/challenges.md, "Scores"): the expert bot's points
in the entrant's seat of one copy of a window's slot, against the deal's bots. Playing it out is a
whole game by the expert (seconds), so each copy's is played once and kept in the database, where
every process of the room and every restart finds it: ahead of time when the window closes
(:mod:`.daily_ahead`), or by the results request that finds it missing.

A process plays its references one at a time, on a worker thread of its own (the room's requests go
on beside it), and one copy asked for twice at once (the watcher and a request, two requests) is
played once. Two processes playing the same copy at once keep it once: the points are deterministic,
so the second's insert is ignored and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal

from cardroom.server.ops import metrics
from cardroom.server.room import daily
from cardroom.server.room.daily_replay import reference_points
from cardroom.server.room.daily_results import DailyEntry
from cardroom.server.store import Store, TableRow

log = logging.getLogger("cardroom.daily")

AskedBy = Literal["ahead", "results"]  # a window closed / a results request found one missing


@dataclass(frozen=True)
class Copy:
    """One copy of a window's slot, with what its reference game depends on besides the copy's seed."""

    day: str
    slot: str
    copy: int
    bots: str  # the deal's bots' spec, as its tables have them
    expert: str  # the reference bot's spec ($CARDROOM_DAILY_EXPERT)

    def __str__(self) -> str:
        return f"{self.day}, {self.slot}, copy {self.copy + 1}"


def deal_bots(row: TableRow) -> str:
    """The spec of the bots a deal's table was dealt (every seat but the entrant's has the same)."""
    return next(s.bot_spec for s in row.seats if s.bot_spec)


async def kept(store: Store, days: list[str], slot: str | None = None) -> dict[Copy, float]:
    """The references the database keeps for these windows (at one slot, or at every slot)."""
    found = await asyncio.to_thread(store.daily_references, days, slot)
    return {Copy(r.day, r.slot, r.copy, r.bots, r.expert): r.points for r in found}


async def reference(store: Store, copy: Copy, secret: str, known: dict[Copy, float], asked_by: AskedBy) -> float:
    """The copy's reference: from ``known`` (what :func:`kept` read), else played out now and kept
    (in the database, and in ``known`` for the caller's next copies)."""
    found = known.get(copy)
    if found is not None:
        return found
    seed = daily.deal_seed(secret, copy.day, copy.slot, copy.copy)
    points = await asyncio.wrap_future(_playing(copy, seed, asked_by))
    await store.writer.call(store.add_daily_reference, copy.day, copy.slot, copy.copy, copy.bots, copy.expert, points)
    known[copy] = points
    return points


def missing(entries: Iterable[DailyEntry], known: dict[Copy, float], expert: str) -> dict[tuple[str, str, int], str]:
    """Of the copies somebody entered, those with no reference by ``expert`` kept yet: each with the
    table of its first entrant (whose row names the deal's bots)."""
    have = {(c.day, c.slot, c.copy) for c in known if c.expert == expert}
    first: dict[tuple[str, str, int], str] = {}
    for e in entries:
        if (e.day, e.slot, e.copy) not in have:
            first.setdefault((e.day, e.slot, e.copy), e.table_id)
    return first


# -- the process's one worker: a copy asked for while it is being played joins that playing ----------

_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="daily-reference")
_playing_now: dict[tuple[Copy, int], Future[float]] = {}
_lock = threading.RLock()  # re-entered when a future is done before its callback is added


def _playing(copy: Copy, seed: int, asked_by: AskedBy) -> Future[float]:
    key = (copy, seed)
    with _lock:
        found = _playing_now.get(key)
        if found is None:
            found = _playing_now[key] = _worker.submit(_play, copy, seed, asked_by)
            found.add_done_callback(lambda _: _forget(key))
    return found


def _forget(key: tuple[Copy, int]) -> None:
    with _lock:
        _playing_now.pop(key, None)


def _play(copy: Copy, seed: int, asked_by: AskedBy) -> float:
    points = reference_points(copy.slot, seed, copy.bots, copy.expert)
    metrics.DAILY_REFERENCES.labels(asked_by).inc()
    # Not how long it took: that is the expert's game length, and an entrant may still be playing
    # this copy after the close (at their own pace).
    log.info("the expert's reference of %s played (%s)", copy, asked_by)
    return points
