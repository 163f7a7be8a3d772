"""The line the graph draws: the seat's win chance, without the two things that made it zigzag.

The checkpoints (``GameAnalysis.timeline``) put the yardstick's value at each decision and the
heuristic's playouts' value after each event between two decisions (``luck.py``). Drawn as they are,
T.A.C.O.'s ~250 events a game read as swings that are not in the game:

1. **Two footings.** The heuristic playing on values a position a few points below the yardstick's
   search (which plays on better), so the line jumped up at every decision and down at the next
   event, a saw tooth of the yardstick's margin. Here each event's value is carried on its stretch's
   plain footing (the heuristic playing on at both ends, ``Luck.plain_after``) and shifted by the
   gap between the two footings, which is known at both ends of the stretch (the decision's value
   against the heuristic's value of the same position) and taken as changing evenly between them. At
   the stretch's ends the line is exactly the checkpoint's value.
2. **Estimation noise.** An event's value comes from a few hundred imagined worlds (T.A.C.O.: 128,
   so about +-8 points). The line moves at an event only where the new value lies outside the noise
   of the value drawn so far (``Z`` times their combined standard error); otherwise it holds level,
   and the band (below) shows the noise. A change that builds up over several events is drawn once
   it is larger than the noise. The start, the result, every costly decision and every decision
   valued precisely (the analysis's own budget) are drawn at their values; a decision valued roughly
   (an analysis capped at a few worlds) is read like an event.

The band around the line is ``Z`` standard errors of the value the line shows. Nothing here feeds a
figure of the analysis: the decomposition, the headline and the luck entries are unchanged; this is
only how they are drawn.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardroom.analysis.report import Decision, GameAnalysis, Luck

Z = 1.96  # the band's and the hold rule's width, in standard errors
MEDIAN = 2  # an event's value drawn is the median of its own and this many on each side (in its stretch)
# The least standard error an event's value is read with: values of positions a step apart (a card
# played, then entering a taco) differ by more than their worlds' sampling error says.
SE_FLOOR = 0.03
# A decision valued at least this precisely (the analysis's own search budget: thousands of worlds) is
# drawn at its value; a rougher one (a quick analysis capped at a few worlds) holds level like an event.
SE_PINNED = 0.015

Point = tuple[int, float, float]  # (step, value drawn, its standard error)


def _clip(v: float) -> float:
    return min(1.0, max(0.0, v))


def _stretch(entries: Sequence[Luck], start: float, start_se: float) -> list[Point]:
    """One stretch's points (one per entry; the last one the checkpoint that ends it) from its
    starting checkpoint ``start``: on one footing, each value the median of its neighbours', holding
    level within the noise."""
    if not entries:
        return []
    n = len(entries)
    plain_ok = all(not math.isnan(e.plain_before) and not math.isnan(e.plain_after) for e in entries)
    gap_start = start - entries[0].plain_before if plain_ok else 0.0
    gap_end = entries[-1].after - entries[-1].plain_after if plain_ok else 0.0
    # Each event's value on the stretch's footing (the ends: the checkpoints' own values).
    values = [start] + [
        _clip(e.plain_after + gap_start + (gap_end - gap_start) * k / n) if plain_ok else e.after
        for k, e in enumerate(entries, 1)
    ]
    values[-1] = entries[-1].after
    moved = [k for k, e in enumerate(entries, 1) if k < n and not e.quiet and e.after != e.before]
    out: list[Point] = []
    shown, shown_se = start, start_se
    for k, e in enumerate(entries, 1):
        if k == n:  # the checkpoint that ends the stretch: exactly its value
            shown, shown_se = e.after, e.after_se
        elif k in moved:
            i = moved.index(k)
            near = [
                values[0] if j < 0 else values[-1] if j >= len(moved) else values[moved[j]]
                for j in range(i - MEDIAN, i + MEDIAN + 1)
            ]
            value = statistics.median(near)
            se = max(e.after_se, SE_FLOOR)
            if abs(value - shown) > Z * math.hypot(shown_se, se):
                shown, shown_se = value, se
        out.append((e.last_step + 1, shown, shown_se))
    return out


def drawn(analysis: GameAnalysis) -> list[Point]:
    """(step, win chance drawn, standard error) from the prior to the result (see the module doc)."""
    points: list[tuple[int, float, float, bool]] = [(0, analysis.start, analysis.start_se, True)]
    decisions: list[Decision] = list(analysis.decisions)
    pending: list[Luck] = []
    value, se = analysis.start, analysis.start_se

    def decision(dec: Decision, se: float) -> None:
        # A costly decision is drawn exactly (its drop is marked), and so is one the search valued
        # precisely (the analysis's own budget); a rough value (a capped quick analysis) may hold level.
        pinned = dec.loss > 0 or se <= SE_PINNED
        points.extend([(dec.step, dec.win_before, se, pinned), (dec.step + 1, dec.win_after, se, pinned)])

    d = 0
    for x in analysis.luck:
        while d < len(decisions) and x.last_step >= decisions[d].step:
            points.extend((*p, False) for p in _stretch(pending, value, se))
            pending = []
            dec = decisions[d]
            after_se = _decision_se(dec)
            decision(dec, after_se)
            value, se = dec.win_after, after_se
            d += 1
        pending.append(x)
    points.extend((*p, False) for p in _stretch(pending, value, se))
    for dec in decisions[d:]:
        decision(dec, _decision_se(dec))
    points.append((analysis.steps, analysis.result, 0.0, True))
    return _held(points)


def _decision_se(dec: Decision) -> float:
    """The standard error of a decision's value: the search's, else (an analysis read back from JSON)
    from the worlds behind it."""
    if dec.estimate.chosen_se > 0:
        return dec.estimate.chosen_se
    p = dec.win_after
    return math.sqrt(max(p * (1 - p), 0.25 / max(1, dec.estimate.worlds)) / max(1, dec.estimate.worlds))


def _held(points: list[tuple[int, float, float, bool]]) -> list[Point]:
    """The points with every one not pinned (the start, the result, a costly decision's two) held at
    the value drawn before it unless it lies outside their combined noise; repeats dropped."""
    out: list[Point] = []
    for step, v, se, pinned in points:
        if out and not pinned:
            _, shown, shown_se = out[-1]
            if abs(v - shown) <= Z * math.hypot(max(shown_se, SE_FLOOR), max(se, SE_FLOOR)):
                v, se = shown, shown_se
        if not out or (step, v) != out[-1][:2]:
            out.append((step, v, se))
    return out


def line(analysis: GameAnalysis) -> list[tuple[int, float]]:
    """The drawn line's (step, win chance) points."""
    return [(step, value) for step, value, _ in drawn(analysis)]


def band(analysis: GameAnalysis) -> list[tuple[int, float, float]]:
    """(step, low, high): ``Z`` standard errors of the value drawn at each point (at least
    ``SE_FLOOR``, as the line is read; the result is exact), within 0-100%."""
    points = drawn(analysis)
    out = [(step, _clip(v - Z * max(se, SE_FLOOR)), _clip(v + Z * max(se, SE_FLOOR))) for step, v, se in points[:-1]]
    step, v, _ = points[-1]
    return [*out, (step, v, v)]
