"""Win chances of every legal action at one decision, from one seat's view only.

Each imagined world is ``game.sample(view)``: a full state consistent with what the seat knew, the
hidden cards dealt at random. In a world, an action is scored by applying it and letting the game's
heuristic bot play every seat (the analysed one included) to the end; the score is the seat's share
of the win. The true hidden cards are never read: the only input is the view.

Common random numbers: every action is tried in the *same* worlds with the *same* playout generator,
so two actions' scores in one world differ only through the actions themselves. Comparing them world
by world (paired differences against the chosen action) cancels the luck of the imagined cards, which
dominates a card game's playout. Sampling is adaptive: worlds are added in batches until the 95%
interval on the chosen action's loss is at most twice the stated half-width wide (5 points: the loss
is known to +-5 points), and actions that are clearly worse than the best are dropped early (their
estimate stays, with its count of worlds).
"""

from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass, replace
from typing import Any

from cardroom.analysis.engines import MAX_STEPS, ReferenceRollouts, Rollouts, playout, score, world_scores
from cardroom.bots.policy import Policy, make_policy
from cardroom.core.game import Game

__all__ = [
    "MAX_STEPS",
    "ActionValue",
    "Estimate",
    "Precision",
    "evaluate",
    "heuristic_actions",
    "playout",
    "score",
    "value_of",
]


@dataclass(frozen=True, slots=True)
class Precision:
    """How hard to look. ``half_width`` is the target half-width of the 95% interval on a decision's
    loss (0.05 = 5 points of win chance); ``spread`` is a prior variance added to the paired
    differences, so a handful of identical results never looks certain. ``min_worlds``, ``max_worlds``
    (the cap that bounds the time) and ``batch`` default to the engine's: a compiled kernel affords
    twenty times the worlds of the reference engine, and spends them on steadier win chances (the
    graph, the luck) beyond the loss's precision."""

    half_width: float = 0.05
    z: float = 1.96
    min_worlds: int | None = None
    max_worlds: int | None = None
    batch: int | None = None
    spread: float = 0.25
    # Dropping an action is only a saving, never a verdict: a looser test (1 standard error) drops
    # the many hopeless actions of a Kittens turn after the first batch of worlds.
    prune_z: float = 1.0
    # The search yardstick (search_judge.py): playouts of the selecting search (None: the game's
    # default, at least the `hard` bot's), and how many fresh measuring searches, least and most.
    search_playouts: int | None = None
    min_runs: int = 4
    max_runs: int = 32

    def resolved(self, engine: Rollouts) -> Precision:
        """These settings with the engine's defaults filled in."""
        cap = self.max_worlds if self.max_worlds is not None else engine.max_worlds
        least = self.min_worlds if self.min_worlds is not None else min(engine.min_worlds, cap)
        return replace(self, min_worlds=least, max_worlds=cap, batch=self.batch or engine.batch)


DEFAULT_PRECISION = Precision()


@dataclass(slots=True)
class ActionValue:
    """One action's estimated win chance and its advantage over the chosen action (paired)."""

    action: str
    win: float
    advantage: float
    half_width: float
    worlds: int
    dropped: bool = False  # left out early as clearly worse than the best: out of the loss interval

    def to_json(self) -> dict[str, Any]:
        return asdict(self)  # its fields as they stand


@dataclass(slots=True)
class Estimate:
    """Every legal action's value at one decision, measured against ``chosen``."""

    chosen: str
    values: list[ActionValue]
    worlds: int
    playouts: int
    # The chosen action's own standard error (unpaired): the noise of the win chance itself.
    chosen_se: float = 0.0
    # The reference player's action here (the heuristic that plays out every imagined game): the
    # position's value is measured as its value, so that luck is measured by one yardstick.
    reference: str = ""
    # A judged decision (judge.py, search_judge.py): the yardstick's move, and the loss measured
    # against it on fresh worlds, (mean, 95% half-width), independent of the estimate that chose it.
    selected: str = ""
    measured: tuple[float, float] | None = None

    @property
    def reference_value(self) -> ActionValue:
        return next(v for v in self.values if v.action == (self.reference or self.chosen))

    @property
    def best(self) -> ActionValue:
        if self.selected:
            return next(v for v in self.values if v.action == self.selected)
        return max((v for v in self.values if not v.dropped), key=lambda v: (v.advantage, v.action == self.chosen))

    @property
    def chosen_value(self) -> ActionValue:
        return next(v for v in self.values if v.action == self.chosen)

    @property
    def loss(self) -> float:
        if self.measured is not None:
            return max(0.0, self.measured[0])
        return max(0.0, self.best.advantage)

    @property
    def loss_interval(self) -> tuple[float, float]:
        """95% interval on the loss. Judged: the fresh measurement's. Otherwise: from the best action's
        lower bound to the highest upper bound of any action's advantage."""
        if self.measured is not None:
            mean, half = self.measured
            return max(0.0, mean - half), max(0.0, mean + half)
        best = self.best
        low = max(0.0, best.advantage - best.half_width) if best.action != self.chosen else 0.0
        high = max(
            0.0, 0.0, *(v.advantage + v.half_width for v in self.values if v.action != self.chosen and not v.dropped)
        )
        return low, max(high, self.loss)


def heuristic_actions(game: Game, seed: int) -> list[tuple[int, str]]:
    """The (seat, action) record of a game the reference policy plays against itself from ``seed``:
    the seeded games the benchmark and the tests analyse."""
    policy = make_policy(game, "heuristic")
    rng = random.Random(seed)
    state, actions = game.new_game(seed), []
    while not state.is_over:
        seat = state.to_act[0]
        text = policy.move(state, seat, rng)
        actions.append((seat, text))
        state = state.apply(seat, text)
    return actions


class _Paired:
    """Running sums of one action's paired differences against the chosen action."""

    __slots__ = ("n", "sum", "sumsq", "wins")

    def __init__(self) -> None:
        self.n = 0
        self.sum = 0.0
        self.sumsq = 0.0
        self.wins = 0.0

    def add(self, reward: float, diff: float) -> None:
        self.n += 1
        self.wins += reward
        self.sum += diff
        self.sumsq += diff * diff

    def mean(self) -> float:
        return self.sum / self.n if self.n else 0.0

    def half_width(self, p: Precision) -> float:
        if not self.n:
            return 1.0
        mean = self.mean()
        var = (max(0.0, self.sumsq - self.n * mean * mean) + p.spread) / self.n
        return p.z * math.sqrt(var / self.n)


def evaluate(
    game: Game,
    view: dict[str, Any],
    chosen: str,
    policy: Policy,
    rng: random.Random,
    precision: Precision = DEFAULT_PRECISION,
    reference: str | None = None,
    engine: Rollouts | None = None,
) -> Estimate:
    """Every legal action of ``view``'s seat scored in the same sampled worlds; see the module doc.

    ``engine`` runs the playouts (``engines.rollouts_for``; default: the reference engine with
    ``policy``). ``reference`` (an action) is never dropped early, like ``chosen``: its value is
    needed whole."""
    engine = engine or ReferenceRollouts(game, policy)
    legal: list[str] = list(view["legal_actions"])
    if chosen not in legal:
        raise ValueError(f"{chosen!r} is not a legal action here; legal: {', '.join(legal)}")
    stats = {a: _Paired() for a in legal}
    if reference is not None and reference not in legal:
        raise ValueError(f"reference {reference!r} is not a legal action here")
    keep = {chosen, reference or chosen}
    active = [chosen] + [a for a in legal if a != chosen]
    seed = rng.getrandbits(63)  # world i of this decision is a function of (view, seed, i)
    precision = precision.resolved(engine)
    assert precision.max_worlds is not None and precision.min_worlds is not None and precision.batch is not None
    cap, step = precision.max_worlds, precision.batch
    worlds = playouts = 0
    chosen_sumsq = 0.0
    while worlds < cap:
        n = min(step, cap - worlds)
        for row in engine.rows(view, active, seed, worlds, n):
            base = row[0]  # the chosen action is always first
            chosen_sumsq += base * base
            for text, reward in zip(active, row, strict=True):
                stats[text].add(reward, reward - base)
        worlds += n
        playouts += n * len(active)
        active = _still_open(chosen, active, stats, precision, keep)
        if worlds < precision.min_worlds:
            step = min(max(step, worlds), precision.min_worlds - worlds)
            continue
        low, high = _loss_bounds(chosen, active, stats, precision)
        width = high - low
        if width <= 2 * precision.half_width:
            break
        step = _next_batch(worlds, width, precision.half_width, precision.batch, engine.growth)
    chosen_mean = stats[chosen].wins / worlds
    chosen_se = math.sqrt(max(0.0, chosen_sumsq / worlds - chosen_mean**2) / worlds)
    values = []
    for text in legal:
        s = stats[text]
        hw = 0.0 if text == chosen else s.half_width(precision)
        # The chosen action's mean over every world plus the paired advantage: a control variate,
        # far steadier than the action's own mean over its (possibly fewer) worlds.
        values.append(ActionValue(text, chosen_mean + s.mean(), s.mean(), hw, s.n, text not in active))
    values.sort(key=lambda v: (-v.win, v.action))
    return Estimate(chosen, values, worlds, playouts, chosen_se, reference or chosen)


def _next_batch(worlds: int, width: float, half_width: float, batch: int, growth: float) -> int:
    """How many worlds to add next: the interval narrows as one over the root of the worlds, so aim
    at the count that would bring it to the target, at least a batch and at most ``growth`` times the
    worlds so far (the estimate of the spread is itself noisy, and actions are dropped only between
    batches)."""
    wanted = math.ceil(worlds * ((width / (2 * half_width)) ** 2 - 1))
    return max(batch, min(wanted, int(worlds * growth)))


def _still_open(chosen: str, active: list[str], stats: dict[str, _Paired], p: Precision, keep: set[str]) -> list[str]:
    """Drop the actions whose upper bound is below the best one's lower bound (never the chosen),
    both at ``prune_z`` standard errors."""
    scale = p.prune_z / p.z
    others = [a for a in active if a != chosen]
    bar = max(0.0, *(stats[a].mean() - scale * stats[a].half_width(p) for a in others)) if others else 0.0
    return [a for a in active if a in keep or stats[a].mean() + scale * stats[a].half_width(p) >= bar]


def _loss_bounds(chosen: str, actions: list[str], stats: dict[str, _Paired], p: Precision) -> tuple[float, float]:
    """The 95% interval on the chosen action's loss, as ``Estimate.loss_interval`` will report it."""
    others = [a for a in actions if a != chosen]
    if not others:
        return 0.0, 0.0
    best = max(others, key=lambda a: stats[a].mean())
    low = max(0.0, stats[best].mean() - stats[best].half_width(p))
    high = max(0.0, *(stats[a].mean() + stats[a].half_width(p) for a in others))
    return low, high


def remeasure(
    engine: Rollouts, view: dict[str, Any], chosen: str, selected: str, seed: int, precision: Precision
) -> tuple[float, float, int, float]:
    """``selected``'s advantage over ``chosen`` measured again in fresh worlds (stream ``seed``, not the
    one that selected it): (mean, 95% half-width, worlds, the chosen action's mean). Worlds are added
    in batches until the interval is at most ``2 * half_width`` wide or the cap is reached."""
    p = precision.resolved(engine)
    assert p.max_worlds is not None and p.min_worlds is not None and p.batch is not None
    stats = _Paired()
    chosen_wins = 0.0
    worlds, step = 0, min(p.max_worlds, max(p.batch, p.min_worlds // 4))
    while worlds < p.max_worlds:
        n = min(step, p.max_worlds - worlds)
        for row in engine.rows(view, [chosen, selected], seed, worlds, n):
            stats.add(row[1], row[1] - row[0])
            chosen_wins += row[0]
        worlds += n
        half = stats.half_width(p)
        if half <= p.half_width:
            break
        step = _next_batch(worlds, 2 * half, p.half_width, p.batch, max(engine.growth, 0.5))
    return stats.mean(), stats.half_width(p), worlds, chosen_wins / worlds


def value_of(
    game: Game,
    view: dict[str, Any],
    policy: Policy,
    rng: random.Random,
    worlds: int,
) -> tuple[float, float]:
    """The seat's win chance in ``view`` when everyone plays on by the policy: (mean, standard error).

    Works where the seat is not to act too (the start of a game, between its decisions).
    """
    total = sumsq = 0.0
    for _ in range(worlds):
        r = world_scores(game, view, rng.getrandbits(63), policy)[0]
        total += r
        sumsq += r * r
    mean = total / worlds
    return mean, math.sqrt(max(0.0, sumsq / worlds - mean * mean) / worlds)
