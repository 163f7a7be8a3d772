"""The arena's figures as PNG files (matplotlib, Agg backend; imported only when --out is given), their
labels, titles, legends, notes and ticks in the words the command line hands in (``words``,
:mod:`cardroom.core.words`): English by default, the terminal's language from ``cardroom arena``. Bots'
specs stay as typed; a figure (a share, a rating, a count of games) is written in the language's style."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardroom.arena.bot_names import shown_bot
from cardroom.core.words import ENGLISH, Words


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(summary: dict[str, Any], out: Path, words: Words = ENGLISH) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    return [
        _heatmap(summary, out / "head_to_head.png", words),
        _ratings(summary, out / "ratings.png", words),
        _curves(summary, out / "win_rate_curve.png", words),
    ]


def _short(label: str, width: int = 28) -> str:
    return label if len(label) <= width else label[: width - 1] + "…"


def _ticks(write: Callable[[float], str]) -> Any:
    """A tick formatter that writes each tick's value with ``write`` (so in the language's style)."""
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda value, _position: write(value))


def _heatmap(summary: dict[str, Any], path: Path, words: Words) -> Path:
    plt = _pyplot()
    labels = [_short(shown_bot(b, words)) for b in summary["bots"]]
    matrix = summary["head_to_head"]
    n = len(labels)
    fig, ax = plt.subplots(figsize=(2.2 + 1.3 * n, 2.0 + 1.0 * n))
    values = [[float("nan") if v is None else v for v in row] for row in matrix]
    from matplotlib.colors import TwoSlopeNorm
    from matplotlib.patches import Rectangle

    # White is the fair share (1/players), so red always means "worse than a fair seat".
    norm = TwoSlopeNorm(vmin=0.0, vcenter=1.0 / summary["players"], vmax=1.0)
    cmap = plt.get_cmap("RdBu").with_extremes(bad="white")
    image = ax.imshow(values, cmap=cmap, norm=norm)
    unplayed = False
    for i in range(n):
        for j in range(n):
            if matrix[i][j] is not None:
                dark = abs(matrix[i][j] - 1.0 / summary["players"]) > 0.3  # deep red or blue: white text
                ax.text(
                    j,
                    i,
                    words.percent(matrix[i][j], 0),
                    ha="center",
                    va="center",
                    fontsize=10,
                    color="white" if dark else "black",
                )
            else:
                # Never measured: hatched and blank, so nobody reads it as 0%.
                ax.add_patch(
                    Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch="///", edgecolor="#9a9a9a", linewidth=0)
                )
                unplayed = unplayed or i != j
    ax.set_xticks(range(n), labels, rotation=30, ha="right")
    ax.set_yticks(range(n), labels)
    players = summary["players"]
    others = words.say_n("the other {count} seat", "the other {count} seats", players - 1)
    ax.set_xlabel(words.say("opponent") if players == 2 else others)
    ax.set_ylabel(words.say("bot"))
    ax.set_title(words.say("Win rate of row bot (fair share {share})", share=words.percent(1 / players, 0)))
    if unplayed:
        note = words.say("hatched: not measured (a bot against itself, or a pairing this schedule does not play)")
    else:
        note = words.say("hatched: not measured (a bot against itself)")
    fig.text(0.01, 0.01, note, fontsize=8, color="#444444")
    fig.colorbar(image, ax=ax, fraction=0.046, format=_ticks(lambda share: words.percent(share, 0)))
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _ratings(summary: dict[str, Any], path: Path, words: Words) -> Path:
    plt = _pyplot()
    rows = sorted(summary["ratings"], key=lambda r: r["elo"])
    fig, ax = plt.subplots(figsize=(7, 1.4 + 0.6 * len(rows)))
    finite = [v for r in rows for v in (r["low95"], r["high95"], r["elo"]) if v is not None]
    span = (max(finite) - min(finite)) if finite else 1.0
    pad = max(span * 0.15, 25.0)
    left, right = min(finite) - pad, max(finite) + pad
    for y, r in enumerate(rows):
        low = r["low95"] if r["low95"] is not None else left
        high = r["high95"] if r["high95"] is not None else right
        ax.plot([low, high], [y, y], color="C0", linewidth=2)
        ax.plot([r["elo"]], [y], "o", color="C0")
        for bound, end, marker in ((r["low95"], low, "<"), (r["high95"], high, ">")):
            if bound is None:  # one-sided: an arrow to the edge says "no bound this way"
                ax.plot([end], [y], marker, color="C0")
    ax.set_xlim(left, right)
    ax.set_yticks(list(range(len(rows))), [_short(shown_bot(r["bot"], words), 36) for r in rows])
    ax.xaxis.set_major_formatter(_ticks(lambda rating: words.number(rating, "+.0f")))  # as the table: +137
    ax.axvline(0.0, color="grey", linewidth=0.8)
    # Two lines, so a language with longer words than English still fits the figure's width.
    ax.set_xlabel(words.say("Plackett-Luce rating, Elo scale\n(95% bootstrap interval; arrow: unbounded)"))
    ax.set_title(words.say("Ratings"))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _curves(summary: dict[str, Any], path: Path, words: Words) -> Path:
    """One small panel per matchup: its running win rate, the Wilson band, and the fair share."""
    plt = _pyplot()
    from matplotlib.ticker import MaxNLocator

    from cardroom.arena.stats import wilson

    rows = [row for row in summary["matchups"] if row["curve"]] or summary["matchups"][:1]
    cols = min(3, max(1, len(rows)))
    lines = max(1, -(-len(rows) // cols))
    fig, axes = plt.subplots(lines, cols, figsize=(3.6 * cols, 2.6 * lines + 0.9), squeeze=False, sharey=True)
    fair = 1.0 / summary["players"]
    for k, ax in enumerate(axes.flat):
        if k >= len(rows):
            ax.set_visible(False)
            continue
        row = rows[k]
        curve = row["curve"]
        xs = list(range(1, len(curve) + 1))
        bands = [wilson(rate * n, n) for n, rate in zip(xs, curve)]
        ax.fill_between(
            xs,
            [b[0] for b in bands],
            [b[1] for b in bands],
            alpha=0.25,
            color="C0",
            label=words.say("Wilson 95%"),
            linewidth=0,
        )
        ax.plot(xs, curve, color="C0", linewidth=1.5, label=words.say("win rate"), clip_on=False)
        ax.axhline(fair, color="grey", linestyle="--", linewidth=0.8, label=words.say("fair share"))
        ax.set_ylim(-0.02, 1.02)  # lines at 0 or 1 stay visible
        if xs:
            ax.set_xlim(1, max(2, xs[-1]))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True, nbins=5))
        ax.xaxis.set_major_formatter(_ticks(lambda games: words.number(round(games), "d")))
        ax.yaxis.set_major_formatter(_ticks(lambda share: words.percent(share, 0)))
        matchup = words.say(
            "{bot} vs {against}", bot=shown_bot(row["bot"], words), against=shown_bot(row["against"], words)
        )
        ax.set_title(_short(matchup, 44), fontsize=9)
        ax.tick_params(labelsize=8)
        if k % cols == 0:
            ax.set_ylabel(words.say("win rate"), fontsize=8)
        ax.set_xlabel(words.say("games"), fontsize=8)
    handles, names = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="lower center", ncol=3, fontsize=8, frameon=False)
    fig.suptitle(words.say("Win rate of the first-named bot against games played"), fontsize=10)
    fig.tight_layout(rect=(0, 0.08 if lines == 1 else 0.04, 1, 1))
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
