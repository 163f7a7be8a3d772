"""The numbered list of choices under the board, kept short enough for an 80x24 terminal.

Up to :data:`FLAT_LIMIT` choices are listed one a line. More are grouped by their first word (``play``,
``use``, ``discard``...): the first list names the groups, a number opens one, and its choices are
laid out in columns; ``0`` goes back. Typing an action's text works at every level. A game's screen
may add a note to a choice (``place 0`` is "top of the pile") through a ``label`` function.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.text import Text

FLAT_LIMIT = 8

Label = Callable[[str], str | None]


@dataclass
class Menu:
    """What the numbers mean right now: a flat list, the groups, or one group's choices."""

    legal: Sequence[str]
    label: Label | None = None
    group: str | None = None  # the open group, if any

    @property
    def grouped(self) -> bool:
        return len(self.legal) > FLAT_LIMIT and len(self.groups()) > 1

    def groups(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for text in self.legal:
            out.setdefault(text.split()[0], []).append(text)
        return out

    def numbered(self) -> list[str]:
        """The choices the numbers 1..n stand for at this level (group names at the top of a grouped menu)."""
        if not self.grouped:
            return list(self.legal)
        if self.group is None:
            return list(self.groups())
        return self.groups()[self.group]

    def pick(self, n: int) -> str | None:
        """The action number ``n`` picks, or None when it opened (or, with 0, closed) a group."""
        if n == 0 and self.group is not None:
            self.group = None
            return None
        items = self.numbered()
        if not 1 <= n <= len(items):
            raise ValueError(f"there is no choice {n}; pick 1 to {len(items)}" + (", or 0 to go back" if self.group else ""))
        if self.grouped and self.group is None:
            verb = items[n - 1]
            members = self.groups()[verb]
            if len(members) == 1:
                return members[0]
            self.group = verb
            return None
        return items[n - 1]

    def _text(self, text: str) -> str:
        note = self.label(text) if self.label else None
        return f"{text}  ({note})" if note else text

    def render(self, console: Console) -> None:
        items = self.numbered()
        if self.grouped and self.group is None:
            groups = self.groups()
            for i, verb in enumerate(items, 1):
                members = groups[verb]
                if len(members) == 1:
                    line = self._text(members[0])
                else:
                    shown = ", ".join(" ".join(m.split()[1:]) for m in members[:4])
                    more = ", ..." if len(members) > 4 else ""
                    line = f"{verb} …  ({len(members)} choices: {shown}{more})"
                console.print(_numbered(i, line, console.width), highlight=False)
            return
        cells: list[RenderableType] = [_numbered(i, self._text(t), console.width) for i, t in enumerate(items, 1)]
        if self.group is not None:
            cells.append(_numbered(0, "back", console.width))
            console.print(Columns(cells, padding=(0, 3)), highlight=False)
        else:
            for cell in cells:
                console.print(cell, highlight=False)

    def hint(self) -> str:
        if self.grouped and self.group is None:
            return f"a number opens a group (1 to {len(self.numbered())}), or type an action"
        if self.group is not None:
            return f"pick 1 to {len(self.numbered())}, 0 to go back, or type an action"
        return f"pick 1 to {len(self.numbered())}, or type an action"


def _numbered(i: int, text: str, width: int) -> Text:
    line = Text(f"{i:>3}  ", style="bold cyan")
    line.append(text)
    line.truncate(max(20, width - 1), overflow="ellipsis")
    return line
