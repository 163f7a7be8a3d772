"""Typer's own words around a command's help (its panels' titles, "[required]", "[default: ...]", the
hint after an error) in the terminal's language. Typer keeps them as module constants in English; the
command line sets them once when it starts. Click's "Usage:" and its help option's "Show this message
and exit." are written in English in the Click that Typer carries (``typer._click``, no gettext at
all): its help formatter's usage prefix and its help option's text are worded here, through the
classes and the function Typer looks up when it writes them (a Typer from before it carried its own
Click uses Click's, whose gettext ``_`` is given these two words instead). Its error messages ("No such
option: --nope") are read back and worded again (``locale/click_errors.py``) by each error class's
``format_message``, which Typer's error panel and Click's plain "Error:" line both show. The usage line's
"[OPTIONS]" and "COMMAND [ARGS]..." and the type a help panel shows for a value (``<str>``, ``<int
range>``, ``<list[str]>``) are worded too, where Typer's commands and parameters collect them; in English
everything is left as Typer writes it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from typer import rich_utils

from cardroom.locale import ENGLISH, Phrase, say
from cardroom.locale.click_errors import click_error_in


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
    word_click(lang)
    _word_usage_and_types(lang)


# Typer's names of a value's type in a help panel (inside ``<...>``), each worded; a range's bounds
# ("[x>=1]") and a menu's values stay as written.
TYPE_NAMES = {
    "str": Phrase("str"),
    "int": Phrase("int"),
    "float": Phrase("float"),
    "bool": Phrase("bool"),
    "path": Phrase("path"),
}
# The usage line's placeholders, as Typer's commands and groups write them.
USAGE_WORDS = {"[OPTIONS]": Phrase("[OPTIONS]"), "COMMAND [ARGS]...": Phrase("COMMAND [ARGS]...")}


def type_name(label: str, lang: str) -> str:
    """Typer's name of a value's type (``int range``, ``list[str]``) in ``lang``; one it does not know
    (a menu's values, a date's formats) as written."""
    listed = re.fullmatch(r"list\[(.+)\]", label)
    if listed:
        return say(lang, "list[{item}]", item=type_name(listed.group(1), lang))
    ranged = re.fullmatch(r"(\w+) range", label)
    if ranged and ranged.group(1) in TYPE_NAMES:
        return say(lang, "{kind} range", kind=TYPE_NAMES[ranged.group(1)])
    if "," in label:  # a tuple's types, one a place
        return ",".join(type_name(part, lang) for part in label.split(","))
    named = TYPE_NAMES.get(label)
    return named.in_language(lang) if named else label


def _word_usage_and_types(lang: str) -> None:
    from typer import core

    def pieces(english: Callable[[Any, Any], list[str]]) -> Callable[[Any, Any], list[str]]:
        def worded(self: Any, ctx: Any) -> list[str]:
            return [USAGE_WORDS[p].in_language(lang) if p in USAGE_WORDS else p for p in english(self, ctx)]

        return worded

    for command in (core.TyperCommand, core.TyperGroup):
        command.collect_usage_pieces = pieces(command.collect_usage_pieces)  # type: ignore[method-assign,assignment]
    parameter = core._TyperParameter  # Typer's own base of its arguments and options
    english_type = parameter.display_type

    def display_type(self: Any, ctx: Any) -> str:
        shown = english_type(self, ctx)
        inside = re.fullmatch(r"<(.+)>", shown)
        return f"<{type_name(inside.group(1), lang)}>" if inside else shown

    parameter.display_type = display_type  # type: ignore[method-assign]


def word_click(lang: str) -> None:
    """Click's "Usage:" and "Show this message and exit." in ``lang``, for every command run after."""
    usage = say(lang, "Usage:") + " "
    shown = say(lang, "Show this message and exit.")
    _word_errors(lang)
    try:
        from typer._click import core, decorators, formatting
    except ImportError:
        _word_plain_click({"Usage:": usage.rstrip(), "Show this message and exit.": shown})
    else:

        class WordedFormatter(formatting.HelpFormatter):
            def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
                super().write_usage(prog, args, usage if prefix is None else prefix)

        core.Context.formatter_class = WordedFormatter
        english_help_option = decorators.help_option

        def help_option(param_decls: list[str]) -> Callable[[Any], Any]:
            add = english_help_option(param_decls)

            def add_worded(command: Any) -> Any:
                command = add(command)
                command.params[-1].help = shown  # the option the decorator just appended
                return command

            return add_worded

        decorators.help_option = help_option
    # Typer's help colours the usage line by its English prefix; the worded one gets the same style.
    highlights = rich_utils.OptionHighlighter.highlights
    rich_utils.OptionHighlighter.highlights = [*highlights, f"(?P<usage>{re.escape(usage)})"]


def _word_errors(lang: str) -> None:
    """Every Click error's message in ``lang``: each class's own ``format_message`` (a subclass's
    replaces its parent's, so none is worded twice) gives the English, read back here."""
    try:
        from typer._click import exceptions
    except ImportError:  # a Typer that uses Click's own
        import click.exceptions as exceptions  # type: ignore[no-redef]
    for kind in vars(exceptions).values():
        english = vars(kind).get("format_message") if isinstance(kind, type) else None
        if english is None or getattr(english, "worded", False):
            continue

        def worded(self: Any, english: Callable[[Any], str] = english) -> str:
            return click_error_in(english(self), lang)

        worded.worded = True  # type: ignore[attr-defined]
        kind.format_message = worded


def _word_plain_click(words: dict[str, str]) -> None:
    """Click's own modules say these words through gettext's ``_``, looked up when they are written."""
    import gettext

    import click.decorators
    import click.formatting

    def click_words(message: str) -> str:
        return words.get(message) or gettext.gettext(message)

    for module in (click.formatting, click.decorators):
        setattr(module, "_", click_words)  # noqa: B010 - the name the module calls
