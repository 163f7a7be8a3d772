"""Post-game analysis and hints over HTTP.

- ``POST /api/tables/{id}/analysis`` starts the analysis of *your* seat's play in a finished game
  (your seat token says which seat); ``GET`` the same path reports progress, then the result. An
  analysis reads only that seat's views (``cardroom.analysis``), and only that seat may ask for it:
  its win chances are computed from that seat's cards, which the others never saw.
- ``GET /api/tables/{id}/hint`` ranks your legal actions for the current decision from your own view
  (the analysis's evaluation, see ``hints.py``). Only at a table where every other seat is a bot, or
  where the creator turned hints on for everyone; elsewhere the answer is 403 and says why.

Analyses run one at a time in a worker process (they are long: seconds to a minute), and each is kept
in memory for the life of the process, keyed by table and seat. ``CARDROOM_ANALYSIS_PRECISION``
(points) and ``CARDROOM_ANALYSIS_MAX_WORLDS`` set the defaults for requests that name none.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from cardroom.analysis import Precision, analyse_game
from cardroom.analysis.headline import headline_json, headline_text
from cardroom.analysis.oracle import oracle_label, oracle_timeline
from cardroom.analysis.report import GameAnalysis
from cardroom.analysis.words import worded_result
from cardroom.core.outcome import Outcome
from cardroom.locale import ENGLISH, say
from cardroom.server.edge.api import ERRORS, RoomDep, TokenDep
from cardroom.server.edge.language import asked_language
from cardroom.server.room import hints
from cardroom.server.room.live import Live

router = APIRouter(prefix="/api")
KEEP = 500  # analyses kept in memory


# The defaults of a request that names none; an operator may lower them for a slow machine.
DEFAULT_PRECISION = float(os.environ.get("CARDROOM_ANALYSIS_PRECISION", "5"))
# No cap named: the engine's own (4096 worlds on a compiled kernel, 192 on the reference engine).
DEFAULT_MAX_WORLDS = (
    int(os.environ["CARDROOM_ANALYSIS_MAX_WORLDS"]) if os.environ.get("CARDROOM_ANALYSIS_MAX_WORLDS") else None
)


class AnalysisRequest(BaseModel):
    precision: float = Field(
        DEFAULT_PRECISION, ge=0.5, le=50, description="half-width of each loss's 95% interval, in points"
    )
    max_worlds: int | None = Field(
        DEFAULT_MAX_WORLDS,
        ge=8,
        le=4096,
        description="at most this many imagined worlds a decision (default: the "
        "engine's, 4096 on a compiled kernel and 192 otherwise)",
    )


@dataclass
class Job:
    seat: int
    status: str = "queued"  # queued | running | done | failed
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    detail: str = ""
    task: asyncio.Task[None] | None = field(default=None, repr=False)
    analysis: GameAnalysis | None = field(default=None, repr=False)  # the result, worded per request

    def public(self, lang: str = ENGLISH) -> dict[str, Any]:
        return {
            "status": self.status,
            "seat": self.seat,
            "done": self.done,
            "total": self.total,
            "detail": say(lang, "the analysis failed: {reason}", reason=self.detail) if self.status == "failed" else "",
            "analysis": self.result_in(lang),
        }

    def result_in(self, lang: str) -> dict[str, Any] | None:
        """The result with the words the server writes (the headline, the summary, the oracle's
        label) and the action words in ``lang``; the engines' log texts stay as written."""
        if self.result is None or self.analysis is None or lang == ENGLISH:
            return self.result
        worded = {**worded_result(self.result, lang), "summary": headline_text(self.analysis, lang)}
        worded["headline"] = headline_json(self.analysis, lang)
        if "oracle" in worded:
            worded["oracle"] = {**worded["oracle"], "label": oracle_label(lang)}
        return worded


class Analyses:
    """The jobs of one app: one analysis runs at a time, so the game server stays responsive."""

    def __init__(self) -> None:
        self.jobs: dict[tuple[str, int], Job] = {}  # oldest first
        self.lock = asyncio.Lock()

    def forget_old(self) -> None:
        """Keep memory bounded: past ``KEEP`` jobs, the oldest finished ones go (asked again, they rerun)."""
        finished = [key for key, job in self.jobs.items() if job.status in ("done", "failed")]
        for key in finished[: max(0, len(self.jobs) - KEEP + 1)]:
            del self.jobs[key]


def _analyses(request: Request) -> Analyses:
    found: Analyses | None = getattr(request.app.state, "analyses", None)
    if found is None:
        found = request.app.state.analyses = Analyses()
    return found


@router.post(
    "/tables/{table_id}/analysis",
    responses={**ERRORS, 409: {"description": "the game is not over"}},
    summary="Start the analysis of your seat's play in a finished game",
)
async def start_analysis(
    table_id: str,
    request: Request,
    room: RoomDep,
    token: TokenDep,
    body: Annotated[AnalysisRequest | None, Body()] = None,
) -> Any:
    live, seat = await room.seat_soon(table_id, token)
    lang = asked_language(request)
    if not live.is_over:
        return JSONResponse({"detail": say(lang, "analysis opens when the game is over")}, status_code=409)
    analyses = _analyses(request)
    job = analyses.jobs.get((table_id, seat))
    if job is None or job.status == "failed":
        analyses.forget_old()
        job = analyses.jobs[(table_id, seat)] = Job(seat)
        settings = body or AnalysisRequest(precision=DEFAULT_PRECISION, max_worlds=DEFAULT_MAX_WORLDS)
        cap = settings.max_worlds
        precision = Precision(
            half_width=settings.precision / 100, max_worlds=cap, min_worlds=None if cap is None else min(16, cap)
        )
        actions = [(a.seat, a.text) for a in room.actions(table_id)]
        ending = Ending(
            live.outcome,
            live.conceded,
            oracle_allowed(live, seat),
            tuple(live.names[k] for k in range(live.game.players)),
        )
        job.task = asyncio.create_task(_run(analyses, job, live.game, live.row.seed, actions, precision, ending))
    return job.public(lang)


@router.get("/tables/{table_id}/analysis", responses=ERRORS, summary="Progress, then the result, of your analysis")
async def get_analysis(table_id: str, request: Request, room: RoomDep, token: TokenDep) -> Any:
    _, seat = await room.seat_soon(table_id, token)
    job = _analyses(request).jobs.get((table_id, seat))
    lang = asked_language(request)
    if job is None:
        detail = say(lang, "no analysis started for your seat; POST to this address to start one")
        return JSONResponse({"detail": detail}, status_code=404)
    return job.public(lang)


@dataclass(frozen=True)
class Ending:
    """How the table ended (a concession is kept beside the game) and whether the oracle line may
    be drawn for the asking seat."""

    outcome: Outcome | None
    conceded: int | None
    oracle: bool
    names: tuple[str, ...] = ()  # the seats' names: the analysis names people by them, never "seat 0"


def oracle_allowed(live: Live, seat: int) -> bool:
    """The oracle line is computed from every hidden card. After the game the server still shows
    nobody another seat's cards, so the line is offered only where every other seat is a bot: it
    tells a person about the bots' cards, never about another person's."""
    return all(s.kind == "bot" for s in live.row.seats if s.seat != seat)


async def _run(
    analyses: Analyses,
    job: Job,
    game: Any,
    seed: int,
    actions: list[tuple[int, str]],
    precision: Precision,
    ending: Ending,
) -> None:
    def progress(done: int, total: int) -> None:
        job.done, job.total = done, total

    async with analyses.lock:
        job.status = "running"
        try:
            # The playouts run in a worker process, so the server's own thread keeps serving tables.
            with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
                result = await asyncio.to_thread(
                    analyse_game,
                    game,
                    seed,
                    actions,
                    job.seat,
                    precision=precision,
                    progress=progress,
                    executor=pool,
                    outcome=ending.outcome,
                    conceded=ending.conceded,
                    names=ending.names,
                )
            line = None
            if ending.oracle:
                line = await asyncio.to_thread(
                    oracle_timeline, game, seed, actions, job.seat, outcome=ending.outcome, steps=result.steps
                )
        except Exception as exc:  # a failed analysis is reported, never takes the server down
            job.status, job.detail = "failed", str(exc)
            return
        job.result, job.analysis = result.to_json(), result
        if line is not None:
            job.result["oracle"] = {"label": oracle_label(), "timeline": [list(p) for p in line]}
        job.status = "done"


@router.get(
    "/tables/{table_id}/hint",
    responses=ERRORS,
    summary="Your legal actions ranked by the bots' evaluation, from your own view",
)
async def hint(table_id: str, request: Request, room: RoomDep, token: TokenDep) -> Any:
    live, seat = await room.seat_soon(table_id, token)
    refused = hints.refusal(live, seat)
    if refused is not None:
        return JSONResponse({"detail": refused.in_language(asked_language(request))}, status_code=403)
    if live.is_over or seat not in live.state.to_act or not live.state.legal_actions(seat):
        return JSONResponse({"detail": say(asked_language(request), "it is not your decision")}, status_code=409)
    return await hints.answer(live, seat, table_id)
