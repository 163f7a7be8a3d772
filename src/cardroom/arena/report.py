"""The arena's tables, drawn with Rich, their words and figures in the terminal's language (``50,0 %``
in German; bots' specs as typed, a cheating bot's mark worded: ``bot_names.py``). Seats are numbered
from 1, as a person counts them; arena.json keeps the engine's numbers from 0."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from cardroom.arena.bot_names import shown_bot
from cardroom.locale import in_terminal_language as _
from cardroom.locale import say_n, terminal_language
from cardroom.locale.lab_words import LabSpeaker
from cardroom.locale.numbers import number, percent


def _pct(x: float) -> str:
    return percent(x, terminal_language())


def _number(x: float, spec: str) -> str:
    return number(x, spec, terminal_language())


def _bot(label: str) -> str:
    """A bot's label (or a matchup's field) with its English mark in the terminal's language."""
    return shown_bot(label, LabSpeaker(terminal_language()))


def _interval(rating: dict[str, Any]) -> str:
    low, high = rating["low95"], rating["high95"]
    if low is None and high is None:
        return "–"
    if low is None:
        return _("below {rating}", rating=_number(high, "+.0f"))
    if high is None:
        return _("above {rating}", rating=_number(low, "+.0f"))
    return f"{_number(low, '+.0f')} – {_number(high, '+.0f')}"


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
            _bot(row["bot"]),
            _bot(row["against"]),
            _number(row["games"], "d"),
            _pct(row["win_rate"]),
            f"{_pct(low)} – {_pct(high)}",
            _pct(row["fair_share"]),
            _number(row["mean_steps"], ".1f"),
        )
    console.print(matchups)

    bots = Table(title=_("Bots (Plackett-Luce rating on the Elo scale; 95% bootstrap over whole deals)"))
    # A bot's name is its spec: kept on one line, so it can be copied back into --bots.
    bots.add_column(_("bot"), justify="left", overflow="fold", no_wrap=True)
    for col in (_("rating"), _("95% interval"), _("decisions"), _("mean ms/decision"), _("worst ms")):
        bots.add_column(col, justify="right", overflow="fold")
    for rating, timing in zip(summary["ratings"], summary["timing"]):
        bots.add_row(
            _bot(rating["bot"]),
            _number(rating["elo"], "+.0f"),
            _interval(rating),
            _number(timing["decisions"], "d"),
            _number(timing["mean_ms"], ".1f"),
            _number(timing["worst_ms"], ".1f"),
        )
    console.print(bots)
    for rating in summary["ratings"]:
        if rating.get("note"):
            console.print(f"[dim]{_bot(rating['bot'])}: {_note(rating['note'])}[/dim]", highlight=False)

    seats = Table(title=_("Seat advantage (every game of the run)"))
    for col in (_("seat"), _("games"), _("win rate"), _("95% interval"), _("fair share")):
        seats.add_column(col, justify="right")
    for row in summary["seats"]:
        low, high = row["wilson95"]
        seats.add_row(
            str(row["seat"] + 1),  # the engine's seat 0 is the person's seat 1
            _number(row["games"], "d"),
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
        steps=_number(summary["mean_steps"], ".1f"),
    )
    console.print(length)
