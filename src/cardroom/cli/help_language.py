"""Typer's own words around a command's help (its panels' titles, "[required]", "[default: ...]", the
hint after an error) in the terminal's language. Typer keeps them as module constants in English; the
command line sets them once when it starts. Click's "Usage:" and its help option's "Show this message
and exit." come from Click's own gettext domain, which has no German, and stay English."""

from __future__ import annotations

from typer import rich_utils

from cardroom.locale import ENGLISH, say


def word_typer(lang: str) -> None:
    if lang == ENGLISH:
        return
    rich_utils.ARGUMENTS_PANEL_TITLE = say(lang, "Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = say(lang, "Options")
    rich_utils.COMMANDS_PANEL_TITLE = say(lang, "Commands")
    rich_utils.ERRORS_PANEL_TITLE = say(lang, "Error")
    rich_utils.DEFAULT_STRING = say(lang, "[default: {}]")
    rich_utils.REQUIRED_LONG_STRING = say(lang, "[required]")
    rich_utils.ABORTED_TEXT = say(lang, "Aborted.")
    rich_utils.RICH_HELP = say(lang, "Try [blue]'{command_path} {help_option}'[/] for help.")
