"""`cardroom games`: the games, their presets and options, in the terminal's language.

The option names, presets and values stay as they are typed (``-o attacks=stacking``, ``--preset
classic``). An option's meaning is the game's own help in English; in another language it is the
lobby's words for it (the browser catalogue's ``lobby.help.<game>.<option>``, so each option's German
is written once), else the game's help.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from cardroom.core.options import Option
from cardroom.core.registry import game_class, kits
from cardroom.locale import Plural, say, terminal_language
from cardroom.locale.option_help import option_help


def meaning(game: str, option: Option, lang: str) -> str:
    """What an option does, in ``lang``: the lobby's words where the language has them, else the game's."""
    return option_help(game, option, lang) + (say(lang, " (assumed)") if option.assumed else "")


def print_games(console: Console, lang: str | None = None) -> None:
    lang = lang or terminal_language()
    for name in (found.name for found in kits() if found.listed):  # a test's toy game is not offered
        cls: Any = game_class(name)
        by_count = [
            Plural("{preset} at {count} player", "{preset} at {count} players", n, preset=preset).in_language(lang)
            for n, preset in sorted(cls.default_presets.items())
        ]
        title = say(
            lang,
            "{name}: {title}  (presets: {presets}; default {default})",
            name=name,
            title=cls.title,
            presets=", ".join(cls.presets),
            default=", ".join([cls.default_preset, *by_count]),
        )
        table = Table(title=title)
        for column in (say(lang, "option"), say(lang, "default"), say(lang, "allowed"), say(lang, "meaning")):
            table.add_column(column)
        for spec in cls.option_specs:
            allowed = ", ".join(map(str, spec.choices)) if spec.choices else ""
            table.add_row(spec.name, str(spec.default), allowed, meaning(name, spec, lang))
        console.print(table)
