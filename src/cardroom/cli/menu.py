"""The numbered list of choices under the board, kept short enough for an 80x24 terminal.

Up to :data:`FLAT_LIMIT` choices are listed flat (one a line up to :data:`LINE_LIMIT`, in columns
above). More are grouped by their words, one word at a
time: ``play …`` first, then (opened) ``play cheese …``, then ``play cheese 2``; a number opens a
group, ``0`` goes back up. A list that cannot be grouped further (the 40 places a defused Kitten can
go) is laid out in columns. Typing an action's text works at every level. A game's screen may add a
note to a choice (``place 0`` is the top of the pile) through a ``label`` function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from cardroom.locale import ENGLISH, say

FLAT_LIMIT = 8
# At most this many choices are printed one a line; more go in columns, so an eight-player board with
# a two-line hand and eight choices still fits 24 lines.
LINE_LIMIT = 6

Label = Callable[[str], str | None]


@dataclass
class Menu:
    """What the numbers mean right now: some of the legal actions, or groups of them."""

    legal: Sequence[str]
    label: Label | None = None
    prefix: tuple[str, ...] = ()  # the words of the open group; () at the top
    lang: str = ENGLISH  # the language of the menu's own words (the choices are the game's)

    @property
    def grouped(self) -> bool:
        """Whether the numbers stand for groups (rather than actions) at this level."""
        return len(self._entries()) < len(self._members(self.prefix))

    @property
    def group(self) -> str | None:
        return " ".join(self.prefix) or None

    def _members(self, prefix: tuple[str, ...]) -> list[str]:
        return [t for t in self.legal if tuple(t.split()[: len(prefix)]) == prefix]

    def _entries(self) -> list[tuple[str, list[str]]]:
        """(shown text, the actions behind it) for each number at this level."""
        prefix = self.prefix
        members = self._members(prefix)
        while len(members) > FLAT_LIMIT:
            depth = len(prefix) + 1
            groups: dict[str, list[str]] = {}
            for text in members:
                groups.setdefault(" ".join(text.split()[:depth]), []).append(text)
            if len(groups) == len(members):  # every group is one action: nothing to gain by grouping
                break
            if len(groups) > 1:  # a group of one action shows the action itself
                return [(group[0] if len(group) == 1 else key, group) for key, group in groups.items()]
            prefix = tuple(next(iter(groups)).split())  # one word shared by all: look one further
        return [(t, [t]) for t in members]

    def numbered(self) -> list[str]:
        """What the numbers 1..n stand for at this level (group names or actions)."""
        return [key for key, _ in self._entries()]

    def pick(self, n: int) -> str | None:
        """The action number ``n`` picks, or None when it opened (or, with 0, closed) a group."""
        if n == 0 and self.prefix:
            self.prefix = ()
            return None
        entries = self._entries()
        if not 1 <= n <= len(entries):
            if self.prefix:
                raise ValueError(
                    say(self.lang, "there is no choice {n}; pick 1 to {most}, or 0 to go back", n=n, most=len(entries))
                )
            raise ValueError(say(self.lang, "there is no choice {n}; pick 1 to {most}", n=n, most=len(entries)))
        key, members = entries[n - 1]
        if len(members) == 1:
            return members[0]
        self.prefix = tuple(key.split())
        return None

    def _text(self, key: str, members: list[str]) -> str:
        if len(members) > 1:
            rest = sorted({" ".join(m.split()[len(key.split()) :]) for m in members}, key=_natural)
            shown = ", ".join(rest[:4]) + (", ..." if len(rest) > 4 else "")
            note = self.label(key) if self.label else None  # a group may have a name too (a seat)
            return f"{key} …  {note + '  ' if note else ''}({len(members)}: {shown})"
        note = self.label(key) if self.label else None
        return f"{key}  ({note})" if note else key

    def _short(self, key: str, members: list[str]) -> str:
        """A group in a column: its words, its name if it has one, and how many choices it holds."""
        note = self.label(key) if self.label else None
        return f"{key} …{' ' + note if note else ''} ({len(members)})"

    def render(self, console: Console) -> None:
        entries = self._entries()
        back = [_numbered(0, say(self.lang, "back"), console.width)] if self.prefix else []
        if len(entries) <= LINE_LIMIT:
            for i, (key, members) in enumerate(entries, 1):
                console.print(_numbered(i, self._text(key, members), console.width), highlight=False)
            for cell in back:
                console.print(cell, highlight=False)
            return
        # Many short choices: columns of bare texts, and any notes on one line below (a note in a cell
        # would widen every column).
        cells = [
            _numbered(i, key if len(members) == 1 else self._short(key, members), console.width)
            for i, (key, members) in enumerate(entries, 1)
        ]
        console.print(Columns(cells + back, padding=(0, 2)), highlight=False)
        notes = [
            f"{i}: {note}"
            for i, (key, members) in enumerate(entries, 1)
            if len(members) == 1 and self.label and (note := self.label(key))
        ]
        if notes:
            console.print(Text("   " + " · ".join(notes), style="dim"), highlight=False)

    def hint(self) -> str:
        n = len(self._entries())
        if self.grouped:
            what = say(self.lang, "a number opens a group or picks a choice (1 to {most})", most=n)
        else:
            what = say(self.lang, "pick a number (1 to {most})", most=n)
        if self.prefix:
            return say(self.lang, "{what}, 0 to go back, or type an action", what=what)
        return say(self.lang, "{what}, or type an action", what=what)


def _natural(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdigit() else (1 << 30, text)


def _numbered(i: int, text: str, width: int) -> Text:
    line = Text(f"{i:>3}  ", style="bold cyan")
    line.append(text)
    line.truncate(max(20, width - 1), overflow="ellipsis")
    return line
