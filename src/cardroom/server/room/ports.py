"""What the room's helpers ask of the room, said as small protocols so that they depend on these
words, not on :class:`cardroom.server.room.rooms.Room` (which builds them): the bots and clocks
(:mod:`.autoplay`), the absence watch (:mod:`.absent`) and the snapshots (:mod:`.snapshots`)."""

from __future__ import annotations

from typing import Protocol

from cardroom.server.room.chat import Chat
from cardroom.server.room.hub import Hub
from cardroom.server.room.live import Live


class Tables(Protocol):
    """The live tables and the moves made at them, as bots, clocks and the absence watch use them."""

    hub: Hub  # who follows which table (read here: tests put a hub of their own in its place)

    async def live_soon(self, table_id: str) -> Live: ...

    def held(self, table_id: str) -> Live | None:
        """The table if it is in memory here (never read from the database)."""
        ...

    def all_held(self) -> list[Live]: ...

    async def reload_row_soon(self, live: Live) -> None: ...

    async def submit(
        self, table_id: str, seat: int, step: int, text: str, timed_out: bool = False, by_room: bool = False
    ) -> Live: ...

    async def close_window(self, table_id: str, window_step: int) -> None: ...

    def answered(self, live: Live) -> dict[int, str]: ...


class Shown(Protocol):
    """What a snapshot shows besides the table: its chat and this seat's hidden answer."""

    chat: Chat

    def answered(self, live: Live) -> dict[int, str]: ...
