"""Telling every server process on one PostgreSQL database that a table changed (``NOTIFY`` on the
``cardroom`` channel, heard by ``listener.listen``), and how to reach that database with psycopg."""

from __future__ import annotations

from sqlalchemy import Connection, text
from sqlalchemy.engine import URL, make_url

CHANNEL = "cardroom"


def notify(conn: Connection, table_id: str, origin: str = "") -> None:
    """On PostgreSQL, tell every server process that this table changed. The notification is sent
    when the transaction commits, so nobody hears of a change that was not stored. ``origin`` names
    the process whose cache already holds the change (it skips its own notification)."""
    if conn.dialect.name == "postgresql":
        conn.execute(
            text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload(table_id, origin)}
        )


def payload(table_id: str, origin: str) -> str:
    """A notification's text: the table, and the process that stored the change if it is named."""
    return f"{table_id} {origin}" if origin else table_id


def conninfo(url: str | URL) -> str:
    """The psycopg connection string for a SQLAlchemy PostgreSQL URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
