"""Tables made through the room itself (no HTTP) whose invited people have sat down: each uses its
invitation's token once, as a client of the API does, so the game has begun (see room/waiting.py)."""

from __future__ import annotations

from typing import Any

from cardroom.server.room.rooms import Room
from cardroom.server.room.seating import Created


async def create_seated(room: Room, *args: Any, **kwargs: Any) -> Created:
    created = await room.create(*args, **kwargs)
    for token in created.invitations.values():
        await room.seat_soon(created.table_id, token)
    return created
