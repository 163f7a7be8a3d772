"""What a game's option does, in a language: the game's own help in English, in another language the
lobby's words for it (the browser catalogue's ``lobby.help.<game>.<option>``), so each option's
German is written once, for the lobby, the rules text and the terminal alike."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from cardroom.core.options import Option
from cardroom.locale import ENGLISH


@functools.cache
def lobby_words(lang: str) -> dict[str, Any]:
    """The browser catalogue of ``lang`` (empty where the room has none)."""
    path = resources.files("cardroom").joinpath("web", "i18n", f"{lang}.json")
    words: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return words


def option_help(game: str, option: Option, lang: str) -> str:
    """``option``'s help in ``lang``: the lobby's words where the language has them, else the game's."""
    worded = lobby_words(lang).get(f"lobby.help.{game}.{option.name}") if lang != ENGLISH else None
    return worded if isinstance(worded, str) else option.help
