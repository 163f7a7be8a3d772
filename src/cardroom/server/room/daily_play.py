"""The analysis of each finished entry of a deal of the day (docs/challenges.md): its play figure and
its luck-adjusted result, both read from the one analysis.

The analysis (``cardroom.analysis``) says how close each of an entrant's decisions came to the `hard`
bot's, from their own view only (the play figure), and splits their result into start, luck and
losses: the result less the luck is what the standings' luck-adjusted duplicate score compares.

An analysis at the budget a person asks for takes a minute; the standings need one per finished
entrant, so they get a small fixed one (``$CARDROOM_DAILY_ANALYSIS_WORLDS`` imagined worlds a decision,
32 by default: the least at which the adjusted score orders bots of known strengths as measured, and
under a second a game). Figures are worked out one at a
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

WORLDS = 32  # $CARDROOM_DAILY_ANALYSIS_WORLDS: imagined worlds a decision (the analysis's default: up to 4096)
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
                self.done[key] = await asyncio.to_thread(figure, job)
            except Exception:  # a failed analysis is reported as such, never takes the room down
                self.done[key] = Figure(True, None, failed=True)
            del self.queue[key]
