"""The arena's tables, drawn with Rich, their words in the terminal's language (bots' specs, seats and
numbers as they are)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from cardroom.locale import in_terminal_language as _
from cardroom.locale import say_n, terminal_language


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(rating: dict[str, Any]) -> str:
    low, high = rating["low95"], rating["high95"]
    if low is None and high is None:
        return "–"
    if low is None:
        return _("below {rating}", rating=f"{high:+.0f}")
    if high is None:
        return _("above {rating}", rating=f"{low:+.0f}")
    return f"{low:+.0f} – {high:+.0f}"


def _note(text: str) -> str:
    """A rating's note (``arena/ratings.py`` stores it in arena.json in English) in the terminal's language."""
    notes = {
        "never placed ahead of another bot: the rating is only an upper bound": _(
            "never placed ahead of another bot: the rating is only an upper bound"
        ),
        "always placed ahead of every other bot: the rating is only a lower bound": _(
            "always placed ahead of every other bot: the rating is only a lower bound"
        ),
    }
    return notes.get(text, text)


def print_report(summary: dict[str, Any], console: Console) -> None:
    matchups = Table(title=_("Head to head (duplicate deals; Wilson 95% interval)"))
    for col in (_("bot"), _("against")):
        matchups.add_column(col, justify="left", overflow="fold")
    for col in (_("games"), _("win rate"), _("95% interval"), _("fair share"), _("mean length")):
        matchups.add_column(col, justify="right", overflow="fold")
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

    bots = Table(title=_("Bots (Plackett-Luce rating on the Elo scale; 95% bootstrap over whole deals)"))
    # A bot's name is its spec: kept on one line, so it can be copied back into --bots.
    bots.add_column(_("bot"), justify="left", overflow="fold", no_wrap=True)
    for col in (_("rating"), _("95% interval"), _("decisions"), _("mean ms/decision"), _("worst ms")):
        bots.add_column(col, justify="right", overflow="fold")
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
            console.print(f"[dim]{rating['bot']}: {_note(rating['note'])}[/dim]", highlight=False)

    seats = Table(title=_("Seat advantage (every game of the run)"))
    for col in (_("seat"), _("games"), _("win rate"), _("95% interval"), _("fair share")):
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
    length = say_n(
        terminal_language(),
        "Mean game length: {steps} steps over {count} game.",
        "Mean game length: {steps} steps over {count} games.",
        summary["games"],
        steps=f"{summary['mean_steps']:.1f}",
    )
    console.print(length)
