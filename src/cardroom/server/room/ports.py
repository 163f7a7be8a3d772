"""What the room's helpers ask of the room, said as small protocols so that they depend on these
words, not on :class:`cardroom.server.room.rooms.Room` (which builds them and answers them): the bots
and clocks (:mod:`.autoplay`) and the snapshots (:mod:`.snapshots`)."""

from __future__ import annotations

from typing import Protocol

from cardroom.server.room.live import Live
from cardroom.server.store import Message


class Tables(Protocol):
    """The live tables and the moves made at them, as the bots and clocks use them."""

    async def live_soon(self, table_id: str) -> Live: ...

    async def submit(
        self, table_id: str, seat: int, step: int, text: str, timed_out: bool = False, by_room: bool = False
    ) -> Live: ...

    async def close_window(self, table_id: str, window_step: int) -> None: ...

    def answered(self, live: Live) -> dict[int, str]: ...


class Shown(Protocol):
    """What a snapshot shows besides the table: its chat and this seat's hidden answer."""

    def messages(self, live: Live) -> list[Message]: ...

    def answered(self, live: Live) -> dict[int, str]: ...
