"""T.A.C.O.'s log in the terminal's language. Its entries name their cards only in the engine's
English, so each is read back (as the table page's ``js/tacolog.js`` does) by the wordings of the
engines' log events the analysis reads too (:mod:`cardroom.locale.events`, where T.A.C.O.'s are
listed once, each written as the English it reads) and said again through the catalogue: seats by
the names the terminal gives them, cards by their printed English names (no German edition's names
were found). English keeps the engine's own words, so this words only the other languages; an entry
no wording reads gives None, and the terminal shows the engine's words."""

from __future__ import annotations

from typing import Any

from cardroom.core.seatnames import name_seats
from cardroom.locale import ENGLISH
from cardroom.locale.events import event_in, known


def log_line(entry: dict[str, Any], names: list[str], lang: str) -> str | None:
    if lang == ENGLISH:
        return None
    named = name_seats(str(entry.get("text", "")), names)
    return event_in(named, lang) if known(named) else None


def recent_line(text: str, names: list[str], lang: str) -> str:
    """One of the screen's recent events (the view keeps their texts only): in the table's language
    where a wording reads it, else the engine's words; the seats named either way."""
    named = name_seats(text, names) if names else text
    return named if lang == ENGLISH else event_in(named, lang)
