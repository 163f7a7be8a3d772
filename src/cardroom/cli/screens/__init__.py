"""Per-game terminal screens. ``screens/<package>.py`` renders one seat's view with Rich, in the
language the terminal gives the view (``view["lang"]``, English if none), and may word its game's
log entries (``log_line``)."""

from __future__ import annotations

import importlib
import json
from typing import Any, Protocol

from rich.console import RenderableType
from rich.panel import Panel
from rich.pretty import Pretty

from cardroom.core.game import Game
from cardroom.locale import ENGLISH, say

# Keys every view has (see State.view); a screen shows the game-specific rest.
BASE_KEYS = {"game", "preset", "options", "players", "seat", "step", "to_act", "is_over", "outcome", "legal_actions"}


class Screen(Protocol):
    """``compact``: draw for a small terminal (80x24): one line a player, no card texts, no log."""

    def __call__(self, view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType: ...


# Below this many lines a screen is drawn compact, so that board, menu and prompt fit together.
COMPACT_BELOW_LINES = 40


def seat_name(view: dict[str, Any], seat: int) -> str:
    """ "you" for the viewer's own seat, else the seat's name: the terminal adds ``names`` to the view it
    draws; a view without them (a test's, a bare engine's) says "Player N"."""
    lang = language(view)
    if seat == view.get("seat"):
        return say(lang, "you")
    names = view.get("names")
    return str(names[seat]) if names and 0 <= seat < len(names) else say(lang, "Player {n}", n=seat + 1)


def language(view: dict[str, Any]) -> str:
    """The language a screen draws in: the terminal's, which it adds to the view."""
    return str(view.get("lang") or ENGLISH)


def package_of(game: Game) -> str:
    """``cardroom.games.tacocat.game`` -> ``tacocat``."""
    parts = type(game).__module__.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else parts[-1]


def generic(view: dict[str, Any], game: Game, compact: bool = False) -> RenderableType:
    rest = {k: v for k, v in view.items() if k not in BASE_KEYS}
    return Panel(Pretty(json.loads(json.dumps(rest))), title=game.title)


class Label(Protocol):
    def __call__(self, view: dict[str, Any], text: str) -> str | None: ...


def _hook(game: Game, name: str) -> Any:
    """A function the game's screen module defines, or None (no screen module, or no such function)."""
    try:
        module = importlib.import_module(f"cardroom.cli.screens.{package_of(game)}")
    except ModuleNotFoundError:
        return None
    return getattr(module, name, None)


def label_for(game: Game) -> Label | None:
    """The screen's ``label(view, action_text)``, a short note shown beside a choice, if it has one."""
    label: Label | None = _hook(game, "label")
    return label


class MenuTexts(Protocol):
    def __call__(self, view: dict[str, Any], legal: list[str]) -> list[tuple[str, str]]: ...


def menu_texts_for(game: Game) -> MenuTexts | None:
    """The screen's ``menu_texts(view, legal)``, if it has one: (menu text, action) for every legal action,
    in the order and words the menu should list and group them (each text one the game reads as its action)."""
    texts: MenuTexts | None = _hook(game, "menu_texts")
    return texts


class LogLine(Protocol):
    def __call__(self, entry: dict[str, Any], names: list[str], lang: str) -> str | None: ...


def log_line_for(game: Game) -> LogLine | None:
    """The screen's ``log_line(entry, names, lang)``: a log entry in the terminal's language from its
    fields (None for one it does not know: the engine's words are shown), if it has one."""
    words: LogLine | None = _hook(game, "log_line")
    return words


def screen_for(game: Game) -> Screen:
    render: Screen = _hook(game, "render") or generic
    return render
