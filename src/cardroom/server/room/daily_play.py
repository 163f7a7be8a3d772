"""The analysis of each finished entry of a deal of the day (docs/challenges.md): its play figure and
its luck-adjusted result, both read from the one analysis.

The analysis (``cardroom.analysis``) says how close each of an entrant's decisions came to the `hard`
bot's, from their own view only (the play figure), and splits their result into start, luck and
losses: the result less the luck is what the standings' luck-adjusted duplicate score compares.

An analysis at the budget a person asks for takes a minute; the standings need one per finished
entrant, so they get a small fixed one (``$CARDROOM_DAILY_ANALYSIS_WORLDS`` imagined worlds a decision,
64 by default: the least at which the adjusted score met both of its measured aims in every seed block,
under a second a two-player game, about two seconds the longest four-player ones).

Figures are worked out one at a time, on a thread of their own (the kernels' searches release the
interpreter's lock, so play goes on beside it): ahead, as each entry's deal finishes (the room's
watcher, :mod:`.daily_ahead`), or when the standings ask for one still missing. Each is kept in the
database beside its entry (``daily_entries.play``, ``.adjusted``), where every process and every
restart reads it instead of working it out again; the same seed and budget give the same figures
wherever they are worked out, so whichever process keeps one first is right. In front of the database
a bounded cache in memory (:data:`KEEP`): a figure it lets go is read back, never worked out again.
Until one is ready the standings say it is on its way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from cardroom.analysis import GameAnalysis, Precision, analyse_game
from cardroom.analysis.headline import play_accuracy
from cardroom.server.ops import metrics
from cardroom.server.room.live import Live
from cardroom.server.store import DATABASE_ERRORS, Store

log = logging.getLogger("cardroom.daily")

WORLDS = 64  # $CARDROOM_DAILY_ANALYSIS_WORLDS: imagined worlds a decision (the analysis's default: up to 4096)
KEEP = 5000  # figures kept in memory (a figure is about a hundred bytes)
ANALYSIS_SEED = 54  # the analysis's own sampling: fixed, so a figure is the same wherever it is worked out


def worlds() -> int:
    return int(os.environ.get("CARDROOM_DAILY_ANALYSIS_WORLDS", str(WORLDS)))


@dataclass(frozen=True)
class Figure:
    ready: bool
    accuracy: float | None  # None: not ready, failed, or no decision to make
    failed: bool = False
    adjusted: float | None = None  # the luck-adjusted result (win chance 0-1); None: not ready or failed


PENDING = Figure(False, None)
FAILED = Figure(True, None, failed=True)
AskedBy = Literal["ahead", "results"]  # the entry's deal finished / a standings request found it missing


@dataclass(frozen=True)
class Job:
    """What the analysis needs of a finished deal: it reads the seat's own views only."""

    game: Any
    seed: int
    actions: tuple[tuple[int, str], ...]
    seat: int
    outcome: Any
    conceded: int | None
    names: tuple[str, ...]


def job_of(live: Live, actions: list[tuple[int, str]], seat: int) -> Job:
    names = tuple(live.names[k] for k in range(live.game.players))
    return Job(live.game, live.row.seed, tuple(actions), seat, live.outcome, live.conceded, names)


def analysis_of(job: Job) -> GameAnalysis:
    """The seat's analysis at the standings' small fixed budget (:func:`worlds` a decision, the fixed
    sampling seed): the same everywhere it is worked out. The play figure reads it, and so does the
    bench of simulated entrants (``bench/challenges/simulated_entrants.py``)."""
    cap = worlds()
    return analyse_game(
        job.game,
        job.seed,
        list(job.actions),
        job.seat,
        precision=Precision(half_width=0.1, max_worlds=cap, min_worlds=cap),
        analysis_seed=ANALYSIS_SEED,
        outcome=job.outcome,
        conceded=job.conceded,
        names=job.names,
    )


def figure(job: Job) -> Figure:
    """From the seat's one analysis: its accuracy (0-100: 100 is as good as the `hard` bot at every
    decision; ``None`` where it had no decision to make) and its luck-adjusted result with the expected
    losses (what the standings' duplicate score compares)."""
    analysis = analysis_of(job)
    found = play_accuracy(analysis)
    return Figure(True, None if found is None else round(found, 1), adjusted=luck_adjusted(analysis, expected=True))


def luck_adjusted(analysis: GameAnalysis, expected: bool = False) -> float:
    """The seat's result less its luck: by the analysis's identity (start + luck - losses = result),
    its start less its losses, counted (a verdict's threshold) or, with ``expected``, the unthresholded
    re-measured ones. In win chance (0-1), where the duplicate score counts points."""
    return analysis.start - (analysis.expected_loss if expected else analysis.total_loss)


Load = Callable[[], Awaitable[Job | None]]  # the job read when its turn comes (None: not settled yet)
Key = tuple[str, int]  # table and seat

_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="daily-analysis")  # one analysis at a time


class PlayFigures:
    """The figures of one app, keyed by table and seat, worked out one at a time in the background and
    kept in ``store`` (None: in memory alone, as a bench would)."""

    def __init__(self, store: Store | None = None, keep: int = KEEP) -> None:
        self.store = store
        self.writer = None if store is None else store.writer  # the figures are kept through it, in turn
        self.keep = keep
        self.done: dict[Key, Figure] = {}  # the cache: oldest first
        self.queue: dict[Key, tuple[Job | Load, AskedBy]] = {}
        self.worker: asyncio.Task[None] | None = None

    def get(self, table_id: str, seat: int, job: Job | Load, asked_by: AskedBy = "results") -> Figure:
        """The figure if in the cache; else it is queued (once) and :data:`PENDING` is the answer (the
        worker reads it from the database before it works anything out)."""
        key = (table_id, seat)
        found = self.done.get(key)
        if found is not None:
            return found
        self.queue.setdefault(key, (job, asked_by))
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work())
        return PENDING

    def remember(self, key: Key, found: Figure) -> Figure:
        """Into the cache; past :attr:`keep` figures the oldest go (asked again, they are read back)."""
        while len(self.done) >= self.keep:
            del self.done[next(iter(self.done))]
        self.done[key] = found
        return found

    async def _work(self) -> None:
        while self.queue:
            key, (job, asked_by) = next(iter(self.queue.items()))
            try:
                found = await self._figure(key, job, asked_by)
            except DATABASE_ERRORS:
                found = None  # not known: asked again, it is looked for again (the outage is said elsewhere)
            except Exception:  # a failed analysis is reported as such, never takes the room down
                log.exception("the analysis of the deal of the day at table %s, seat %s failed", *key)
                found = FAILED
            if found is not None:
                self.remember(key, found)
            del self.queue[key]

    async def _figure(self, key: Key, job: Job | Load, asked_by: AskedBy) -> Figure | None:
        """Read back if kept; else worked out on the worker thread, counted, and kept."""
        if self.store is not None:
            kept = (await asyncio.to_thread(self.store.daily_figures, [key])).get(key)
            if kept is not None:
                return Figure(True, kept[0], adjusted=kept[1])
        if not isinstance(job, Job):
            loaded = await job()
            if loaded is None:
                return None  # the deal is not settled in this process yet: the watcher queues it again
            job = loaded
        try:
            made = await asyncio.wrap_future(_worker.submit(figure, job))
        finally:
            metrics.DAILY_ANALYSES.labels(asked_by).inc()
        if self.store is not None and self.writer is not None and made.adjusted is not None:
            with contextlib.suppress(*DATABASE_ERRORS):  # if not, kept in the cache alone (a process
                # that finds it missing later works it out again)
                await self.writer.call(self.store.set_daily_figures, *key, made.accuracy, made.adjusted)
        return made
