"""Private tables: played like any other, but left out of the public list of tables."""

from __future__ import annotations

from sqlalchemy import Engine, insert, select

from cardroom.server.schema import private_tables


def mark_private(engine: Engine, table_id: str) -> None:
    with engine.begin() as conn:
        conn.execute(insert(private_tables).values(table_id=table_id))


def is_private(engine: Engine, table_id: str) -> bool:
    return bool(private_among(engine, [table_id]))


def private_among(engine: Engine, table_ids: list[str]) -> set[str]:
    if not table_ids:
        return set()
    with engine.connect() as conn:
        rows = conn.execute(select(private_tables.c.table_id).where(private_tables.c.table_id.in_(table_ids)))
        return {r.table_id for r in rows}
