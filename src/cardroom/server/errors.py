"""What the service refuses, each mapped by the API to one HTTP status.

A refusal's reason reaches a person (the page shows it), so a reason written through the message
catalogue keeps its English message and places (:class:`Worded`), and the API words it in the
request's language (``in_language``); a reason passed on from elsewhere (an engine's) is shown as
written.
"""

from __future__ import annotations

from cardroom.locale import ENGLISH, Phrase


class Worded(Exception):
    """An exception whose text is a catalogue message with its places, worded per language (given as
    the message and its places, or as a :class:`~cardroom.locale.Phrase`, a counted one included)."""

    def __init__(self, message: str | Phrase, **params: object) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message, **params)
        super().__init__(self.phrase.in_language(ENGLISH))

    def in_language(self, lang: str) -> str:
        return self.phrase.in_language(lang)


class UnknownTable(Exception):
    """404: no table with that id."""


class WrongToken(Exception):
    """403: the token is missing or opens no seat at this table."""


class SeatTaken(Exception):
    """410: an invitation or hand-over link that was already opened: its seat has been taken."""


class StaleStep(Worded):
    """409: the action was chosen on a step that has passed."""

    def __init__(self, current: int) -> None:
        Worded.__init__(self, "stale step: the game is at step {current}", current=current)
        self.current = current


class Refused(Worded):
    """422: the request is well-formed JSON but not something this table can do (the reason says why:
    ``Refused("the game is already over")``, ``Refused("nobody sits at {name}'s seat", name="Ada")``,
    ``Refused(Plural("... {count} day", "... {count} days", 2))``; a text the catalogue lacks, an engine's, is shown as written)."""


class RateLimited(Exception):
    """429: too many requests for this token."""
