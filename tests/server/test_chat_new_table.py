"""A table the room has just made has no chat message: its snapshots show an empty chat without a
read from the database, and a message said there afterwards is shown as usual."""

from __future__ import annotations

import asyncio
from pathlib import Path

from cardroom.server.room.rooms import Room
from cardroom.server.room.tablerequest import SeatRequest
from cardroom.server.store import Store, database
from tests.server.seated import create_seated


def test_a_new_table_knows_its_chat_is_empty_and_still_shows_what_is_said(tmp_path: Path) -> None:
    engine = database.make_engine(f"sqlite:///{tmp_path / 'chat.sqlite3'}")
    database.upgrade(engine)
    store = Store(engine)
    room = Room(store, bot_delay=0.0)
    reads: list[str] = []
    latest = store.latest_messages

    def counted(table_id: str, count: int) -> list[object]:
        reads.append(table_id)
        return latest(table_id, count)  # type: ignore[return-value]

    store.latest_messages = counted  # type: ignore[method-assign,assignment]

    async def scenario() -> tuple[list[str], list[str], list[str]]:
        created = await create_seated(
            room, "toy", None, {}, [SeatRequest("me"), SeatRequest("invite")], reaction_seconds=60, turn_seconds=600
        )
        live = room.live(created.table_id)
        await room.messages_soon(live)
        before = list(reads)
        shown_before = [m.text for m in live.messages.latest or []]
        await room.say(created.table_id, created.token, "hello")
        await room.messages_soon(live)
        shown_after = [m.text for m in live.messages.latest or []]
        await room.shutdown()
        return before, shown_before, shown_after

    before, shown_before, shown_after = asyncio.run(scenario())
    engine.dispose()
    assert before == [] and shown_before == []  # no read for a table made a moment ago
    assert shown_after == ["hello"]  # a message said since is read and shown
