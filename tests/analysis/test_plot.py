"""The graph's markers never collide, and its legend names every verdict."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardroom.analysis import Precision
from cardroom.analysis.evaluate import ActionValue, Estimate
from cardroom.analysis.plot import MARKS, figure, marker_lanes, win_graph
from cardroom.analysis.report import Decision, GameAnalysis, Luck


@pytest.mark.parametrize("min_dx", [0.5, 3.0, 12.0])
def test_markers_of_one_lane_keep_their_distance(min_dx: float) -> None:
    rng = random.Random(1)
    xs = [rng.choice(range(60)) + 0.5 for _ in range(40)]  # crowded, with repeats
    lanes = marker_lanes(xs, min_dx)
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            if lanes[i] == lanes[j]:
                assert abs(xs[i] - xs[j]) >= min_dx
    # Lowest lane first: a marker far from every other stays in lane 0.
    assert marker_lanes([0.0, 100.0], 1.0) == [0, 0] and marker_lanes([0.0, 0.5], 1.0) == [0, 1]


def _crowded() -> GameAnalysis:
    """Twelve costly decisions on neighbouring steps of a 40-step game."""
    a = GameAnalysis("tacocat", "official", {}, 0, 2, 40, 0.5, 0.01, 0.0, "done", Precision())
    value, verdicts = 0.5, list(MARKS)
    for k in range(12):
        step = 10 + 2 * k
        est = Estimate(
            "a",
            [ActionValue("a", value - 0.03, 0.0, 0.0, 100), ActionValue("b", value, 0.03, 0.01, 100)],
            100,
            200,
            0.01,
            "b",
            selected="b",
            measured=(0.03, 0.01),
        )
        a.luck.append(Luck(step - 2, step, [], value, value, 0.01, False))
        a.decisions.append(Decision(step, "a", est, verdicts[k % 3], value, value - 0.03, 0.03))
        value -= 0.03
    a.luck.append(Luck(36, 40, [], value, 0.0, 0.01, False))
    return a


def test_the_graph_is_drawn_with_a_legend(tmp_path: Path) -> None:
    path = win_graph(_crowded(), tmp_path / "g.png", oracle=[(10, 0.4), (40, 0.0)])
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    fig = figure(_crowded())
    try:
        legend = fig.axes[1].get_legend()
        assert legend is not None
        labels = [t.get_text() for t in legend.get_texts()]
        title = fig.axes[0].get_title()
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
    # People by name, the reference line at the seat's fair share, the noise as a band.
    assert labels[:3] == ["fair share (50%)", "estimation noise (95%)", "Player 1's win chance (from their own view)"]
    assert {"inaccuracy ?! (4)", "mistake ? (4)", "blunder ?? (4)"} <= set(labels)
    assert title == "Tacocat Spelled Backwards: Player 1's win chance over the game"  # the box's name, not a key
