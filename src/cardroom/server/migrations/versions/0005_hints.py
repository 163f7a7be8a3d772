"""Hints for everyone: tables whose creator let every seat ask "What would the bot do?".

Revision ID: 0005_hints
Revises: 0004_concessions
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_hints"
down_revision = "0004_concessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hint_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("hint_tables")
