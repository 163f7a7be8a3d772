"""Reading a person's choice: a number from the list, an action's text, or a command."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardroom.locale import ENGLISH, say

COMMANDS = ("help", "rules", "log", "quit")


@dataclass(frozen=True)
class Choice:
    """Either an action text to apply or a command word."""

    action: str | None = None
    command: str | None = None


class BadEntry(ValueError):
    pass


def interpret(entry: str, legal: Sequence[str], lang: str = ENGLISH) -> Choice:
    """What a typed line means; :class:`BadEntry` explains in one line what was wrong (in ``lang``)."""
    text = entry.strip()
    if not text:
        raise BadEntry(say(lang, "type a number from 1 to {most}, an action, or help", most=len(legal)))
    lowered = text.lower()
    if lowered in COMMANDS or lowered in ("?", "q", "exit"):
        return Choice(command={"?": "help", "q": "quit", "exit": "quit"}.get(lowered, lowered))
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return Choice(action=legal[n - 1])
        raise BadEntry(say(lang, "there is no choice {n}; pick 1 to {most}", n=n, most=len(legal)))
    return Choice(action=" ".join(lowered.split()))
