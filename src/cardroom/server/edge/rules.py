"""The rules text of a game and the option values of its preset, as Markdown for the rules panel."""

from __future__ import annotations

from importlib import resources

from cardroom.core.game import Game


def rules_markdown(game: Game) -> str:
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        text = resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        text = f"# {game.title}\n\n(no rules text ships with this game yet)\n"
    rows = [
        "",
        f"## This table: preset `{game.preset}`",
        "",
        "| option | value | meaning |",
        "| --- | --- | --- |",
    ]
    for spec in game.option_specs:
        note = " *(assumed: no rule text gives it)*" if spec.assumed else ""
        rows.append(f"| `{spec.name}` | `{game.options[spec.name]}` | {spec.help}{note} |")
    return text.rstrip() + "\n" + "\n".join(rows) + "\n"
