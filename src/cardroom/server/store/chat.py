"""Table chat, kept with the table."""

from __future__ import annotations

from sqlalchemy import Engine, insert, select

from cardroom.server.store.notify import notify
from cardroom.server.store.rows import Message, now
from cardroom.server.store.schema import chat


def add_message(engine: Engine, table_id: str, seat: int | None, name: str, text: str) -> None:
    with engine.begin() as conn:
        conn.execute(insert(chat).values(table_id=table_id, seat=seat, name=name[:64], text=text, created=now()))
        notify(conn, table_id)


def latest_messages(engine: Engine, table_id: str, limit: int) -> list[Message]:
    """The table's newest ``limit`` messages, oldest first."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(chat).where(chat.c.table_id == table_id).order_by(chat.c.id.desc()).limit(limit)
        ).fetchall()
    return [Message(r.seat, r.name, r.text, r.created) for r in reversed(rows)]
