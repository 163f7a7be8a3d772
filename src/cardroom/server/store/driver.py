"""Statements sent through the database driver's own cursor, past SQLAlchemy's layers.

The group commit's statements are few and fixed, and are run for every move: composing them with
SQLAlchemy's expression language was a fifth of the server's time under load, and even prepared SQL
sent with ``Connection.exec_driver_sql`` cost more CPU than the driver's work (measured apart, one
action a batch: 218 µs against 184 µs through the cursor, bench/server/sqlite_commit.py). Here the SQL is
written once in the driver's parameter style, and values go through the columns' own converters, as
SQLAlchemy would send them. The driver's errors reach the caller unwrapped (``sqlite3`` and psycopg
errors): the outage and the retry know them as well as SQLAlchemy's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Column, Connection
from sqlalchemy.engine import Dialect


def placeholder(dialect: Dialect) -> str:
    """The driver's mark for one positional parameter (``?`` for sqlite3, ``%s`` for psycopg)."""
    return "?" if dialect.paramstyle == "qmark" else "%s"


def converter(column: Column[Any], dialect: Dialect) -> Callable[[Any], Any]:
    """What SQLAlchemy would make of a value of ``column`` before handing it to ``dialect``'s driver."""
    found = column.type.dialect_impl(dialect).bind_processor(dialect)
    return found if found is not None else same


def same(value: Any) -> Any:
    """A value the driver takes as it is (a column type with no converter)."""
    return value


@contextmanager
def driver_cursor(conn: Connection) -> Iterator[Any]:
    """A cursor of the driver's connection under ``conn``, inside ``conn``'s transaction."""
    cursor = conn.connection.cursor()
    try:
        yield cursor
    finally:
        cursor.close()
