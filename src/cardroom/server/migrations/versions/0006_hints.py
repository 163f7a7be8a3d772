"""Hints for everyone: tables whose creator let every seat ask "What would the bot do?".

Revision ID: 0006_hints
Revises: 0005_rate_buckets
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_hints"
down_revision = "0005_rate_buckets"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hint_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("hint_tables")
