"""Verdicts on a decision's loss, in points of win chance (0.05 = 5 points).

Thresholds follow Lichess's idea (a verdict by how much the move dropped the winning chances), set
for card games, where single decisions rarely swing a game by much. A verdict worse than ``best``
also needs the loss to be *measurable*: the lower end of its 95% interval must be above zero, so
noise alone never calls a move a mistake.
"""

from __future__ import annotations

from cardroom.locale import ENGLISH, say

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


def label_word(name: str, lang: str = ENGLISH) -> str:
    """A verdict as a person reads it in ``lang`` ("mistake" -> "Fehler"; the labels themselves are
    codes in the analysis's JSON)."""
    words = {
        "best": say(lang, "best"),
        "inaccuracy": say(lang, "inaccuracy"),
        "mistake": say(lang, "mistake"),
        "blunder": say(lang, "blunder"),
    }
    return words[name]
