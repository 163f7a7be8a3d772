"""Table chat: short plain-text messages from the people seated at a table, stored with the table and
shown to everyone there, spectators included.

Messages are plain text (the page draws them as text, never as HTML), at most ``MAX_LENGTH``
characters with control characters removed, and each seat may send about one a second (bursts of
``BURST``): chat is for talking, not for flooding.
"""

from __future__ import annotations

import asyncio
import unicodedata

from cardroom.server.errors import RateLimited, Refused
from cardroom.server.ops.ratelimit import RateLimiter
from cardroom.server.room.live import Live
from cardroom.server.store import GroupWriter, Message, Store

MAX_LENGTH = 300
SHOWN = 50  # the latest messages sent with every snapshot
RATE = 1.0  # messages a second per seat
BURST = 10  # a quick exchange of ten lines goes through; a refused one is shown to its sender


def clean(text: str) -> str:
    """The message as it will be stored: control characters out, spaces trimmed. Raises ValueError
    with a reason when nothing is left or it is too long."""
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text).strip()
    if not kept:
        raise ValueError("a chat message needs some text")
    if len(kept) > MAX_LENGTH:
        raise ValueError(f"a chat message is at most {MAX_LENGTH} characters; this one has {len(kept)}")
    return kept


def none_yet(live: Live) -> None:
    """The table was just made here and has no message: its snapshots need not read the chat from
    the database (every socket's first snapshot of a new table or rematch did, for nothing). Unless a
    message was stored since it was loaded (``stale``), which is then read as usual."""
    kept = live.messages
    if kept.latest is None and kept.stale == 0:
        kept.latest = []


class Chat:
    """Stores a seat's message and keeps the latest on the table (``Live.messages``, one holder
    handed on when the table is rebuilt), where every
    snapshot reads them.

    The per-seat rate limit is kept here, by table and seat, not on the table: a chat message is
    itself a change another process is told of, and a process that does not follow the table drops
    it from memory on hearing one (see :mod:`.catchup`); kept on the table, the limit would start
    afresh with every message."""

    def __init__(self, store: Store, writer: GroupWriter) -> None:
        self.store = store
        self.writer = writer  # every write of this process, on one thread
        self.limiter = RateLimiter(RATE, BURST)

    async def add(self, live: Live, seat: int, text: str) -> str:
        """Store a message from ``seat`` (the table's messages are read again); the message as stored.
        :class:`Refused` (what was wrong) for an empty or long one, :class:`RateLimited` for one too many."""
        try:
            message = clean(text)
        except ValueError as exc:
            raise Refused(str(exc)) from None
        table_id = live.row.id
        if not self.limiter.allow(f"{table_id}:{seat}"):
            raise RateLimited()
        name = next(s.name for s in live.row.seats if s.seat == seat)
        await self.writer.call(self.store.add_message, table_id, seat, name, message)  # not on the event loop
        self.forget(live)
        return message

    def forget(self, live: Live) -> None:
        """Drop the kept messages (a new one was stored, here or by another process)."""
        live.messages.latest = None
        live.messages.stale += 1

    async def ready(self, live: Live) -> None:
        """Have the table's messages in memory, read on a thread if they are not (every snapshot
        shows them: read by :meth:`latest` on the event loop, they held every other table up)."""
        kept = live.messages
        if kept.latest is None:
            stale = kept.stale
            found = await asyncio.to_thread(self.store.latest_messages, live.row.id, SHOWN)
            if kept.stale == stale:  # no message was stored while this read ran
                kept.latest = found

    def latest(self, live: Live) -> list[Message]:
        kept = live.messages
        if kept.latest is None:
            kept.latest = self.store.latest_messages(live.row.id, SHOWN)
        return kept.latest
