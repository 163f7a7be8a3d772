"""What the load generators count (bench/server/server_load.py): the players' :class:`Figures`, the
statuses a sound room answers a player with, the unexpected ones kept with the server's words, and
the measured :class:`Window`. The Node.js generator (load_generator.mjs) counts the same way."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Figures:
    action_ms: list[float] = field(default_factory=list)
    push_ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    acknowledged: int = 0
    moves: int = 0  # every stored move seen (people's and bots'), from the seat-0 sockets
    games: int = 0
    server_cpu: float = 0.0  # seconds of the servers' CPU time while measuring
    # Every response over the whole run (tables created, warm-up, measuring), by request and
    # status ("action 200"); ``statuses`` counts the action requests in the measured window only.
    run_statuses: Counter[str] = field(default_factory=Counter)
    # The first few responses of each kind no player of a sound room should get (a 403, a 5xx, ...),
    # each with what the server said, so a rare one in a long run can be traced (:func:`refused`).
    refusals: list[dict[str, Any]] = field(default_factory=list)

    def merge(self, other: Figures) -> None:
        self.action_ms += other.action_ms
        self.push_ms += other.push_ms
        self.statuses.update(other.statuses)
        self.run_statuses.update(other.run_statuses)
        self.errors.update(other.errors)
        self.refusals += other.refusals
        self.acknowledged += other.acknowledged
        self.moves += other.moves
        self.games += other.games


#: The statuses a sound room may answer a player with; anything else is kept as a refusal.
EXPECTED = {"action": {200, 409, 429}, "rematch": {200}, "join": {200}}
REFUSALS_KEPT = 5  # of each kind ("action 503"), a generator process's; all are counted in ``run_statuses``


def refused(figures: Figures, request: str, status: int, body: bytes, table: str, step: int | None,
            seat: int) -> None:  # fmt: skip
    """Count an unexpected response as an error ("action 422") and keep the first few of each kind with
    what the server said, so a rare one shows beside a flood of another (the Node generator does the
    same). A refusal a sound room never gives a seated player (a 422: the game waits for someone, a
    403, a 5xx) must show in the errors, never pass as an ordinary answer."""
    if status in EXPECTED[request]:
        return
    figures.errors[f"{request} {status}"] += 1
    kept = sum(1 for r in figures.refusals if r["request"] == request and r["status"] == status)
    if kept >= REFUSALS_KEPT:
        return
    figures.refusals.append({"request": request, "status": status, "detail": body.decode(errors="replace")[:300],
                             "table": table, "step": step, "seat": seat, "at": time.time()})  # fmt: skip


@dataclass
class Window:
    """The measured interval, in wall-clock seconds (``time.time()``, shared by all processes)."""

    start: float = float("inf")
    end: float = float("inf")

    def inside(self, t: float) -> bool:
        return self.start <= t < self.end
