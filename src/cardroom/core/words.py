"""The words a part below the message catalogue says to a person, handed in by whoever prints them.

The balance lab sits below the catalogue (it imports no ``cardroom.locale``: docs/architecture.md), so a
function of its that words a figure for a person takes ``words``: the code's own English by default
(``balance.json`` keeps it), or the terminal's catalogue in its language, which the command line hands
in (``cli/balance.py``: ``locale/lab_words.py``) for the terminal's tables, the HTML report and the
plots alike. The arena's plots take the same ``words`` (``cli/arena.py`` hands in the same speaker), so
the protocol lives here, at the bottom, where the lab, the arena and the catalogue's speaker can all
reach it without an import pointing up. Each message is written where it is used, as the catalogue's
``say``/``say_n`` write theirs, so the catalogue's tests find it and its German entry. A figure is
written through ``number``/``percent``, so it takes the language's style too (``9.004``, ``50,0 %``);
English keeps Python's (``9,004``, ``50.0%``).
"""

from __future__ import annotations

from typing import Protocol


class Words(Protocol):
    @property
    def lang(self) -> str:
        """The language's code (``en``, ``de``), for the report's ``lang`` attribute."""
        ...

    def say(self, message: str, **params: object) -> str:
        """``message`` with its ``{name}`` places filled."""
        ...

    def say_n(self, singular: str, plural: str, count: int, **params: object) -> str:
        """The form ``count`` takes (its ``{count}`` filled)."""
        ...

    def refusal(self, text: str) -> str:
        """A refusal written in English by the lab or a part below it (an option, a bot's spec)."""
        ...

    def number(self, value: float, spec: str) -> str:
        """``value`` as ``format(value, spec)`` writes it (``"+.1f"``, ``",d"``, ``".2g"``), in the language's style."""
        ...

    def percent(self, share: float, digits: int = 1) -> str:
        """A share (0.5) as a percentage with ``digits`` decimals (``50.0%``)."""
        ...


class English:
    """The code's own words (a message without places is taken as written, braces and all)."""

    lang = "en"

    def say(self, message: str, **params: object) -> str:
        return message.format(**params) if params else message

    def say_n(self, singular: str, plural: str, count: int, **params: object) -> str:
        return (singular if count == 1 else plural).format(count=count, **params)

    def refusal(self, text: str) -> str:
        return text

    def number(self, value: float, spec: str) -> str:
        return format(value, spec)

    def percent(self, share: float, digits: int = 1) -> str:
        return f"{100 * share:.{digits}f}%"


ENGLISH = English()
