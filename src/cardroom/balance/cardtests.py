"""Many cards tested at once: each card's p-value, the Benjamini-Hochberg correction, and per-card
differences between two setups.

A deck of 43 kinds of card asks 43 questions ("is this card's value zero?"). At the 5% level chance
alone answers "no" to about two of them, so four "significant" cards out of 43 is barely more than
noise. Each figure family (the observed opening-hand value, the paired card-vs-blank value, the
paired one-more-copy value; the holder's win share in each) is corrected as one family with
**Benjamini-Hochberg** (1995): a card is flagged when its adjusted p-value (q) is below
:data:`FALSE_DISCOVERY`, which keeps the expected share of false leads among the flagged cards under
5%. We chose it over Holm because the card table is a screen for a designer's next change: Holm
guards against even one false flag, which at 43 cards asks each card for p below about 0.001 and
hides the real but modest values a designer tunes; Benjamini-Hochberg keeps its power as the deck
grows and still says how far to trust a flag.

A p-value comes from the figure's own 95% interval: the standard error of the side facing zero is
(estimate - bound) / 1.96, so "the interval leaves out zero" and "p below 0.05" always agree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardroom.arena.stats import Z95

FALSE_DISCOVERY = 0.05  # Benjamini-Hochberg's level: the expected share of false leads among flagged cards
RAW_LEVEL = 0.05  # the uncorrected level, to say how many flags chance alone would give
#: The card figures tested, by where they sit in a card row: (label, row key, paired figure or None).
FAMILIES = (
    ("paired, card vs blank", "paired", "blank"),
    ("paired, one more copy", "paired", "extra"),
    ("observed, opening hand", "opening", None),
)


def normal_sf(z: float) -> float:
    """P(Z >= z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def p_value(estimate: float, low: float | None, high: float | None) -> float | None:
    """The two-sided p-value of "the value is zero" read off a 95% interval (None: no interval)."""
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return None
    if low == high:  # an exact figure (every pair equal): zero or not, with no doubt
        return 1.0 if estimate == 0 else 0.0
    bound = low if estimate >= 0 else high
    se = abs(estimate - bound) / Z95
    if se == 0:
        return 1.0 if estimate == 0 else 0.0
    return min(1.0, 2.0 * normal_sf(abs(estimate) / se))


def benjamini_hochberg(ps: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q), in the order given: q_(i) = min over j >= i of
    p_(j) * m / j, capped at 1 (the step-up procedure as adjusted values)."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    q = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, ps[i] * m / rank)
        q[i] = min(1.0, running)
    return q


def cell(row: dict[str, Any], key: str, sub: str | None) -> dict[str, Any] | None:
    """A card row's figure of one family (None where it cannot exist or was not measured)."""
    found = row.get(key)
    if sub is not None:
        found = (found or {}).get(sub)
    return found if isinstance(found, dict) else None


def headline(row: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
    """The figure a designer should read first: the paired card-vs-blank value (cause) where it was
    measured with an interval (enough deals held the card), else the observed opening-hand value
    (correlation)."""
    paired = cell(row, "paired", "blank")
    if paired is not None and p_value(paired["win_effect"], *paired["win95"]) is not None:
        return "paired", paired
    return "observed", cell(row, "opening", None)


def correct(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Add ``win_p``, ``win_q`` and ``flagged`` to every tested figure of ``cards`` (in place) and
    return one summary per family: tests, raw flags, the flags chance alone would give, and the cards
    Benjamini-Hochberg keeps."""
    out = []
    for label, key, sub in FAMILIES:
        tested = []
        for row in cards:
            c = cell(row, key, sub)
            p = None if c is None else p_value(c["win_effect"], *c["win95"])
            if c is not None and p is not None:
                tested.append((row["card"], c, p))
        if not tested:
            continue
        qs = benjamini_hochberg([p for _, _, p in tested])
        for (_, c, p), q in zip(tested, qs, strict=True):
            c["win_p"], c["win_q"], c["flagged"] = p, q, q < FALSE_DISCOVERY
        out.append(
            {
                "figure": label,
                "tests": len(tested),
                "raw": sum(1 for _, _, p in tested if p < RAW_LEVEL),
                "by_chance": RAW_LEVEL * len(tested),
                "flagged": [name for (name, c, _), _q in zip(tested, qs, strict=True) if c["flagged"]],
                "method": f"Benjamini-Hochberg, q < {FALSE_DISCOVERY:g}",
            }
        )
    return out


def _se(c: dict[str, Any]) -> float:
    low, high = c["win95"]
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return math.inf
    return float(high - low) / (2 * Z95)


def compare_cards(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Each card's value in setup B minus setup A (the holder's win share), with a 95% interval and a
    Benjamini-Hochberg q over the cards; the paired card-vs-blank value where both sides measured it,
    else the observed opening-hand value. The two sides' errors are added as if independent; both play
    the same deals, which makes them agree more, so the interval is, if anything, too wide."""
    rows_a = {r["card"]: r for r in a.get("cards", [])}
    rows_b = {r["card"]: r for r in b.get("cards", [])}
    paired = all(any(cell(r, "paired", "blank") for r in rows.values()) for rows in (rows_a, rows_b))
    key, sub = ("paired", "blank") if paired else ("opening", None)
    out: list[dict[str, Any]] = []
    for card in sorted(set(rows_a) | set(rows_b)):
        ca = cell(rows_a[card], key, sub) if card in rows_a else None
        cb = cell(rows_b[card], key, sub) if card in rows_b else None
        row: dict[str, Any] = {
            "card": card,
            "figure": "paired" if key == "paired" else "observed",
            "a": None if ca is None else ca["win_effect"],
            "b": None if cb is None else cb["win_effect"],
            "diff": None,
        }
        if ca is not None and cb is not None and math.isfinite(se := math.hypot(_se(ca), _se(cb))):
            d = cb["win_effect"] - ca["win_effect"]
            row.update(diff=d, low95=d - Z95 * se, high95=d + Z95 * se)
        out.append(row)
    tested = [r for r in out if r["diff"] is not None]
    ps = [p_value(r["diff"], r["low95"], r["high95"]) for r in tested]
    qs = benjamini_hochberg([1.0 if p is None else p for p in ps])
    for r, p, q in zip(tested, ps, qs, strict=True):
        r["p"], r["q"], r["differs"] = p, q, q < FALSE_DISCOVERY
    return sorted(out, key=lambda r: -abs(r["diff"]) if r["diff"] is not None else math.inf)
