"""Seed blocks: a figure is reported per independent block of games, pooled, and tested for agreement.

A conclusion from one seed block can be luck (T.A.C.O.'s first seat read 50.3% from one block of 2,000
games and 53-54% from three others). So the lab plays several blocks, each from its own seed, and for
each figure says three things: every block's value with its interval, the pooled value with its
interval, and whether the blocks disagree beyond chance: a chi-square test of homogeneity for a share
(k blocks, k - 1 degrees of freedom) and Cochran's Q for a mean or a difference (the same statistic,
weighted by each block's own variance). A small p-value (below :data:`ALPHA`) means the blocks are not
measuring one thing, and the pooled interval should not be believed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardroom.arena.schedule import derive_seed
from cardroom.arena.stats import Z95, wilson
from cardroom.core.words import ENGLISH, Words

ALPHA = 0.01  # the heterogeneity test's level: a figure has several, so a stricter one than 0.05
DEFAULT_BLOCKS = 4


def block_seed(seed: int, block: int) -> int:
    """Block 0 keeps the run's seed (so a one-block run is the old run); the others derive their own."""
    return seed if block == 0 else derive_seed(seed, "block", block)


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) (series below a + 1, continued fraction above)."""
    if x <= 0:
        return 1.0
    lg = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(500):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - lg))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - lg) * h)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with ``df`` degrees of freedom."""
    return _gamma_q(df / 2.0, x / 2.0) if df > 0 else 1.0


def share_homogeneity(wins: Sequence[float], games: Sequence[int]) -> dict[str, Any]:
    """Pearson's chi-square test that every block has the same share (wins may be fractional: split ties)."""
    n, w = sum(games), sum(wins)
    df = sum(1 for g in games if g > 0) - 1
    if n == 0 or df < 1 or w in (0, n):
        return {"statistic": 0.0, "df": max(df, 0), "p": 1.0, "differ": False}
    p = w / n
    stat = sum((x - g * p) ** 2 / (g * p * (1 - p)) for x, g in zip(wins, games, strict=True) if g > 0)
    pv = chi2_sf(stat, df)
    return {"statistic": stat, "df": df, "p": pv, "differ": pv < ALPHA}


def mean_homogeneity(means: Sequence[float], errors: Sequence[float]) -> dict[str, Any]:
    """Cochran's Q: do estimates with these standard errors measure one value? Also the pooled
    (inverse-variance) estimate and its 95% interval."""
    pairs = [(m, e) for m, e in zip(means, errors, strict=True) if math.isfinite(e)]
    if any(e == 0 for _, e in pairs):  # exact blocks (a paired difference that is always zero)
        same = len({m for m, _ in pairs}) <= 1
        m = pairs[0][0] if pairs else 0.0
        return {
            "statistic": 0.0 if same else math.inf,
            "df": len(pairs) - 1,
            "p": 1.0 if same else 0.0,
            "differ": not same,
            "pooled": m,
            "low95": m,
            "high95": m,
        }
    if not pairs:
        return {
            "statistic": 0.0,
            "df": 0,
            "p": 1.0,
            "differ": False,
            "pooled": math.nan,
            "low95": -math.inf,
            "high95": math.inf,
        }
    weights = [1 / e**2 for _, e in pairs]
    pooled = sum(w * m for w, (m, _) in zip(weights, pairs, strict=True)) / sum(weights)
    half = Z95 / math.sqrt(sum(weights))
    stat = sum(w * (m - pooled) ** 2 for w, (m, _) in zip(weights, pairs, strict=True))
    df = len(pairs) - 1
    pv = chi2_sf(stat, df)
    return {
        "statistic": stat,
        "df": df,
        "p": pv,
        "differ": df > 0 and pv < ALPHA,
        "pooled": pooled,
        "low95": pooled - half,
        "high95": pooled + half,
    }


def verdict(low: float, high: float, target: float, tolerance: float) -> str:
    """What an interval lets one say about ``target ± tolerance``: ``within``, ``outside`` or ``too wide``."""
    if target - tolerance <= low and high <= target + tolerance:
        return "within"
    if high < target - tolerance or low > target + tolerance:
        return "outside"
    return "too wide"


def share_blocks(wins: Sequence[float], games: Sequence[int], fair: float, tolerance: float) -> dict[str, Any]:
    """A share (a seat's win share) per block, pooled, its heterogeneity and what it says about fair."""
    blocks = [
        {"share": w / g if g else 0.0, "games": g, "wilson95": list(wilson(w, g))}
        for w, g in zip(wins, games, strict=True)
    ]
    n = sum(games)
    low, high = wilson(sum(wins), n)
    return {
        "blocks": blocks,
        "share": sum(wins) / n if n else 0.0,
        "games": n,
        "wilson95": [low, high],
        "heterogeneity": share_homogeneity(wins, games),
        "fair": fair,
        "tolerance": tolerance,
        "verdict": verdict(low, high, fair, tolerance),
    }


def warnings(figure: str, summary: dict[str, Any], words: Words = ENGLISH) -> list[str]:
    """A plain sentence for a block summary whose blocks disagree beyond chance (else none)."""
    het = summary["heterogeneity"]
    if not het["differ"]:
        return []
    return [
        words.say(
            "{figure}: the seed blocks disagree beyond chance (chi-square {statistic} on {df} df, p = {p}); the "
            "pooled figure is not one measurement",
            figure=figure,
            statistic=words.number(het["statistic"], ".1f"),
            df=het["df"],
            p=words.number(het["p"], ".2g"),
        )
    ]


def games_needed(share: float, tolerance: float) -> int:
    """Games whose 95% interval for a share near ``share`` is ``tolerance`` wide on each side."""
    variance = max(share * (1 - share), 0.01)
    return math.ceil(Z95**2 * variance / tolerance**2)


def width_note(seats: Sequence[dict[str, Any]], words: Words = ENGLISH) -> list[str]:
    """One sentence, not a warning per seat, when the intervals are too wide to call a seat fair or
    not: how wide the first seat's is, and about how many games would make it 1 point wide."""
    wide = [i + 1 for i, s in enumerate(seats) if s["verdict"] == "too wide"]
    if not wide:
        return []
    first = seats[0]
    low, high = first["wilson95"]
    tol = 100 * first["tolerance"]
    need = games_needed(first["share"], first["tolerance"])
    which = (
        words.say("every seat")
        if len(wide) == len(seats)
        else words.say_n("seat {seats}", "seats {seats}", len(wide), seats=", ".join(map(str, wide)))
    )
    return [
        words.say(
            "{games} games cannot say whether {which} is within {tolerance} point of its fair share (the first "
            "seat's interval is ±{half} points); about {need} games would narrow it to ±{tolerance} (--games "
            "{asked})",
            games=words.number(first["games"], ","),
            which=which,
            tolerance=words.number(tol, ".0f"),
            half=words.number(100 * (high - low) / 2, ".1f"),
            need=words.number(need, ","),
            asked=need,
        )
    ]
