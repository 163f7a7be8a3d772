"""A Bradley-Terry fit of bot strength, with standard errors, from pairwise results.

Each game is read as pairwise results between seats held by different bots: the better-placed seat
beats the other (a tie is half a win each). The strengths maximise the likelihood of those results
under P(i beats j) = 1 / (1 + exp(theta_j - theta_i)), with a weak normal prior (sd 10) so that a bot
that won every game still gets a finite rating. Newton's method converges in a few steps for a
handful of bots; the standard errors come from the curvature at the optimum. Unlike a sequential
rating (Elo, OpenSkill), the fit does not depend on the order of the games, so every backend agrees.

Pairs drawn from one multi-player game are not independent, so with more than two seats the errors
are somewhat too small; the duplicate deals make them somewhat too large. Ratings are reported on the
Elo scale (400/ln 10 per unit of theta), centred on the mean bot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

ELO = 400.0 / math.log(10.0)
PRIOR_SD = 10.0


def fit(bots: int, wins: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    """Strengths (theta) and their standard errors; ``wins[i][j]`` = wins of i over j (fractional)."""
    theta = [0.0] * bots
    for _ in range(100):
        grad = [-t / PRIOR_SD**2 for t in theta]
        hess = [[(1.0 / PRIOR_SD**2 if i == j else 0.0) for j in range(bots)] for i in range(bots)]  # -H
        for i in range(bots):
            for j in range(bots):
                n = wins[i][j] + wins[j][i]
                if i == j or n == 0:
                    continue
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                grad[i] += wins[i][j] - n * p
                w = n * p * (1.0 - p)
                hess[i][i] += w
                hess[i][j] -= w
        step = _solve(hess, grad)
        theta = [t + s for t, s in zip(theta, step)]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    covariance = _inverse(_information(theta, wins))
    # Only differences between bots are measured, so report the error of each bot's distance from the
    # mean bot (Var(theta_i - mean theta)), not of theta_i, whose common shift only the prior pins down.
    errors = []
    for i in range(bots):
        c = [(1.0 if k == i else 0.0) - 1.0 / bots for k in range(bots)]
        var = sum(c[a] * covariance[a][b] * c[b] for a in range(bots) for b in range(bots))
        errors.append(math.sqrt(max(var, 0.0)))
    return theta, errors


def _information(theta: Sequence[float], wins: Sequence[Sequence[float]]) -> list[list[float]]:
    bots = len(theta)
    info = [[(1.0 / PRIOR_SD**2 if i == j else 0.0) for j in range(bots)] for i in range(bots)]
    for i in range(bots):
        for j in range(bots):
            n = wins[i][j] + wins[j][i]
            if i != j and n:
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                info[i][i] += n * p * (1.0 - p)
                info[i][j] -= n * p * (1.0 - p)
    return info


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverse = _inverse(matrix)
    return [sum(row[k] * vector[k] for k in range(len(vector))) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan with partial pivoting; the prior keeps the matrix positive definite."""
    n = len(matrix)
    a = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]


def elo_ratings(bots: int, wins: Sequence[Sequence[float]]) -> list[tuple[float, float]]:
    """(rating, standard error) per bot on the Elo scale, centred on the mean bot (errors likewise)."""
    theta, errors = fit(bots, wins)
    mean = sum(theta) / bots if bots else 0.0
    return [((t - mean) * ELO, e * ELO) for t, e in zip(theta, errors)]
