"""Window answers: a reaction window's hidden answers, stored until the window closes.

Revision ID: 0007_window_answers
Revises: 0006_hints
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_window_answers"
down_revision = "0006_hints"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "window_answers",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("window_answers")
