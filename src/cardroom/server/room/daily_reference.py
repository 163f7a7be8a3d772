"""The expert's reference of the duplicate score (docs/challenges.md, "Scores"): the expert bot's points
in the entrant's seat of one copy of a window's slot, against the deal's bots, and its luck-adjusted
result (its game analysed as an entrant's is). Playing it out is a
whole game by the expert (seconds), so each copy's is played once and kept in the database, where
every process of the room and every restart finds it: ahead of time when the window closes
(:mod:`.daily_ahead`), or by the results request that finds it missing.

A process plays its references one at a time, on a worker thread of its own (the room's requests go
on beside it), and one copy asked for twice at once (the watcher and a request, two requests) is
played once. Two processes playing the same copy at once keep it once: the points are deterministic,
so the second's insert is ignored and changes nothing.

A row kept before the adjusted result was (NULL) gets it when first needed: the window's watcher
(:mod:`.daily_ahead`) treats it as missing, and a results request that finds it so has it worked out
on the same worker and set in the row, answering meanwhile without it (that copy's standings stay on
the plain score, marked provisional).
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
from cardroom.server.room.daily_replay import reference_points, reference_result
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


@dataclass(frozen=True)
class Known:
    """A copy's reference: the expert's points, and its luck-adjusted result (None: not known yet)."""

    points: float
    adjusted: float | None


def deal_bots(row: TableRow) -> str:
    """The spec of the bots a deal's table was dealt (every seat but the entrant's has the same)."""
    return next(s.bot_spec for s in row.seats if s.bot_spec)


async def kept(store: Store, days: list[str], slot: str | None = None) -> dict[Copy, Known]:
    """The references the database keeps for these windows (at one slot, or at every slot)."""
    found = await asyncio.to_thread(store.daily_references, days, slot)
    return {Copy(r.day, r.slot, r.copy, r.bots, r.expert): Known(r.points, r.adjusted) for r in found}


async def reference(store: Store, copy: Copy, secret: str, known: dict[Copy, Known], asked_by: AskedBy) -> Known:
    """The copy's reference: from ``known`` (what :func:`kept` read), else played out now and kept
    (in the database, and in ``known`` for the caller's next copies). One kept without its adjusted
    result has it worked out: the watcher (``ahead``) waits for it; a results request does not (it
    is set in the row when done) and gets the points alone."""
    found = known.get(copy)
    if found is not None and _done(copy, found):
        return found
    seed = daily.deal_seed(secret, copy.day, copy.slot, copy.copy)
    if found is not None and asked_by == "results":
        _keep_later(store, copy, seed)
        return found
    made = await asyncio.wrap_future(_playing(copy, seed, asked_by))
    await _keep(store, copy, made)
    known[copy] = made
    return made


async def _keep(store: Store, copy: Copy, made: Known) -> None:
    """Kept in the database: a new row, or the adjusted result set in a row kept without it."""
    c, points, adjusted = copy, made.points, made.adjusted
    await store.writer.call(store.add_daily_reference, c.day, c.slot, c.copy, c.bots, c.expert, points, adjusted)


_later: dict[Copy, asyncio.Task[None]] = {}  # adjusted results being worked out for a request that did not wait


def _keep_later(store: Store, copy: Copy, seed: int) -> None:
    going = _later.get(copy)
    if copy in _failed or (going is not None and not going.done() and going.get_loop() is asyncio.get_running_loop()):
        return  # failed here before, or already being worked out (a task of a loop since closed does not count)

    async def work() -> None:
        try:
            await _keep(store, copy, await asyncio.wrap_future(_playing(copy, seed, "results")))
        except Exception:
            log.exception("the adjusted result of the expert's reference of %s failed", copy)
        finally:
            if _later.get(copy) is asyncio.current_task():
                del _later[copy]

    _later[copy] = asyncio.create_task(work())


def missing(entries: Iterable[DailyEntry], known: dict[Copy, Known], expert: str) -> dict[tuple[str, str, int], str]:
    """Of the copies somebody entered, those with no reference by ``expert`` kept yet, or one without
    its adjusted result: each with the table of its first entrant (whose row names the deal's bots)."""
    have = {(c.day, c.slot, c.copy) for c, k in known.items() if c.expert == expert and _done(c, k)}
    first: dict[tuple[str, str, int], str] = {}
    for e in entries:
        if (e.day, e.slot, e.copy) not in have:
            first.setdefault((e.day, e.slot, e.copy), e.table_id)
    return first


def _done(copy: Copy, known: Known) -> bool:
    return known.adjusted is not None or copy in _failed  # a failed one is not tried again here


# -- the process's one worker: a copy asked for while it is being played joins that playing ----------

_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="daily-reference")
_playing_now: dict[tuple[Copy, int], Future[Known]] = {}
_failed: set[Copy] = set()  # copies whose adjusted result failed: not tried again by this process
_lock = threading.RLock()  # re-entered when a future is done before its callback is added


def _playing(copy: Copy, seed: int, asked_by: AskedBy) -> Future[Known]:
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


def _play(copy: Copy, seed: int, asked_by: AskedBy) -> Known:
    try:
        points, adjusted = reference_result(copy.slot, seed, copy.bots, copy.expert)
    except Exception:  # the analysis failed: the points alone (the copy's standings stay on them)
        log.exception("the adjusted result of the expert's reference of %s failed", copy)
        points, adjusted = reference_points(copy.slot, seed, copy.bots, copy.expert), None
        _failed.add(copy)
    metrics.DAILY_REFERENCES.labels(asked_by).inc()
    # Not how long it took: that is the expert's game length, and an entrant may still be playing
    # this copy after the close (at their own pace).
    log.info("the expert's reference of %s played (%s)", copy, asked_by)
    return Known(points, adjusted)
