"""Verdicts on a decision's loss, in points of win chance (0.05 = 5 points).

Thresholds follow Lichess's idea (a verdict by how much the move dropped the winning chances), set
for card games, where single decisions rarely swing a game by much. A verdict worse than ``best``
also needs the loss to be *measurable*: the lower end of its 95% interval must be above zero, so
noise alone never calls a move a mistake.
"""

from __future__ import annotations

# (threshold on the loss, label), worst first.
THRESHOLDS: tuple[tuple[float, str], ...] = (
    (0.20, "blunder"),
    (0.10, "mistake"),
    (0.05, "inaccuracy"),
)
LABELS = ("best", "inaccuracy", "mistake", "blunder")


def label(loss: float, low: float) -> str:
    """``best`` unless the loss reaches a threshold and its interval excludes zero."""
    if low <= 0.0:
        return "best"
    for threshold, name in THRESHOLDS:
        if loss >= threshold:
            return name
    return "best"
