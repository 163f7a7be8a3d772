"""Seats in words people read: the engines write seats as P0, P1, ...; every front end names them.

Engine texts stay terse and language-free so that records, tests and the kernels agree on them;
each front end (the room, the terminal, the analysis) passes them through :func:`name_seats` with
its own names for the seats.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

SEAT_MENTION = re.compile(r"\bP(\d+)\b")


def name_seats(text: str, names: Sequence[str] | Mapping[int, str]) -> str:
    """``text`` with every seat mention ("P1") written as that seat's name; a mention of a seat
    without a name is left as it is."""
    lookup = names if isinstance(names, Mapping) else dict(enumerate(names))
    return SEAT_MENTION.sub(lambda m: lookup.get(int(m.group(1)), m.group(0)), text)
