"""The win-probability graph as a PNG (matplotlib, Agg backend; imported only when a file is wanted).

The seat's win chance is a step line; each costly decision is a coloured drop on it (the loss) and a
marker in a strip under the graph, one shape and colour per verdict, named in the legend. Markers in
the strip never collide: each takes the lowest lane where it keeps a marker's width (and a gap) from
the previous marker of that lane (``marker_lanes``), so a run of mistakes on neighbouring steps
stacks instead of overprinting.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardroom.analysis import drawn
from cardroom.analysis.oracle import LABEL
from cardroom.analysis.report import GameAnalysis

if TYPE_CHECKING:
    from matplotlib.figure import Figure

# verdict -> (colour, marker, the mark chess readers know)
MARKS = {"inaccuracy": ("#9a7000", "o", "?!"), "mistake": ("#c05600", "s", "?"), "blunder": ("#b22222", "v", "??")}
MARKER_POINTS = 7.0  # a marker's width, in points
GAP = 1.3  # the least distance between two markers of a lane, in marker widths


def marker_lanes(xs: Sequence[float], min_dx: float) -> list[int]:
    """A lane for each marker at ``xs`` (any order) such that two markers of one lane are at least
    ``min_dx`` apart: each marker, left to right, takes the lowest lane it fits in."""
    ends: list[float] = []  # the last x placed in each lane
    lanes = [0] * len(xs)
    for i in sorted(range(len(xs)), key=lambda i: (xs[i], i)):
        lane = next((k for k, end in enumerate(ends) if xs[i] - end >= min_dx), len(ends))
        if lane == len(ends):
            ends.append(xs[i])
        else:
            ends[lane] = xs[i]
        lanes[i] = lane
    return lanes


def game_title(name: str) -> str:
    """The game's name as its box prints it ("T.A.C.O."), not its registry key ("taco")."""
    from cardroom.core.registry import game_class

    try:
        return str(getattr(game_class(name), "title", name))
    except (KeyError, ValueError):
        return name


def win_graph(analysis: GameAnalysis, path: Path, oracle: list[tuple[int, float]] | None = None) -> Path:
    """Draw the seat's win chance over the game, marking its costly decisions; returns ``path``.

    ``oracle`` (optional) is a second line from a search that knew the hidden cards; it is drawn
    dashed and labelled as such, and never feeds a verdict.
    """
    import matplotlib.pyplot as plt

    fig = figure(analysis, oracle)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)
    return path


def figure(analysis: GameAnalysis, oracle: list[tuple[int, float]] | None = None) -> Figure:
    """The graph as a matplotlib figure (the caller saves and closes it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, wins = zip(*drawn.line(analysis), strict=True)
    marked = [d for d in analysis.decisions if d.label in MARKS]
    fig, (ax, strip) = plt.subplots(
        2, 1, figsize=(9, 4.4), dpi=110, sharex=True, gridspec_kw={"height_ratios": [5, 1.2], "hspace": 0.08}
    )
    fair = 100 / analysis.players  # the seat's fair share of the wins: 50% at two players, 25% at four
    ax.axhline(fair, color="#888888", linewidth=0.8, linestyle=":", label=f"fair share ({fair:.0f}%)")
    ax.text(0.2, fair + 1.5, f"fair share {fair:.0f}%", fontsize=7, color="#555555")
    band_steps, low, high = zip(*analysis.band(), strict=True)
    ax.fill_between(
        band_steps,
        [100 * v for v in low],
        [100 * v for v in high],
        step="post",
        color="#1f4e8c",
        alpha=0.12,
        linewidth=0,
        label="estimation noise (95%)",
    )
    name = analysis.names[analysis.seat]
    ax.step(
        steps,
        [100 * w for w in wins],
        where="post",
        color="#1f4e8c",
        linewidth=1.8,
        label=f"{name}'s win chance (from their own view)",
    )
    if oracle:
        o_steps, o_wins = zip(*oracle, strict=True)
        ax.plot(o_steps, [100 * w for w in o_wins], color="#6a6a6a", linewidth=1.0, linestyle="--", label=LABEL)
    for d in marked:
        color = MARKS[d.label][0]
        ax.plot([d.step, d.step], [100 * d.win_before, 100 * d.win_after], color=color, linewidth=2.5)
    last = max(1, analysis.steps)
    ax.set_xlim(0, last)
    ax.set_ylim(-3, 103)
    ax.set_ylabel("win chance (%)")
    ax.set_title(f"{game_title(analysis.game)}: {name}'s win chance over the game", fontsize=10)
    ax.grid(axis="y", alpha=0.25)
    fig.canvas.draw()  # the strip's size in pixels is known only once laid out
    per_step = strip.bbox.width / last  # pixels per step
    min_dx = GAP * MARKER_POINTS * fig.dpi / 72 / per_step
    lanes = marker_lanes([d.step + 0.5 for d in marked], min_dx)
    for verdict, (color, shape, mark) in MARKS.items():
        xs = [d.step + 0.5 for d, lane in zip(marked, lanes, strict=True) if d.label == verdict]
        ys = [lane for d, lane in zip(marked, lanes, strict=True) if d.label == verdict]
        # Every verdict is in the legend, with its count, even at 0: the key reads the same in every graph.
        strip.scatter(
            xs,
            ys,
            s=MARKER_POINTS**2,
            marker=shape,
            color=color,
            edgecolors="white",
            linewidths=0.5,
            label=f"{verdict} {mark} ({len(xs)})",
            zorder=3,
        )
    strip.set_ylim(-0.8, max(2, max(lanes, default=0) + 1) - 0.2)
    strip.invert_yaxis()
    strip.set_yticks([])
    strip.set_ylabel("costly\nmoves", fontsize=8)
    strip.set_xlabel("step of the game")
    handles, labels = ax.get_legend_handles_labels()
    more, names = strip.get_legend_handles_labels()
    # Under the strip, outside both plots: the legend never covers the line or a marker.
    strip.legend(
        handles + more,
        labels + names,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.75),
        ncol=3,
        fontsize=8,
        frameon=False,
    )
    return fig
