"""A bot's label as a person reads it, in the words handed in.

``arena.json`` keeps each bot's label as ``stats.bot_labels`` writes it: the spec as typed, a mark in
English on a bot that sees hidden cards (``oracle:ms=200 (cheats)``) and a number on a spec given twice
(``random #2``). The spec and the number stay as they are (a spec is what a person types); the mark is
worded in the reader's language wherever a label is shown (the tables, the plots)."""

from __future__ import annotations

from cardroom.core.words import ENGLISH, Words

CHEATS = " (cheats)"  # the mark stats.bot_labels puts after a cheating bot's spec, in arena.json


def shown_bot(label: str, words: Words = ENGLISH) -> str:
    """``label`` (a bot's, or a matchup's field such as ``2× oracle (cheats)``) with its mark worded."""
    spec, marked, number = label.partition(CHEATS)
    if not marked:
        return label
    return words.say("{bot} (cheats)", bot=spec) + number
