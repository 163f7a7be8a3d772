"""The lab's words, said by whoever prints them.

The balance lab sits below the message catalogue (it imports no ``cardroom.locale``: docs/architecture.md),
so a function that words a figure for a person takes ``words``: the code's own English by default
(the HTML report and ``balance.json`` keep it), or the terminal's catalogue in its language, which the
command line hands in (``cli/balance.py``). Each message is written where it is used, as the catalogue's
``say``/``say_n`` write theirs, so the catalogue's tests find it and its German entry.
"""

from __future__ import annotations

from typing import Protocol


class Words(Protocol):
    def say(self, message: str, **params: object) -> str:
        """``message`` with its ``{name}`` places filled."""
        ...

    def say_n(self, singular: str, plural: str, count: int, **params: object) -> str:
        """The form ``count`` takes (its ``{count}`` filled)."""
        ...

    def refusal(self, text: str) -> str:
        """A refusal written in English by the lab or a part below it (an option, a bot's spec)."""
        ...


class English:
    """The code's own words (a message without places is taken as written, braces and all)."""

    def say(self, message: str, **params: object) -> str:
        return message.format(**params) if params else message

    def say_n(self, singular: str, plural: str, count: int, **params: object) -> str:
        return (singular if count == 1 else plural).format(count=count, **params)

    def refusal(self, text: str) -> str:
        return text


ENGLISH = English()
