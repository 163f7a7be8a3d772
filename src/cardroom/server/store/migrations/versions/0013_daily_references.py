"""The expert bot's reference on each copy of a deal of the day, kept once computed (see
docs/challenges.md). Only a new table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created

revision = "0013_daily_references"
down_revision = "0012_friends_puzzles"


def upgrade() -> None:
    op.create_table(
        "daily_references",
        sa.Column("day", sa.String(20), primary_key=True),
        sa.Column("slot", sa.String(20), primary_key=True),
        sa.Column("copy", sa.Integer, primary_key=True),
        sa.Column("bots", sa.String(120), primary_key=True),
        sa.Column("expert", sa.String(120), primary_key=True),
        sa.Column("points", sa.Float, nullable=False),
        created(),
    )


def downgrade() -> None:
    op.drop_table("daily_references")
