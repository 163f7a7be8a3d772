"""Engine texts in the room's words: the engines name seats P0, P1...; people read seat names.

Every text the room writes names seats by name (its log entries, outcomes and refusals); an engine's
reason for refusing an action is passed on through :func:`refusal`, which names the seats in it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cardroom.server.errors import Refused

SEAT = re.compile(r"\bP(\d+)\b")


def seat_names(text: str, names: Mapping[int, str]) -> str:
    """``text`` with every seat number ("P1") written as that seat's name ("Zed")."""
    return SEAT.sub(lambda m: names.get(int(m.group(1)), m.group(0)), text)


def refusal(exc: Exception, names: Mapping[int, str]) -> Refused:
    """The engine's reason for refusing, as the room says it (seats by name)."""
    return Refused(seat_names(str(exc), names))
