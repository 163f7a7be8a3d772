"""Reading a person's choice: a number from the list, an action's text, or a command."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

COMMANDS = ("help", "rules", "log", "quit")


@dataclass(frozen=True)
class Choice:
    """Either an action text to apply or a command word."""

    action: str | None = None
    command: str | None = None


class BadEntry(ValueError):
    pass


def interpret(entry: str, legal: Sequence[str]) -> Choice:
    """What a typed line means; :class:`BadEntry` explains in one line what was wrong."""
    text = entry.strip()
    if not text:
        raise BadEntry(f"type a number from 1 to {len(legal)}, an action, or help")
    lowered = text.lower()
    if lowered in COMMANDS or lowered in ("?", "q", "exit"):
        return Choice(command={"?": "help", "q": "quit", "exit": "quit"}.get(lowered, lowered))
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(legal):
            return Choice(action=legal[n - 1])
        raise BadEntry(f"there is no choice {n}; pick 1 to {len(legal)}")
    return Choice(action=" ".join(lowered.split()))
