"""Engine texts in the room's words: the engines name seats P0, P1...; people read seat names.

Every text the room writes names seats by name (its log entries, outcomes and refusals); an engine's
reason for refusing an action is passed on through :func:`refusal`, which names the seats in it.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardroom.core.seatnames import name_seats
from cardroom.locale.reasons import EngineReason
from cardroom.server.errors import Refused


def seat_names(text: str, names: Mapping[int, str]) -> str:
    """``text`` with every seat number ("P1") written as that seat's name ("Zed")."""
    return name_seats(text, names)


def refusal(exc: Exception, names: Mapping[int, str]) -> Refused:
    """The engine's reason for refusing, as the room says it (seats by name), in the language of the
    request that gets it (the engine's wordings read back: :mod:`cardroom.locale.reasons`)."""
    return Refused(EngineReason(str(exc), lambda text: seat_names(text, names)))
