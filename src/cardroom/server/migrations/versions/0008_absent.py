"""Absent players: seats the room plays for (auto_seats) and when each seat was last connected.

Revision ID: 0008_absent
Revises: 0007_window_answers
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_absent"
down_revision = "0007_window_answers"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "auto_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seat_presence",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seat_presence")
    op.drop_table("auto_seats")
