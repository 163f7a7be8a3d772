"""The analysis's play figure beside a deal of the day's duplicate score (docs/challenges.md).

The duplicate score says how an entrant's result compares with the others' on the same cards; the
analysis (``cardroom.analysis``) says how close each of their decisions came to the `hard` bot's, from
their own view only. The standings show both: the first counts results, the second choices.

An analysis at the budget a person asks for takes a minute; the standings need one per finished
entrant, so they get a small fixed one (``$CARDROOM_DAILY_ANALYSIS_WORLDS`` imagined worlds a decision,
8 by default: a few seconds a game, the figure within a few points). Figures are worked out one at a
time, on a thread of their own (the kernels' searches release the interpreter's lock), when the standings first ask for
them, and kept for the life of the process (the same seed gives the same analysis, so every process
works out the same figure); until one is ready the standings say it is on its way.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from typing import Any

from cardroom.analysis import GameAnalysis, Precision, analyse_game
from cardroom.analysis.headline import play_accuracy
from cardroom.server.room.live import Live

WORLDS = 8  # $CARDROOM_DAILY_ANALYSIS_WORLDS: imagined worlds a decision (the analysis's default: up to 4096)
KEEP = 5000  # figures kept in memory (a figure is about a hundred bytes)
ANALYSIS_SEED = 54  # the analysis's own sampling: fixed, so a figure is the same wherever it is worked out


def worlds() -> int:
    return int(os.environ.get("CARDROOM_DAILY_ANALYSIS_WORLDS", str(WORLDS)))


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


def figure(job: Job) -> float | None:
    """The seat's accuracy (0-100: 100 is as good as the `hard` bot at every decision), or ``None``
    where it had no decision to make."""
    found = play_accuracy(analysis_of(job))
    return None if found is None else round(found, 1)


def luck_adjusted(analysis: GameAnalysis, expected: bool = False) -> float:
    """The seat's result less its luck: by the analysis's identity (start + luck - losses = result),
    its start less its losses, counted (a verdict's threshold) or, with ``expected``, the unthresholded
    re-measured ones. In win chance (0-1), where the duplicate score counts points."""
    return analysis.start - (analysis.expected_loss if expected else analysis.total_loss)


@dataclass(frozen=True)
class Figure:
    ready: bool
    accuracy: float | None  # None: not ready, failed, or no decision to make
    failed: bool = False


PENDING = Figure(False, None)


class PlayFigures:
    """The figures of one app, keyed by table and seat, worked out one at a time in the background."""

    def __init__(self) -> None:
        self.done: dict[tuple[str, int], Figure] = {}
        self.queue: dict[tuple[str, int], Job] = {}
        self.worker: asyncio.Task[None] | None = None

    def get(self, table_id: str, seat: int, job: Job) -> Figure:
        """The figure if worked out; else it is queued (once) and :data:`PENDING` is the answer."""
        key = (table_id, seat)
        found = self.done.get(key)
        if found is not None:
            return found
        self.queue.setdefault(key, job)
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self._work())
        return PENDING

    async def _work(self) -> None:
        while self.queue:
            key, job = next(iter(self.queue.items()))
            while len(self.done) >= KEEP:  # memory stays bounded: the oldest go (asked again, they rerun)
                del self.done[next(iter(self.done))]
            try:
                self.done[key] = Figure(True, await asyncio.to_thread(figure, job))
            except Exception:  # a failed analysis is reported as such, never takes the room down
                self.done[key] = Figure(True, None, failed=True)
            del self.queue[key]
