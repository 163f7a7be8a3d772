"""The win-probability graph as a PNG (matplotlib, Agg backend; imported only when a file is wanted)."""

from __future__ import annotations

from pathlib import Path

from cardroom.analysis.oracle import LABEL
from cardroom.analysis.walk import GameAnalysis

MARKS = {"inaccuracy": ("#b8860b", "?!"), "mistake": ("#d2691e", "?"), "blunder": ("#b22222", "??")}


def win_graph(analysis: GameAnalysis, path: Path, oracle: list[tuple[int, float]] | None = None) -> Path:
    """Draw the seat's win chance over the game, marking its costly decisions; returns ``path``.

    ``oracle`` (optional) is a second line from a search that knew the hidden cards; it is drawn
    dashed and labelled as such, and never feeds a verdict.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, wins = zip(*analysis.timeline(), strict=True)
    fig, ax = plt.subplots(figsize=(9, 3.6), dpi=110)
    ax.axhline(50, color="#888888", linewidth=0.8, linestyle=":")
    ax.step(steps, [100 * w for w in wins], where="post", color="#1f4e8c", linewidth=1.8,
            label=f"seat {analysis.seat}'s win chance (from its own view)")
    if oracle:
        o_steps, o_wins = zip(*oracle, strict=True)
        ax.plot(o_steps, [100 * w for w in o_wins], color="#7a7a7a", linewidth=1.0, linestyle="--",
                label=LABEL)
    for d in analysis.decisions:
        if d.label in MARKS:
            color, mark = MARKS[d.label]
            ax.plot([d.step, d.step + 1], [100 * d.best_win, 100 * d.win_after], color=color, linewidth=2.5)
            ax.annotate(mark, (d.step + 1, 100 * d.win_after), color=color, fontsize=9, fontweight="bold",
                        xytext=(2, -10), textcoords="offset points")
    ax.set_ylim(-3, 103)
    ax.set_xlim(0, max(1, analysis.steps))
    ax.set_xlabel("step of the game")
    ax.set_ylabel("win chance (%)")
    ax.set_title(f"{analysis.game}, seat {analysis.seat}: {analysis.summary()}", fontsize=10)
    ax.legend(loc="lower left", fontsize=8, frameon=False)
    ax.grid(axis="y", alpha=0.25)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path
