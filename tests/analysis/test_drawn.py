"""The graph's line (analysis/drawn.py): on one footing, holding level within the noise, and
exactly at every checkpoint that carries a figure (the start, each decision, the result)."""

from __future__ import annotations

import itertools
import random

from cardroom.analysis import Precision
from cardroom.analysis.drawn import band, drawn, line
from cardroom.analysis.evaluate import ActionValue, Estimate
from cardroom.analysis.report import Decision, GameAnalysis, Luck


def _decision(step: int, value: float, loss: float = 0.0) -> Decision:
    est = Estimate("a", [ActionValue("a", value, 0.0, 0.0, 100)], 100, 200, 0.01, "a")
    return Decision(step, "a", est, "mistake" if loss else "best", value + loss, value, loss)


def _stretch(a: GameAnalysis, first: int, values: list[float], start: float, end: float, gap: float) -> None:
    """Events at steps first.. with these heuristic values (standard error 0.04); the yardstick's
    checkpoints are ``gap`` above the heuristic's at both ends, as the search plays on better."""
    plain, yard = start - gap, start
    for k, v in enumerate(values):
        last = k == len(values) - 1
        after, plain_after = (end, end - gap) if last else (v, v)
        a.luck.append(Luck(first + k, first + k, ["an event"], yard, after, 0.05, False, plain, plain_after, 0.04))
        plain, yard = plain_after, after


def _noisy_game() -> GameAnalysis:
    """Three decisions valued 8 points above the heuristic's events (the first a 12-point mistake), and
    events that scatter by +-4 points around a chance that drops by 30 points once, between the
    second and third."""
    rng = random.Random(3)
    a = GameAnalysis("taco", "v2", {}, 0, 4, 100, 0.25, 0.01, 0.0, "the last round", Precision())
    a.luck.append(Luck(-1, -1, ["the deal"], 0.25, 0.52, 0.05, False, 0.25, 0.44, 0.04))
    a.decisions.append(_decision(1, 0.40, loss=0.12))  # a mistake: 12 points
    _stretch(a, 2, [0.32 + rng.gauss(0, 0.04) for _ in range(30)], 0.40, 0.42, 0.08)
    a.decisions.append(_decision(32, 0.42))
    _stretch(a, 33, [0.34 + rng.gauss(0, 0.04) for _ in range(10)] + [0.04 + rng.gauss(0, 0.02) for _ in range(30)],
             0.42, 0.10, 0.08)  # fmt: skip
    a.decisions.append(_decision(73, 0.10))
    _stretch(a, 74, [0.02 + abs(rng.gauss(0, 0.01)) for _ in range(26)], 0.10, 0.0, 0.02)
    return a


def test_the_line_passes_every_checkpoint_that_carries_a_figure() -> None:
    a = _noisy_game()
    points = dict(line(a))
    assert line(a)[0] == (0, a.start) and line(a)[-1] == (a.steps, a.result)
    for d in a.decisions:  # a costly decision at its step, from its value before to its value after
        if d.loss > 0:
            assert points[d.step] == d.win_before and points[d.step + 1] == d.win_after
        else:  # the yardstick's own move: within the noise of its value
            assert abs(points[d.step + 1] - d.win_after) <= 0.1


def test_noise_and_the_footing_gap_are_not_drawn_as_swings_but_a_real_drop_is() -> None:
    a = _noisy_game()
    raw = a.timeline()
    drawn_line = line(a)
    moves = sum(1 for (_, u), (_, v) in itertools.pairwise(drawn_line) if u != v)
    raw_moves = sum(1 for (_, u), (_, v) in itertools.pairwise(raw) if u != v)
    assert raw_moves > 80 and moves <= 8, (raw_moves, moves)
    # Between the first two decisions the line stays within a few points of them: no saw tooth down
    # to the heuristic's footing (8 points below) at every event.
    assert all(abs(v - 0.41) <= 0.04 for step, v in drawn_line if 2 <= step <= 32)
    # The 30-point drop after step 43 is drawn, and stays.
    assert all(v < 0.2 for step, v in drawn_line if 48 <= step <= 73)


def test_the_band_holds_the_line_and_stays_within_0_and_100() -> None:
    a = _noisy_game()
    for (step, v, _), (b_step, low, high) in zip(drawn(a), band(a), strict=True):
        assert step == b_step and 0.0 <= low <= v <= high <= 1.0
    assert band(a)[-1][1:] == (a.result, a.result)  # the result is exact
