"""Why a game ended, in the terminal's language. The engines write the reason in English with the
seats as P0, P1 (or Tacocat's sides); each wording they write is read back here and said again through
the catalogue. A reason no pattern knows is shown as the engine wrote it, with the seats named."""

from __future__ import annotations

import re

from cardroom.core.seatnames import name_seats
from cardroom.locale import ENGLISH, Plural, say


def reason_words(reason: str, names: list[str], lang: str) -> str:
    if lang != ENGLISH:
        worded = _worded(reason, names, lang)
        if worded is not None:
            return worded
    return name_seats(reason, names)


def _worded(reason: str, names: list[str], lang: str) -> str | None:
    def seat(number: str) -> str:
        n = int(number)
        return names[n] if 0 <= n < len(names) else f"P{n}"

    if reason == "last player standing":
        return say(lang, "last player standing")
    if found := re.fullmatch(r"(YAY|WOW) moved Tacocat onto the (YAY|WOW) goal", reason):
        return say(lang, "{side} moved Tacocat onto the {goal} goal", side=found[1], goal=found[2])
    if found := re.fullmatch(r"(\d+) rounds? played", reason):
        return Plural("{count} round played", "{count} rounds played", int(found[1])).in_language(lang)
    if found := re.fullmatch(r"P(\d+) is the last player in: the others conceded", reason):
        return say(lang, "{name} is the last player in: the others conceded", name=seat(found[1]))
    return None
