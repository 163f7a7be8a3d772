"""The headline a player reads: how well they played, how the cards ran, on scales that cannot overflow.

The decomposition (``report.py``) is exact but its terms are sums: a seat's losses, each measured
against the `hard` bot's move with the same play on, can add up past a whole win (docs/analysis.md),
and the luck then carries the excess back. So the headline reads two bounded measures instead:

- **Accuracy** (0-100%), per decision, as Lichess scores a move from the drop in winning chances:
  ``103.1668 * exp(-0.04354 * loss) - 3.1669`` with the decision's counted loss in points (0 where
  the seat played as well as the yardstick within measurement: 100%; 5 points: 80%; 10: 65%; 20:
  39%), and the game's accuracy is the mean over the seat's decisions.
- **How the cards ran** (0-100%): of the swings of the seat's win chance that it did not control (its
  draws, the others' moves; valued on the plain footing, with the heuristic playing on at both ends of
  each, so no decision's yardstick value is carried into luck), the share, by size, that went its way.
  50% is an even run; the words say "against you" under 45% and "your way" over 55%.

The exact identity stays beside them, rounded so that the printed terms add up as printed.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from cardroom.analysis.words import did, instead
from cardroom.locale import ENGLISH, say, say_n

if TYPE_CHECKING:
    from cardroom.analysis.report import Decision, GameAnalysis

EVEN = (0.45, 0.55)  # a share of the swings inside this is an even run of the cards


def accuracy(loss: float) -> float:
    """One decision's accuracy in percent from its counted loss (0.05 = 5 points), within 0-100."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * 100 * max(0.0, loss)) - 3.1669))


def play_accuracy(a: GameAnalysis) -> float | None:
    """The mean accuracy over the seat's decisions (``None`` without a decision)."""
    if not a.decisions:
        return None
    return math.fsum(accuracy(d.loss) for d in a.decisions) / len(a.decisions)


def cards_share(a: GameAnalysis) -> float | None:
    """The share (0-1), by size, of the swings the seat did not control that went its way (``None``
    where nothing moved)."""
    up = math.fsum(max(0.0, x.plain_change) for x in a.luck)
    down = math.fsum(max(0.0, -x.plain_change) for x in a.luck)
    return None if up + down < 1e-9 else up / (up + down)


def cards_word(share: float | None, lang: str = ENGLISH) -> str:
    if share is None:
        return say(lang, "nothing you did not control moved your chances")
    if share < EVEN[0]:
        return say(lang, "the cards and the others' moves ran against you")
    if share > EVEN[1]:
        return say(lang, "the cards and the others' moves ran your way")
    return say(lang, "the cards and the others' moves ran evenly")


def rounded_identity(a: GameAnalysis) -> dict[str, int]:
    """start + luck - play = result in whole points that add up as printed: start, play and result
    rounded, the luck the difference (within a point and a half of its own rounding)."""
    start, play, result = round(100 * a.start), round(100 * a.total_loss), round(100 * a.result)
    return {"start": start, "luck": result - start + play, "play": play, "result": result}


def headline_json(a: GameAnalysis, lang: str = ENGLISH) -> dict[str, Any]:
    share = cards_share(a)
    acc = play_accuracy(a)
    verdicts = {v: sum(1 for d in a.decisions if d.label == v) for v in ("inaccuracy", "mistake", "blunder")}
    return {
        "accuracy": None if acc is None else round(acc, 1),
        "decisions": len(a.decisions),
        "verdicts": verdicts,
        "cards_share": None if share is None else round(share, 3),
        "cards": cards_word(share, lang),
        "identity": rounded_identity(a),
    }


def headline_text(a: GameAnalysis, lang: str = ENGLISH) -> str:
    """One line: accuracy per decision, then how the cards ran, each with what it measures."""
    h = headline_json(a, lang)
    if h["accuracy"] is None:
        play = say(lang, "you had no decision to make")
    else:
        play = say_n(
            lang,
            "your accuracy {accuracy}% over {count} decision (100% = as good as the hard bot at each)",
            "your accuracy {accuracy}% over {count} decisions (100% = as good as the hard bot at each)",
            h["decisions"],
            accuracy=f"{h['accuracy']:.0f}",
        )
    share = h["cards_share"]
    luck = (
        h["cards"]
        if share is None
        else say(
            lang,
            "{cards}: {share}% of the swings you did not control went your way (50% is even)",
            cards=h["cards"],
            share=f"{100 * share:.0f}",
        )
    )
    return f"{play[0].upper()}{play[1:]}; {luck}."


def decision_words(a: GameAnalysis, d: Decision) -> dict[str, str]:
    """A decision in player words: what the seat did, and the better move where one was measured."""
    out = {"did": did(a.game, d.chosen, a.names, a.seat)}
    if d.loss > 0:
        out["better"] = instead(a.game, d.best, a.names, a.seat)
    return out
