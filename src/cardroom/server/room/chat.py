"""Table chat: short plain-text messages from the people seated at a table, stored with the table and
shown to everyone there, spectators included.

Messages are plain text (the page draws them as text, never as HTML), at most ``MAX_LENGTH``
characters with control characters removed, and each seat may send about one a second (bursts of
``BURST``): chat is for talking, not for flooding.
"""

from __future__ import annotations

import asyncio
import unicodedata

from cardroom.server.ops.ratelimit import RateLimiter
from cardroom.server.store import Message, Store

MAX_LENGTH = 300
SHOWN = 50  # the latest messages sent with every snapshot
RATE = 1.0  # messages a second per seat
BURST = 5


def clean(text: str) -> str:
    """The message as it will be stored: control characters out, spaces trimmed. Raises ValueError
    with a reason when nothing is left or it is too long."""
    kept = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text).strip()
    if not kept:
        raise ValueError("a chat message needs some text")
    if len(kept) > MAX_LENGTH:
        raise ValueError(f"a chat message is at most {MAX_LENGTH} characters; this one has {len(kept)}")
    return kept


class Chat:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.limiter = RateLimiter(RATE, BURST)
        self._latest: dict[str, list[Message]] = {}  # cache: every snapshot shows the chat

    def allowed(self, table_id: str, seat: int) -> bool:
        return self.limiter.allow(f"{table_id}:{seat}")

    def add(self, table_id: str, seat: int | None, name: str, text: str) -> None:
        self.store.add_message(table_id, seat, name, text)
        self.forget(table_id)

    def forget(self, table_id: str) -> None:
        """Drop the cached messages (another process may have stored one)."""
        self._latest.pop(table_id, None)

    async def ready(self, table_id: str) -> None:
        """Have the table's messages in memory, read on a thread if they are not (every snapshot
        shows them: read by :meth:`latest` on the event loop, they held every other table up)."""
        if table_id not in self._latest:
            await asyncio.to_thread(self.latest, table_id)

    def latest(self, table_id: str, limit: int = SHOWN) -> list[Message]:
        cached = self._latest.get(table_id)
        if cached is not None:
            return cached
        if len(self._latest) > 5000:
            self._latest.clear()
        found = self._latest[table_id] = self.store.latest_messages(table_id, limit)
        return found
