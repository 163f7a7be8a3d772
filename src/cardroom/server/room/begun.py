"""Whether a table's game has begun: it has not while a seat waits for its invited person (see
:mod:`.waiting`). Asked by the clocks, the moves and what viewers are shown."""

from __future__ import annotations

from cardroom.locale import Listed, Phrase
from cardroom.server.store import TableRow


def waiting_for(row: TableRow) -> list[int]:
    """The seats whose invited person has not taken them yet (the game begins when there are none)."""
    return [s.seat for s in row.seats if s.kind == "invite"] if row.status == "playing" else []


def not_begun(row: TableRow) -> Phrase:
    """Why nothing may be played yet at a waiting table, naming the seats it waits for."""
    names = Listed(s.name for s in row.seats if s.seat in waiting_for(row))
    return Phrase("the game begins when everyone has sat down: waiting for {names}", names=names)


def never_begun(row: TableRow) -> bool:
    """Whether the table's game never began: it still waits, or it ended (cancelled, abandoned,
    expired) while it waited. Its viewers are asked nothing and shown no log."""
    return row.status == "cancelled" or any(s.kind == "invite" for s in row.seats)
