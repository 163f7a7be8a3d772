"""Bot ratings by a Plackett-Luce fit of whole finishing orders, with a bootstrap over whole deals.

**Model.** Every bot has a strength ``gamma = exp(theta)``. A game's finishing order is read the
Plackett-Luce way: first place is chosen from every seat with probability proportional to strength,
second place from the rest, and so on; a bot holding several seats counts once per seat. Seats tied
on one place are each chosen from the same remaining set (Breslow's treatment of ties). One game is one
likelihood term, so a four-seat game is not counted as six independent pairwise results; with two
seats the model is Bradley-Terry.

**Fit.** Maximum a posteriori by Newton's method (the log-likelihood is concave). Each bot also
plays ``PRIOR_GAMES`` virtual games, half won and half lost, against a fixed reference of strength 1:
a weak prior that keeps a bot that won or lost everything finite. The reference, not the mean bot,
anchors the scale, so one hopeless bot's uncertainty does not spread to the others.

**Uncertainty.** Games on one deal are correlated (duplicate deals), and so are the places in one game,
so the 95% interval is a percentile bootstrap that resamples whole deals with replacement and refits.
A bot that never won (or never lost) has no finite estimate: the data only say it is weaker (stronger)
than the rest, so its row says so and its interval is one-sided.

Ratings are reported on the Elo scale (400/ln 10 per unit of theta), shifted so that the bots' point
estimates average 0. The fit does not depend on the order of the games, so every backend agrees, and
the bootstrap's random draws are seeded, so a run's table repeats exactly.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardroom.arena.match import GameRecord

ELO = 400.0 / math.log(10.0)
PRIOR_GAMES = 1.0  # virtual games per bot against the reference: half won, half lost
BOOTSTRAP = 200


@dataclass
class Tally:
    """The sufficient statistics of a set of games: choice events grouped by who was left to choose."""

    wins: list[float]  # per bot: places it was chosen for
    events: Counter[tuple[int, ...]] = field(default_factory=Counter)  # seats left per bot -> events

    def add(self, other: Tally, weight: int = 1) -> None:
        for b, w in enumerate(other.wins):
            self.wins[b] += weight * w
        for comp, n in other.events.items():
            self.events[comp] += weight * n


def game_tally(record: GameRecord, bots: int) -> Tally:
    tally = Tally([0.0] * bots)
    left = Counter(record.seats)
    for group in record.ranking:
        comp = tuple(left.get(b, 0) for b in range(bots))
        if sum(1 for c in comp if c) > 1:  # only one bot left to choose from: nothing is learned
            for seat in group:
                tally.wins[record.seats[seat]] += 1
                tally.events[comp] += 1
        for seat in group:
            left[record.seats[seat]] -= 1
    return tally


def fit(tally: Tally, iterations: int = 50, tolerance: float = 1e-9) -> list[float]:
    """Strengths theta (log gamma) maximising the likelihood times the prior, by Newton's method.

    The log-posterior is concave (a sum of log-sum-exp terms and the prior's logistic terms), so
    Newton's method from theta = 0 converges in a handful of steps; a step is halved while it does
    not improve the objective, which keeps it safe when a bot won (almost) nothing.
    """
    bots = len(tally.wins)
    theta = [0.0] * bots
    events = sorted(tally.events.items())  # a fixed order: the same sums, bit for bit, for any game order
    half = PRIOR_GAMES / 2

    def objective(t: Sequence[float]) -> float:
        value = sum((tally.wins[b] + half) * t[b] - PRIOR_GAMES * _softplus(t[b]) for b in range(bots))
        for comp, n in events:
            value -= n * math.log(sum(c * math.exp(x) for c, x in zip(comp, t)))
        return value

    current = objective(theta)
    for _ in range(iterations):
        grad = [tally.wins[b] + half - PRIOR_GAMES * _sigmoid(theta[b]) for b in range(bots)]
        info = [[0.0] * bots for _ in range(bots)]  # minus the Hessian
        for b in range(bots):
            sig = _sigmoid(theta[b])
            info[b][b] += PRIOR_GAMES * sig * (1.0 - sig)
        for comp, n in events:
            weights = [c * math.exp(x) for c, x in zip(comp, theta)]
            total = sum(weights)
            p = [w / total for w in weights]
            for a in range(bots):
                if not p[a]:
                    continue
                grad[a] -= n * p[a]
                info[a][a] += n * p[a]
                for b in range(bots):
                    info[a][b] -= n * p[a] * p[b]
        step = _solve(info, grad)
        scale = 1.0
        while True:
            trial = [t + scale * d for t, d in zip(theta, step)]
            value = objective(trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta, current = trial, value
        if max((abs(scale * d) for d in step), default=0.0) < tolerance:
            break
    return theta


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


def _softplus(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gauss-Jordan with partial pivoting; the prior keeps the matrix positive definite."""
    n = len(matrix)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [row[n] for row in a]


def ratings(
    records: Sequence[GameRecord], bots: int, seed: int = 0, replicates: int = BOOTSTRAP
) -> list[dict[str, object]]:
    """Per bot: ``elo``, ``se``, ``low95``, ``high95`` (Elo scale) and ``note`` (None or a caveat)."""
    by_deal: dict[int, Tally] = {}
    for record in records:
        by_deal.setdefault(record.deal, Tally([0.0] * bots)).add(game_tally(record, bots))
    whole = Tally([0.0] * bots)
    for deal in sorted(by_deal):
        whole.add(by_deal[deal])
    theta = fit(whole)
    centre = sum(theta) / bots if bots else 0.0
    clusters = [by_deal[deal] for deal in sorted(by_deal)]  # the records' order must not matter
    rng = random.Random(f"plackett-luce/{seed}")
    samples: list[list[float]] = [[] for _ in range(bots)]
    if clusters:
        for _ in range(replicates):
            draw = Tally([0.0] * bots)
            for index, times in Counter(rng.randrange(len(clusters)) for _ in clusters).items():
                draw.add(clusters[index], times)
            for b, t in enumerate(fit(draw)):
                samples[b].append(t)
    chosen = whole.wins
    possible = [sum(n for comp, n in whole.events.items() if comp[b]) for b in range(bots)]
    out: list[dict[str, object]] = []
    for b in range(bots):
        values = sorted(samples[b]) or [theta[b]]
        low, high = _percentile(values, 0.025), _percentile(values, 0.975)
        mean = sum(values) / len(values)
        se = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1))
        note, bounded_low, bounded_high = None, True, True
        if not possible[b]:
            note, bounded_low, bounded_high = "no games against another bot: not rated", False, False
        elif chosen[b] == 0:
            note, bounded_low = "never placed ahead of another bot: the rating is only an upper bound", False
        elif chosen[b] >= _most(whole, b):
            note, bounded_high = "always placed ahead of every other bot: the rating is only a lower bound", False
        out.append(
            {
                "elo": (theta[b] - centre) * ELO,
                "se": se * ELO,
                # None: no bound on that side (JSON has no infinity).
                "low95": (low - centre) * ELO if bounded_low else None,
                "high95": (high - centre) * ELO if bounded_high else None,
                "note": note,
            }
        )
    return out


def _most(tally: Tally, bot: int) -> float:
    """How many places ``bot`` could have been chosen for at most: every event it was in with others."""
    return sum(n for comp, n in tally.events.items() if comp[bot] and any(c for i, c in enumerate(comp) if i != bot))


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    if len(sorted_values) == 1:
        return sorted_values[0]
    position = q * (len(sorted_values) - 1)
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (position - low)
