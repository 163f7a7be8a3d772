"""Reports: a person at a table reports a message or a player, kept with the table for whoever runs
the room (`cardroom admin reports`)."""

from __future__ import annotations

from sqlalchemy import Engine, insert, select

from cardroom.people.records import Report
from cardroom.server.store.rows import now
from cardroom.server.store.schema import chat, reports


def add_report(
    engine: Engine, table_id: str, by_seat: int | None, about_seat: int | None, message: str | None, reason: str
) -> int:
    """Store a report (a quoted ``message`` is found among the table's chat, newest first); its id."""
    with engine.begin() as conn:
        message_id = None
        if message is not None:
            found = conn.execute(
                select(chat.c.id)
                .where(
                    chat.c.table_id == table_id,
                    chat.c.text == message,
                    *([chat.c.seat == about_seat] if about_seat is not None else []),
                )
                .order_by(chat.c.id.desc())
                .limit(1)
            ).first()
            message_id = None if found is None else int(found.id)
        made = conn.execute(
            insert(reports).values(
                table_id=table_id,
                by_seat=by_seat,
                about_seat=about_seat,
                message_id=message_id,
                reason=reason,
                created=now(),
            )
        )
        key = made.inserted_primary_key
        assert key is not None
        return int(key[0])


def list_reports(engine: Engine, table_id: str | None, limit: int) -> list[Report]:
    """The newest reports (of one table, if given), newest first."""
    query = select(reports).order_by(reports.c.id.desc()).limit(limit)
    if table_id is not None:
        query = query.where(reports.c.table_id == table_id)
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        Report(int(r.id), str(r.table_id), r.by_seat, r.about_seat, r.message_id, str(r.reason), r.created)
        for r in rows
    ]


def message_text(engine: Engine, message_id: int) -> str | None:
    with engine.connect() as conn:
        row = conn.execute(select(chat.c.text).where(chat.c.id == message_id)).first()
    return None if row is None else str(row.text)
