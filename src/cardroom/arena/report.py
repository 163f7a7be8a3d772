"""The arena's tables, drawn with Rich."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(rating: dict[str, Any]) -> str:
    low, high = rating["low95"], rating["high95"]
    if low is None and high is None:
        return "–"
    if low is None:
        return f"below {high:+.0f}"
    if high is None:
        return f"above {low:+.0f}"
    return f"{low:+.0f} – {high:+.0f}"


def print_report(summary: dict[str, Any], console: Console) -> None:
    matchups = Table(title="Head to head (duplicate deals; Wilson 95% interval)")
    for col in ("bot", "against", "games", "win rate", "95% interval", "fair share", "mean length"):
        matchups.add_column(col, justify="left" if col in ("bot", "against") else "right", overflow="fold")
    for row in summary["matchups"]:
        low, high = row["wilson95"]
        matchups.add_row(
            row["bot"],
            row["against"],
            str(row["games"]),
            _pct(row["win_rate"]),
            f"{_pct(low)} – {_pct(high)}",
            _pct(row["fair_share"]),
            f"{row['mean_steps']:.1f}",
        )
    console.print(matchups)

    bots = Table(title="Bots (Plackett-Luce rating on the Elo scale; 95% bootstrap over whole deals)")
    for col in ("bot", "rating", "95% interval", "decisions", "mean ms/decision", "worst ms"):
        # A bot's name is its spec: kept on one line, so it can be copied back into --bots.
        bots.add_column(col, justify="left" if col == "bot" else "right", overflow="fold", no_wrap=col == "bot")
    for rating, timing in zip(summary["ratings"], summary["timing"]):
        bots.add_row(
            rating["bot"],
            f"{rating['elo']:+.0f}",
            _interval(rating),
            str(timing["decisions"]),
            f"{timing['mean_ms']:.1f}",
            f"{timing['worst_ms']:.1f}",
        )
    console.print(bots)
    for rating in summary["ratings"]:
        if rating.get("note"):
            console.print(f"[dim]{rating['bot']}: {rating['note']}[/dim]", highlight=False)

    seats = Table(title="Seat advantage (every game of the run)")
    for col in ("seat", "games", "win rate", "95% interval", "fair share"):
        seats.add_column(col, justify="right")
    for row in summary["seats"]:
        low, high = row["wilson95"]
        seats.add_row(
            str(row["seat"]),
            str(row["games"]),
            _pct(row["win_rate"]),
            f"{_pct(low)} – {_pct(high)}",
            _pct(row["fair_share"]),
        )
    console.print(seats)
    console.print(f"Mean game length: {summary['mean_steps']:.1f} steps over {summary['games']} games.")
