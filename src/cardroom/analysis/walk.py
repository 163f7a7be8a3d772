"""Walk a finished game from one seat's chair: each decision's loss and each stretch of luck.

The yardstick is one evaluator throughout: a position's value is the seat's win chance when the
reference player (the game's heuristic bot, which also plays out every imagined game) plays on for
everyone. It is estimated at checkpoints: before the deal (the prior), at each of the seat's decisions
(the reference's move there, and the move the seat took) and at the end (the result).

- **Luck** is the change between two checkpoints the seat did not control: from the value after its
  move to the value at its next decision (or the result). It covers what it was dealt and drew and
  what the others did with cards it could not see. Both ends are measured by the same yardstick, so
  luck has expectation zero under the model.
- **Loss** is the best action's value minus the chosen one's, at each decision (counted when the
  interval excludes zero).
- **Headroom** is the rest of a decision's change: how far the reference's own move fell short of the
  best move found there (loss minus the chosen move's shortfall against the reference). With a
  perfect reference it would be zero; it keeps the estimator's one-step improvement out of the luck.

So, exactly, term by term::

    start + sum(luck) - sum(losses) + headroom + drift = result

A stretch between two decisions where nothing happened that the seat could not foresee (it only
took forced or own steps and its view came out as predicted) has no luck in it: the value at its end
is the value after the move at its start. The decisions of such a chain share one pooled estimate
(see ``_pooled_values``), so a quiet stretch changes nothing and ``drift`` (their summed change) is
zero up to rounding; it stays in the sum as a check.

Each decision is evaluated from ``state.view(seat)`` alone (see ``evaluate``), with a generator
derived from the analysis seed and the step, so the analysis of a decision depends on nothing the
seat could not see, and the same seed gives the same analysis.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Any

from cardroom.analysis.concession import CONCEDE, concession_estimate
from cardroom.analysis.engines import Rollouts, rollouts_for
from cardroom.analysis.evaluate import DEFAULT_PRECISION, ActionValue, Estimate, Precision, evaluate
from cardroom.analysis.labels import label
from cardroom.bots.policy import Policy, make_policy
from cardroom.bots.search import rewards
from cardroom.core.game import Game, State
from cardroom.core.outcome import Outcome
from cardroom.core.registry import make

Progress = Callable[[int, int], None]


@dataclass(slots=True)
class Decision:
    step: int
    chosen: str
    estimate: Estimate
    label: str
    win_before: float  # the position's value: the reference's move's win chance
    win_after: float  # the chosen action's win chance

    @property
    def loss(self) -> float:
        """The loss if it earned a verdict (its interval excludes zero and it reaches the first
        threshold, 5 points), else 0: a smaller loss is below the stated precision, and summing
        noise-sized losses over a game would add up the upward bias of taking the best of noisy
        estimates."""
        return self.estimate.loss if self.label != "best" else 0.0

    @property
    def best(self) -> str:
        return self.estimate.best.action

    @property
    def best_win(self) -> float:
        return self.win_after + self.loss

    @property
    def headroom(self) -> float:
        """The loss minus the chosen move's shortfall against the reference: see the module doc."""
        return self.loss - (self.win_before - self.win_after)

    def to_json(self) -> dict[str, Any]:
        low, high = self.estimate.loss_interval
        return {
            "step": self.step, "chosen": self.chosen, "best": self.best, "label": self.label,
            "loss": self.loss, "loss_low": low, "loss_high": high,
            "win_before": self.win_before, "win_after": self.win_after, "best_win": self.best_win,
            "reference": self.estimate.reference, "headroom": self.headroom,
            "worlds": self.estimate.worlds, "playouts": self.estimate.playouts,
            "actions": [v.to_json() for v in self.estimate.values],
        }  # fmt: skip


@dataclass(slots=True)
class Luck:
    """The change in the seat's win chance over one stretch it did not control."""

    first_step: int
    last_step: int
    events: list[str]
    before: float
    after: float
    noise: float  # standard error of the change
    quiet: bool  # nothing unforeseeable happened: the change is estimation noise (drift)

    @property
    def change(self) -> float:
        return self.after - self.before

    def to_json(self) -> dict[str, Any]:
        return {"first_step": self.first_step, "last_step": self.last_step, "events": self.events,
                "before": self.before, "after": self.after, "change": self.change, "noise": self.noise,
                "kind": "drift" if self.quiet else "luck"}


@dataclass(slots=True)
class GameAnalysis:
    game: str
    preset: str
    options: dict[str, Any]
    seat: int
    players: int
    steps: int
    start: float
    start_se: float
    result: float
    reason: str
    precision: Precision
    decisions: list[Decision] = field(default_factory=list)
    luck: list[Luck] = field(default_factory=list)
    seconds: float = 0.0
    playouts: int = 0
    engine: str = "reference"  # where the playouts ran: "kernel" or "reference"

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def total_luck(self) -> float:
        return sum(x.change for x in self.luck if not x.quiet)

    @property
    def headroom(self) -> float:
        return sum(d.headroom for d in self.decisions)

    @property
    def drift(self) -> float:
        return sum(x.change for x in self.luck if x.quiet)

    @property
    def loss_noise(self) -> float:
        """Half-width of a 95% interval on the summed losses (independent decisions)."""
        z = self.precision.z
        return z * math.sqrt(sum(((d.estimate.loss_interval[1] - d.estimate.loss_interval[0]) / (2 * z)) ** 2
                                 for d in self.decisions))

    @property
    def luck_noise(self) -> float:
        """Half-width of a 95% interval on the summed luck. Each win-chance estimate between two
        stretches enters one stretch with a plus and the next with a minus, so in the sum only the
        start's and the losses' noise remain (the drift shows what the rest adds in practice)."""
        return math.hypot(self.precision.z * self.start_se, self.loss_noise)

    def costliest(self, n: int = 3) -> list[Decision]:
        ranked = sorted((d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.step))
        return ranked[:n]

    def timeline(self) -> list[tuple[int, float]]:
        """(step, the seat's win chance) from the prior to the result, for the graph."""
        points = [(0, self.start)]
        for d in self.decisions:
            points += [(d.step, d.win_before), (d.step + 1, d.win_after)]
        return [*points, (self.steps, self.result)]

    def summary(self) -> str:
        play = round(100 * self.total_loss)
        luck = round(100 * self.total_luck)
        cards = f"the cards cost you {-luck}%" if luck < 0 else f"the cards gave you {luck}%"
        return f"your play cost {play}% of a win; {cards}"

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "cardroom-analysis/1",
            "game": self.game, "preset": self.preset, "options": self.options,
            "seat": self.seat, "players": self.players, "steps": self.steps,
            "measure": "share of the win (1 for a win, 1/k for a k-way shared win, 0 for a loss)",
            "start": self.start, "start_se": self.start_se, "result": self.result, "reason": self.reason,
            "total_loss": self.total_loss, "total_luck": self.total_luck, "headroom": self.headroom,
            "drift": self.drift,
            "loss_noise": self.loss_noise, "luck_noise": self.luck_noise, "summary": self.summary(),
            "precision": {"half_width": self.precision.half_width, "z": self.precision.z,
                          "min_worlds": self.precision.min_worlds, "max_worlds": self.precision.max_worlds},
            "seconds": self.seconds, "playouts": self.playouts, "engine": self.engine,
            "decisions": [d.to_json() for d in self.decisions],
            "luck": [x.to_json() for x in self.luck],
            "timeline": [list(p) for p in self.timeline()],
        }  # fmt: skip


def from_json(data: dict[str, Any]) -> GameAnalysis:
    """A :class:`GameAnalysis` back from ``to_json`` data (an analysis made elsewhere, e.g. a server)."""
    p = data["precision"]
    out = GameAnalysis(
        data["game"], data["preset"], dict(data["options"]), data["seat"], data["players"], data["steps"],
        data["start"], data["start_se"], data["result"], data["reason"],
        Precision(half_width=p["half_width"], z=p["z"], min_worlds=p.get("min_worlds"), max_worlds=p["max_worlds"]),
        seconds=data.get("seconds", 0.0), playouts=data.get("playouts", 0), engine=data.get("engine", "reference"),
    )
    for d in data["decisions"]:
        values = [ActionValue(v["action"], v["win"], v["advantage"], v["half_width"], v["worlds"], v.get("dropped", False))
                  for v in d["actions"]]
        est = Estimate(d["chosen"], values, d["worlds"], d["playouts"], reference=d.get("reference", d["chosen"]))
        out.decisions.append(Decision(d["step"], d["chosen"], est, d["label"], d["win_before"], d["win_after"]))
    for x in data["luck"]:
        out.luck.append(Luck(x["first_step"], x["last_step"], list(x["events"]), x["before"], x["after"], x["noise"],
                             x["kind"] == "drift"))
    return out


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


def decision_points(
    game: Game, seed: int, actions: Sequence[tuple[int, str]], seat: int
) -> tuple[list[Point], State, int]:
    """Every decision of ``seat`` in the game, the final state, and how many log entries the seat
    had seen at its last decision (the last stretch's events follow them)."""
    state = game.new_game(seed)
    points: list[Point] = []
    first, log_seen = 0, 0
    last_view: dict[str, Any] | None = None
    since: list[tuple[int, str]] = []
    for seat_i, text in actions:
        if seat_i == seat and text != "concede" and is_decision(state, seat):  # giving up is no move to judge
            view = state.view(seat)
            log = state.log(seat)
            points.append(Point(state.step, view, text, first, [e["text"] for e in log[log_seen:]],
                                _quiet(game, seat, last_view, since, view)))
            first, last_view, since, log_seen = state.step + 1, view, [], len(log)
        since.append((seat_i, text))
        state = state.apply(seat_i, text)
    return points, state, log_seen


def evaluate_point(game: Game, policy: Policy, point: Point, analysis_seed: int, precision: Precision,
                   engine: Rollouts | None = None) -> Estimate:  # fmt: skip
    """One decision's estimate: a pure function of the view, the seed and the step (and the engine)."""
    rng = decision_rng(analysis_seed, point.step)
    reference = policy.move_from_view(point.view, random.Random(rng.getrandbits(63)))
    return evaluate(game, point.view, point.chosen, policy, rng, precision, reference, engine)


_WORKERS: dict[str, tuple[Game, Policy, Rollouts]] = {}


def _evaluate_elsewhere(described: dict[str, Any], engine: str, point: Point, analysis_seed: int,
                        precision: Precision) -> Estimate:  # fmt: skip
    """``evaluate_point`` in a worker process: the game is rebuilt there from its description."""
    key = json.dumps([described, engine], sort_keys=True)
    if key not in _WORKERS:
        game = make(described["game"], preset=described["preset"], **described["options"])
        policy = make_policy(game, "heuristic")
        _WORKERS[key] = (game, policy, rollouts_for(game, engine, policy))
    game, policy, rollouts = _WORKERS[key]
    return evaluate_point(game, policy, point, analysis_seed, precision, rollouts)


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
    outcome: Outcome | None = None,
    conceded: int | None = None,
) -> GameAnalysis:
    """Analyse ``seat``'s play in the finished game ``seed`` + ``actions`` (see the module doc).

    ``engine`` says where playouts run (``engines.rollouts_for``: ``auto`` takes the game's compiled
    kernel when it has one). ``prior_games`` (the fresh games behind the starting chance) and an
    unset ``precision.max_worlds`` default to the engine's. With an ``executor`` (a process pool),
    decisions are evaluated there, in parallel; each decision depends only on its view, the seed and
    its step, so the result is the same either way.

    A game that ended by a concession (``conceded``: the seat that gave up) stops before its state is
    over: ``outcome`` is then the table's outcome, and the concession is the conceding seat's last
    decision (see ``concession.py``).
    """
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}; seats are 0 to {game.players - 1}")
    started = time.perf_counter()
    policy = make_policy(game, "heuristic")
    rollouts = rollouts_for(game, engine, policy)
    precision = precision.resolved(rollouts)
    points, final, log_seen = decision_points(game, seed, actions, seat)
    if final.is_over:
        outcome = final.outcome
    elif outcome is None:
        raise ValueError("this game is not finished; only finished games can be analysed")
    gave_up = conceded == seat and not final.is_over
    total = len(points)
    estimates: list[Estimate] = []
    if executor is None:
        for point in points:
            estimates.append(evaluate_point(game, policy, point, analysis_seed, precision, rollouts))
            if progress is not None:
                progress(len(estimates), total)
    else:
        described = game.describe()
        futures = [executor.submit(_evaluate_elsewhere, described, rollouts.name, p, analysis_seed, precision)
                   for p in points]
        for done, _ in enumerate(as_completed(futures), 1):
            if progress is not None:
                progress(done, total)
        estimates = [f.result() for f in futures]
    start, start_se = rollouts.prior(seat, prior_games or rollouts.prior_games, analysis_seed)
    result = rewards(outcome, game.players)[seat]
    steps = final.step + 1 if gave_up else final.step  # the concession is the seat's last step
    out = GameAnalysis(game.name, game.preset, dict(game.options), seat, game.players, steps, start, start_se,
                       result, outcome.reason if outcome else "", precision, engine=rollouts.name)
    values, ses = _pooled_values(points, estimates)
    before, before_se = start, start_se
    for point, est, value, se in zip(points, estimates, values, ses, strict=True):
        shift = value - est.reference_value.win
        for v in est.values:  # every action on the pooled footing; their differences are unchanged
            v.win += shift
        chosen = est.chosen_value.win
        low, _high = est.loss_interval
        out.luck.append(Luck(point.first, point.step, point.events, before, value, math.hypot(before_se, se),
                             point.quiet))
        out.decisions.append(Decision(point.step, point.chosen, est, label(est.loss, low), value, chosen))
        out.playouts += est.playouts
        before, before_se = chosen, se
    first = points[-1].step + 1 if points else 0
    events = [e["text"] for e in final.log(seat)[log_seen:]]
    if gave_up:
        tail = concession_estimate(game, policy, final, seat, decision_rng(analysis_seed, final.step), precision,
                                   rollouts)
        value = tail.reference_value.win
        se = tail.reference_value.half_width / precision.z
        out.luck.append(Luck(first, final.step, events, before, value, math.hypot(before_se, se), False))
        out.decisions.append(Decision(final.step, CONCEDE, tail, label(tail.loss, tail.loss_interval[0]), value, 0.0))
        out.playouts += tail.playouts
    else:
        if not final.is_over and outcome is not None:
            events.append(outcome.reason)  # another seat gave up: for this seat, luck
        out.luck.append(Luck(first, final.step, events, before, result, before_se, False))
    out.seconds = time.perf_counter() - started
    return out


def _pooled_values(points: list[Point], estimates: list[Estimate]) -> tuple[list[float], list[float]]:
    """The position's value at each decision, pooled over each chain of quiet stretches; and its
    standard error.

    Across a quiet stretch nothing unforeseen happens, so the value at the next decision *is* the
    value after the chosen move at this one: V[j+1] = V[j] + d[j], where d[j] (chosen minus the
    reference's move) is a precise paired difference. Every decision of a chain therefore estimates
    the chain's first value, each from its own worlds; pooling them (weighted by their precision)
    is far steadier than any one, and makes quiet stretches change nothing, as they should.
    """
    values: list[float] = []
    ses: list[float] = []
    j = 0
    while j < len(points):
        end = j + 1
        while end < len(points) and points[end].quiet:
            end += 1
        offsets, offset = [], 0.0
        for k in range(j, end):
            offsets.append(offset)
            est = estimates[k]
            offset += est.chosen_value.win - est.reference_value.win
        weights = [1.0 / max(estimates[k].chosen_se, 0.01) ** 2 for k in range(j, end)]
        first = sum(w * (estimates[k].reference_value.win - o)
                    for w, k, o in zip(weights, range(j, end), offsets, strict=True)) / sum(weights)
        se = 1.0 / math.sqrt(sum(weights))
        values += [first + o for o in offsets]
        ses += [se] * (end - j)
        j = end
    return values, ses


def _quiet(game: Game, seat: int, last_view: dict[str, Any] | None, since: list[tuple[int, str]],
           view: dict[str, Any]) -> bool:
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
