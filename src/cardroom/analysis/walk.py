"""Walk a finished game from one seat's chair: each decision judged, each event between them luck.

The walk finds the seat's decisions (``decision_points``), has a judge (``judge.py``: the `hard` bot's
search on the game's compiled kernel, else heuristic rollouts) estimate each one from the seat's
view alone, then lays the checkpoints end to end (``checkpoints``) so that, exactly, term by term::

    start + sum(luck) - sum(losses) = result

(see ``report.py``). A decision's loss counts only where its fresh measurement's interval excludes
zero and it reaches a verdict (5 points); the position's value before the move is the chosen move's
value plus that loss, so a seat that plays the yardstick's move loses nothing, and the rest of the
estimates' noise lands in the luck, whose entries have expectation zero.

Between two decisions, every event (the deal, the outcome of the seat's own move, its forced steps,
each other seat's action) is its own luck entry, valued from the seat's view after it (``luck.py``).
A stretch where nothing happened that the seat could not foresee (it only took forced or own steps
and its view came out as predicted) has no luck in it. The decisions of such a chain share one
pooled estimate (``checkpoints``), so a quiet stretch changes nothing.

Each decision is evaluated from ``state.view(seat)`` alone, with a seed derived from the analysis
seed and the step, so the analysis of a decision depends on nothing the seat could not see, and the
same seed gives the same analysis.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any

from cardroom.analysis.concession import CONCEDE, concession_estimate
from cardroom.analysis.evaluate import DEFAULT_PRECISION, Estimate, Precision
from cardroom.analysis.judge import Judge, judge_for
from cardroom.analysis.labels import label
from cardroom.analysis.luck import Ends, Move, deal, follow, group_hidden, paired_hold, stretch
from cardroom.analysis.report import Decision, GameAnalysis, Luck, from_json
from cardroom.bots.policy import make_policy
from cardroom.bots.search import rewards
from cardroom.core.game import Game, State
from cardroom.core.outcome import Outcome
from cardroom.core.registry import make, tuning

Progress = Callable[[int, int], None]
# With ``max_worlds`` set and no search budget, the search gets this many playouts per capped world.
CAP_PLAYOUTS = 8

__all__ = ["Decision", "GameAnalysis", "Luck", "Point", "analyse_game", "checkpoints", "evaluate_point", "from_json"]


def decision_rng(seed: int, step: int) -> random.Random:
    """The generator for the decision at ``step``: independent of every other decision's."""
    return random.Random(f"analysis:{seed}:{step}")


def is_decision(state: State, seat: int) -> bool:
    return seat in state.to_act and len(state.legal_actions(seat)) > 1


@dataclass(slots=True)
class Point:
    """One decision to evaluate, with what the stretch before it needs: found by walking the game."""

    step: int
    view: dict[str, Any]
    chosen: str
    first: int  # the first step of the stretch that ends here
    events: list[str]  # what the seat saw in that stretch
    quiet: bool
    moves: list[Move] = field(default_factory=list)  # the stretch's events, one by one (luck.py)
    log: list[dict[str, Any]] = field(default_factory=list)  # the seat's log then, for a judge that infers


def decision_points(
    game: Game, seed: int, actions: Sequence[tuple[int, str]], seat: int, logs: bool = False
) -> tuple[list[Point], State, list[Move]]:
    """Every decision of ``seat`` in the game, the final state, and the events after the last
    decision (each point carries the events of the stretch that ends at it, and with ``logs`` the
    seat's log then, for a judge that infers)."""
    state = game.new_game(seed)
    points: list[Point] = []
    first = 0
    last_view: dict[str, Any] | None = None
    since: list[tuple[int, str]] = []
    moves = [deal(state, seat)]
    for seat_i, text in actions:
        if seat_i == seat and text != "concede" and is_decision(state, seat):  # giving up is no move to judge
            view = state.view(seat)
            points.append(
                Point(
                    state.step,
                    view,
                    text,
                    first,
                    [t for m in moves for t in m.texts],
                    _quiet(game, seat, last_view, since, view),
                    moves,
                    state.log(seat) if logs else [],
                )
            )
            first, last_view, since, moves = state.step + 1, view, [], []
        since.append((seat_i, text))
        after = state.apply(seat_i, text)
        moves.append(follow(game, state, seat_i, text, after, seat))
        state = after
    return points, state, moves


def evaluate_point(judge: Judge, point: Point, analysis_seed: int, precision: Precision) -> Estimate:
    """One decision's estimate: a pure function of the view, the seed and the step (and the judge)."""
    seed = decision_rng(analysis_seed, point.step).getrandbits(63)
    view = {**point.view, "log": point.log} if judge.reads_log else point.view
    return judge.estimate(view, point.chosen, seed, precision)


_WORKERS: dict[str, Judge] = {}


def _evaluate_elsewhere(described: dict[str, Any], engine: str, yardstick: str, infer: str, point: Point,
                        analysis_seed: int, precision: Precision) -> Estimate:  # fmt: skip
    """``evaluate_point`` in a worker process: the game is rebuilt there from its description."""
    key = json.dumps([described, engine, yardstick, infer], sort_keys=True)
    if key not in _WORKERS:
        game = make(described["game"], preset=described["preset"], **described["options"])
        _WORKERS[key] = judge_for(game, engine, make_policy(game, "heuristic"), yardstick, infer)[0]
    return evaluate_point(_WORKERS[key], point, analysis_seed, precision)


def analyse_game(
    game: Game,
    seed: int,
    actions: Sequence[tuple[int, str]],
    seat: int,
    *,
    precision: Precision = DEFAULT_PRECISION,
    analysis_seed: int = 0,
    progress: Progress | None = None,
    prior_games: int | None = None,
    executor: Executor | None = None,
    engine: str = "auto",
    yardstick: str = "auto",
    outcome: Outcome | None = None,
    conceded: int | None = None,
    infer: str = "off",
    names: Sequence[str] | None = None,
) -> GameAnalysis:
    """Analyse ``seat``'s play in the finished game ``seed`` + ``actions`` (see the module doc).

    ``engine`` says where playouts run (``auto`` takes the game's compiled kernel when it has one)
    and ``yardstick`` what judges a decision (``judge.judge_for``: ``auto`` is the `hard` bot's search
    wherever the kernel is compiled); ``infer`` (an opponent model, ``off`` by default) has the search
    weigh its worlds by the others' observed choices. ``prior_games`` (the fresh games behind the starting chance)
    defaults to the judge's. With an ``executor`` (a process pool), decisions are evaluated there, in
    parallel; each decision depends only on its view, the seed and its step, so the result is the
    same either way.

    A game that ended by a concession (``conceded``: the seat that gave up) stops before its state is
    over: ``outcome`` is then the table's outcome, and the concession is the conceding seat's last
    decision (see ``concession.py``). ``names`` (the seats' names, else "Player 1"…) word what a
    player reads.
    """
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}; seats are 0 to {game.players - 1}")
    started = time.perf_counter()
    policy = make_policy(game, "heuristic")
    judge, rollouts = judge_for(game, engine, policy, yardstick, infer)
    if precision.search_playouts is None and precision.max_worlds is not None:
        # A caller that caps the worlds a decision caps the search too: about as many worlds an action.
        precision = replace(precision, search_playouts=max(64, CAP_PLAYOUTS * precision.max_worlds))
    precision = precision.resolved(rollouts)
    points, final, tail = decision_points(game, seed, actions, seat, logs=judge.reads_log)
    if final.is_over:
        outcome = final.outcome
    elif outcome is None:
        raise ValueError("this game is not finished; only finished games can be analysed")
    gave_up = conceded == seat and not final.is_over
    total = len(points)
    estimates: list[Estimate] = []
    if executor is None:
        for point in points:
            estimates.append(evaluate_point(judge, point, analysis_seed, precision))
            if progress is not None:
                progress(len(estimates), total)
    else:
        described = game.describe()
        futures = [
            executor.submit(_evaluate_elsewhere, described, engine, judge.name, infer, p, analysis_seed, precision)
            for p in points
        ]
        for done, _ in enumerate(as_completed(futures), 1):
            if progress is not None:
                progress(done, total)
        estimates = [f.result() for f in futures]
    start, start_se = judge.prior(seat, prior_games or judge.prior_games, analysis_seed)
    result = rewards(outcome, game.players)[seat]
    steps = final.step + 1 if gave_up else final.step  # the concession is the seat's last step
    on = "kernel" if judge.name == "search" else rollouts.name
    out = GameAnalysis(
        game.name,
        game.preset,
        dict(game.options),
        seat,
        game.players,
        steps,
        start,
        start_se,
        result,
        outcome.reason if outcome else "",
        precision,
        engine=on,
        yardstick=judge.describe(precision),
        names=list(names or []),
    )
    marks = [(point.step, point.chosen, point.quiet) for point in points]
    if gave_up:
        given = concession_estimate(
            game, policy, final, seat, decision_rng(analysis_seed, final.step), precision, rollouts
        )
        marks.append((final.step, CONCEDE, False))
        estimates.append(given)
    stretches = [point.moves for point in points] + ([tail] if gave_up else [])
    quiet = [q for _, _, q in marks]
    if not gave_up and not final.is_over and outcome is not None:  # another seat gave up: for this seat, luck
        tail = [*tail, Move(final.step, -1, [outcome.reason], final.view(seat), False)]
    # Worlds behind the value after an event: the game's own where the engine's default is too dear.
    worlds = tuning(game.name).event_worlds or rollouts.event_worlds
    worlds = min(worlds, precision.max_worlds or worlds)
    views = [point.view for point in points] + ([final.view(seat)] if gave_up else [])
    plain = [
        paired_hold(rollouts, view, chosen, decision_rng(analysis_seed, step).getrandbits(63) ^ 2, worlds)
        for view, (step, chosen, _) in zip(views, marks, strict=True)
    ]
    before, before_se, plain_before = start, start_se, start
    for (step, chosen, _), moves, was_quiet, est, (value, after, loss, se), (held, moved) in zip(
        marks, stretches, quiet, estimates, checkpoints(estimates, quiet), plain, strict=True
    ):
        shift = after - est.chosen_value.win
        for v in est.values:  # every action on the pooled footing; their differences are unchanged
            v.win = min(1.0, max(0.0, v.win + shift))
        ends = Ends(before, before_se, value, se, plain_before, held)
        out.luck += stretch(group_hidden(moves, seat), ends, was_quiet, rollouts, analysis_seed, worlds)
        verdict = label(est.loss, est.loss_interval[0]) if loss > 0 else "best"  # cut or not, the measured loss
        out.decisions.append(Decision(step, chosen, est, verdict, value, after, loss))
        out.playouts += est.playouts + 2 * worlds
        before, before_se, plain_before = after, se, moved
    if not gave_up:
        ends = Ends(before, before_se, result, 0.0, plain_before, None)
        out.luck += stretch(group_hidden(tail, seat), ends, False, rollouts, analysis_seed, worlds)
    out.seconds = time.perf_counter() - started
    return out


def checkpoints(estimates: Sequence[Estimate], quiet: Sequence[bool]) -> list[tuple[float, float, float, float]]:
    """Each decision's (value before, value after, counted loss, standard error), laid end to end.

    The counted loss is the measured loss where it earns a verdict (its interval excludes zero and it
    reaches 5 points), else 0. The value after is the chosen move's win chance; the value before is
    the value after plus the counted loss: the seat's own decision moves its chance by exactly its
    loss. Both stay within 0-100% (the loss is cut where the chosen move's value plus it would pass
    100%).

    Across a quiet stretch nothing unforeseen happens, so the value at the next decision *is* the
    value after the move at this one. Every decision of such a chain therefore estimates the chain's
    first value (its chosen move's value plus the counted losses so far); pooling them, weighted by
    their precision, is far steadier than any one, and makes quiet stretches change nothing.
    """
    counted = [e.loss if label(e.loss, e.loss_interval[0]) != "best" else 0.0 for e in estimates]
    out: list[tuple[float, float, float, float]] = []
    j = 0
    while j < len(estimates):
        end = j + 1
        while end < len(estimates) and quiet[end]:
            end += 1
        weights, guesses, lost = [], [], 0.0
        for k in range(j, end):
            lost += counted[k]
            weights.append(1.0 / max(estimates[k].chosen_se, 0.001) ** 2)  # a certain result all but decides
            guesses.append(estimates[k].chosen_value.win + lost)
        value = min(1.0, max(0.0, math.fsum(w * g for w, g in zip(weights, guesses, strict=True)) / sum(weights)))
        se = 1.0 / math.sqrt(sum(weights))
        for k in range(j, end):
            after = max(0.0, value - counted[k])
            out.append((value, after, value - after, se))
            value = after
        j = end
    return out


def _quiet(
    game: Game, seat: int, last_view: dict[str, Any] | None, since: list[tuple[int, str]], view: dict[str, Any]
) -> bool:
    """Whether the stretch held nothing the seat could not foresee: only its own steps, and the view
    they lead to is the same in imagined worlds as in the real one (no card was revealed)."""
    if last_view is None or any(s != seat for s, _ in since):
        return False
    for k in range(2):
        world = game.sample(last_view, random.Random(k))
        for s, text in since:
            world = world.apply(s, text)
        if world.view(seat) != view:
            return False
    return True
