"""The model's arithmetic in numpy: the softmax over seats, its fit by Newton's method, and the scores.

Positions are arrays ``x[r, p, f]`` (feature f of seat p at position r), ``live[r, p]`` (seat p still in)
and ``y[r, p]`` (seat p's final reward). The fit maximises the likelihood of the rewards under the
softmax of ``x . w`` over the living seats (rewards are shares: a drawn game gives each its share), with
a small ridge so that a feature that never varies between seats gets weight 0. Newton's method with
step halving converges in a few steps on a problem this size and involves no randomness, so the same
data give the same weights.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

EPS = 1e-6  # probabilities are clipped to [EPS, 1 - EPS] for the log loss


def shares(x: Floats, live: Bools, w: Floats) -> Floats:
    """Each living seat's softmax share of the scores ``x . w`` (0 for seats that are out)."""
    z = np.where(live, x @ w, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    e = np.where(live, np.exp(z), 0.0)
    out: Floats = e / e.sum(axis=1, keepdims=True)
    return out


def targets(y: Floats, live: Bools) -> Floats:
    """The rewards of the living seats as shares adding up to one (a game cut off shares among all)."""
    t = np.where(live, y, 0.0)
    total = t.sum(axis=1, keepdims=True)
    out: Floats = np.where(total > 0, t / np.where(total > 0, total, 1.0), 0.0)
    return out


def _loss(x: Floats, live: Bools, t: Floats, w: Floats, ridge: float) -> float:
    p = shares(x, live, w)
    return float(-(t * np.log(np.maximum(p, 1e-300))).sum() / len(x) + 0.5 * ridge * (w @ w))


def fit(x: Floats, y: Floats, live: Bools, ridge: float = 1e-4, iterations: int = 50) -> Floats:
    """The weights (one per feature, on the features as they are) that best predict ``y``."""
    rows, _, nf = x.shape
    flat_live = live.reshape(-1)
    spread = x.reshape(-1, nf)[flat_live].std(axis=0)
    scale = np.where(spread > 1e-12, spread, 1.0)
    xs = x / scale
    t = targets(y, live)
    w = np.zeros(nf)
    loss = _loss(xs, live, t, w, ridge)
    for _ in range(iterations):
        p = shares(xs, live, w)
        grad = np.einsum("rp,rpf->f", p - t, xs) / rows + ridge * w
        flat = xs.reshape(-1, nf)
        weighted = flat * p.reshape(-1, 1)
        mean = np.einsum("rp,rpf->rf", p, xs)
        hessian = (weighted.T @ flat - mean.T @ mean) / rows + ridge * np.eye(nf)
        step = np.linalg.solve(hessian, grad)
        size = 1.0
        while size > 1e-6:
            trial = _loss(xs, live, t, w - size * step, ridge)
            if trial <= loss:
                break
            size /= 2
        else:
            break
        w = w - size * step
        done = loss - trial < 1e-12
        loss = trial
        if done:
            break
    out: Floats = w / scale
    return out


@dataclass(frozen=True)
class Scores:
    """Log loss and Brier score over every living seat of every position, and the positions counted."""

    log_loss: float
    brier: float
    positions: int

    def as_dict(self) -> dict[str, float | int]:
        return {
            "log_loss": round(self.log_loss, 6),
            "brier": round(self.brier, 6),
            "positions": self.positions,
        }


def scores(p: Floats, y: Floats, live: Bools) -> Scores:
    """How well the chances ``p`` predict the rewards ``y`` (both per position and seat)."""
    q = np.clip(p[live], EPS, 1 - EPS)
    o = y[live]
    log_loss = float(-(o * np.log(q) + (1 - o) * np.log(1 - q)).mean())
    return Scores(log_loss, float(((q - o) ** 2).mean()), len(p))


def even_shares(live: Bools) -> Floats:
    """The base rate: an equal share for every living seat."""
    out: Floats = live / live.sum(axis=1, keepdims=True)
    return out


def calibration(p: Floats, y: Floats, live: Bools, bins: int = 10) -> list[tuple[float, float, float, int]]:
    """Per band of predicted chance (tenths): (low edge, mean prediction, mean reward, seats in it)."""
    q, o = p[live], y[live]
    band = np.minimum((q * bins).astype(np.int64), bins - 1)
    rows = []
    for b in range(bins):
        inside = band == b
        if inside.any():
            rows.append((b / bins, float(q[inside].mean()), float(o[inside].mean()), int(inside.sum())))
    return rows
