"""The rules of a game under its preset, as Markdown in a language: the game's own text (``rules.<lang>.md``
beside its ``rules.md`` where the language has one, else ``rules.md``) and a table of this table's
option values, its headings and each option's meaning in the same language.

One function for the room's rules panel (``/api/games/{game}/rules``, in the request's language) and
the terminal (``cardroom rules`` and the rules key of ``cardroom play``, in the terminal's language).
Option names, presets and values stay as they are typed.
"""

from __future__ import annotations

from importlib import resources

from cardroom.core.game import Game
from cardroom.locale import ENGLISH, say
from cardroom.locale.option_help import option_help


def rules_file_text(game: Game, lang: str) -> str | None:
    """The game's own rules text in ``lang`` (its English one where the language has none), or None
    where the game ships no rules text at all."""
    package = type(game).__module__.rsplit(".", 1)[0]
    names = ([f"rules.{lang}.md"] if lang != ENGLISH else []) + ["rules.md"]
    for name in names:
        try:
            return resources.files(package).joinpath(name).read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
            continue
    return None


def rules_markdown(game: Game, lang: str = ENGLISH) -> str:
    text = rules_file_text(game, lang)
    if text is None:
        text = f"# {game.title}\n\n" + say(lang, "(no rules text ships with this game yet)") + "\n"
    heading = say(lang, "This table: preset {preset}", preset=f"`{game.preset}`")
    columns = (say(lang, "option"), say(lang, "value"), say(lang, "meaning"))
    rows = ["", f"## {heading}", "", "| " + " | ".join(columns) + " |", "| --- | --- | --- |"]
    for spec in game.option_specs:
        note = " *(" + say(lang, "assumed: no rule text gives it") + ")*" if spec.assumed else ""
        meaning = option_help(game.name, spec, lang)
        rows.append(f"| `{spec.name}` | `{game.options[spec.name]}` | {meaning}{note} |")
    return text.rstrip() + "\n" + "\n".join(rows) + "\n"
