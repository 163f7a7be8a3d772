"""A friend's challenge (docs/challenges.md): a finished game against bots dealt again to a friend, the
same seed and options, the same bots in the same seats, the friend in the challenger's seat.

The same choices give the same game only where every bot is *replayable* (:func:`.autoplay.replayable`:
it counts its effort, and autoplay seeds its generator from the table's seed, the step and the seat).
A bot on a clock answers differently from one run to the next, so a game against one is not offered
as a challenge: the page says why instead of dealing a game that would only look the same.
"""

from __future__ import annotations

from cardroom.locale import Listed, Phrase
from cardroom.server.errors import Refused
from cardroom.server.ops.names import seat_name
from cardroom.server.room import tokens
from cardroom.server.room.autoplay import replayable
from cardroom.server.room.live import Live
from cardroom.server.room.new_rows import new_table_row
from cardroom.server.store import SeatRow, TableRow


def refusal(live: Live, seat: int, daily_deal: bool) -> Phrase | None:
    """Why this seat's game cannot be a friend's challenge, or None if it can. A deal of the day never
    can: dealt to a friend, it would show them a deal they may still enter (docs/challenges.md)."""
    if not live.is_over:
        return Phrase("a game becomes a challenge once it is over")
    if daily_deal:
        return Phrase("a deal of the day is not passed on: its results open to everyone when the day is over")
    others = [s for s in live.row.seats if s.seat != seat]
    if any(s.kind != "bot" or not s.bot_spec for s in others):
        return Phrase("only a game against bots (every other seat a bot) can be dealt to a friend")
    clocked = sorted({s.bot_spec for s in others if s.bot_spec and not replayable(s.bot_spec)})
    if clocked:
        return Phrase(
            "these bots think on a clock, so the same choices would not meet the same answers ({bots}): "
            "challenge a friend after a game against bots that count their effort",
            bots=Listed(clocked),
        )
    return None


def checked_name(name: str | None) -> str:
    clean = seat_name(name)
    if clean is None:
        raise Refused("give the name you play under (1 to 40 characters)")
    return clean


def friend_table(source: TableRow, seat: int, name: str) -> tuple[TableRow, str]:
    """The friend's copy of ``source``: its seed, game and options, its bots (specs and names) in their
    seats, the friend in ``seat``; private (never listed, never rated), without a move clock (played at
    the friend's pace). Returns the row and the friend's seat token."""
    token = tokens.new_token()
    seats = tuple(
        SeatRow(s.seat, "human", None, tokens.hash_token(token), name, True)
        if s.seat == seat
        else SeatRow(s.seat, "bot", s.bot_spec, None, s.name, True)
        for s in source.seats
    )
    row = new_table_row(source.game, source.preset, source.options, source.seed, seats, source.reaction_seconds, None)
    return row, token
