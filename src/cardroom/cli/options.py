"""Game options from the command line, shared by every command that makes a game (play, rules, arena)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from cardroom.core.errors import InvalidOptions
from cardroom.core.options import parse_assignments
from cardroom.locale import terminal_language
from cardroom.locale.command_refusals import command_refusal


def cli_options(items: list[str], players: int | None, deck: Path | None = None) -> dict[str, Any]:
    """``--option key=value`` items, then ``--players`` and ``--deck`` where given, as game options; a
    malformed item is the command line's error (typer shows it with the usage)."""
    try:
        options = parse_assignments(items)
    except InvalidOptions as exc:
        raise typer.BadParameter(command_refusal(str(exc), terminal_language())) from None
    if players is not None:
        options["players"] = players
    if deck is not None:
        options["deck"] = str(deck)
    return options
