"""The columns several migrations define alike: the table a row belongs to, its seat, when it was made.

Frozen like the revisions that use them: a revision that has run must build the same thing on every
database for ever, so never change what one of these returns; add a new function instead.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa


def table_id(primary_key: bool = False) -> sa.Column[Any]:
    """The card table a row belongs to (``tables.id``); part of the row's key or a required column."""
    return sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=primary_key, nullable=False)


def seat(primary_key: bool = False, nullable: bool = False) -> sa.Column[Any]:
    """A seat number at that table."""
    return sa.Column("seat", sa.Integer, primary_key=primary_key, nullable=nullable)


def created() -> sa.Column[Any]:
    """When the row was made (timezone-aware, required)."""
    return sa.Column("created", sa.DateTime(timezone=True), nullable=False)
