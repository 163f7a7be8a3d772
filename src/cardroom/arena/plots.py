"""The arena's figures as PNG files (matplotlib, Agg backend; imported only when --out is given)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(summary: dict[str, Any], out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    return [_heatmap(summary, out / "head_to_head.png"), _ratings(summary, out / "ratings.png"),
            _curves(summary, out / "win_rate_curve.png")]


def _short(label: str, width: int = 28) -> str:
    return label if len(label) <= width else label[: width - 1] + "…"


def _heatmap(summary: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    labels = [_short(b) for b in summary["bots"]]
    matrix = summary["head_to_head"]
    n = len(labels)
    fig, ax = plt.subplots(figsize=(2.2 + 1.3 * n, 1.6 + 1.0 * n))
    values = [[float("nan") if v is None else v for v in row] for row in matrix]
    from matplotlib.colors import TwoSlopeNorm

    # White is the fair share (1/players), so red always means "worse than a fair seat".
    norm = TwoSlopeNorm(vmin=0.0, vcenter=1.0 / summary["players"], vmax=1.0)
    cmap = plt.get_cmap("RdBu").with_extremes(bad="#d9d9d9")  # grey: a bot against itself, not played
    image = ax.imshow(values, cmap=cmap, norm=norm)
    for i in range(n):
        for j in range(n):
            if matrix[i][j] is not None:
                ax.text(j, i, f"{100 * matrix[i][j]:.0f}%", ha="center", va="center", fontsize=10)
    ax.set_xticks(range(n), labels, rotation=30, ha="right")
    ax.set_yticks(range(n), labels)
    players = summary["players"]
    ax.set_xlabel("opponent" if players == 2 else f"the other {players - 1} seats")
    ax.set_ylabel("bot")
    ax.set_title(f"Win rate of row bot (fair share {100 / players:.0f}%)")
    fig.colorbar(image, ax=ax, fraction=0.046)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _ratings(summary: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    rows = sorted(summary["ratings"], key=lambda r: r["elo"])
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.6 * len(rows)))
    y = range(len(rows))
    ax.errorbar(
        [r["elo"] for r in rows], list(y),
        xerr=[[r["elo"] - r["low95"] for r in rows], [r["high95"] - r["elo"] for r in rows]],
        fmt="o", capsize=4,
    )
    ax.set_yticks(list(y), [_short(r["bot"], 36) for r in rows])
    ax.axvline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("Bradley-Terry rating, Elo scale (95% interval)")
    ax.set_title("Ratings")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def _curves(summary: dict[str, Any], path: Path) -> Path:
    plt = _pyplot()
    from cardroom.arena.stats import wilson

    fig, ax = plt.subplots(figsize=(8, 4.5))
    for row in summary["matchups"]:
        curve = row["curve"]
        xs = list(range(1, len(curve) + 1))
        bands = [wilson(rate * n, n) for n, rate in zip(xs, curve)]
        line = ax.plot(xs, curve, label=_short(row["label"], 48))[0]
        ax.fill_between(xs, [b[0] for b in bands], [b[1] for b in bands], alpha=0.15, color=line.get_color())
    ax.axhline(1.0 / summary["players"], color="grey", linestyle="--", linewidth=0.8, label="fair share")
    ax.set_ylim(0.0, 1.0)
    ax.set_xlabel("games played")
    ax.set_ylabel("win rate of the first-named bot")
    ax.set_title("Win rate against games played (shaded: Wilson 95%)")
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
