"""The same deal for everyone: the server's secret the deals of the day come from, and who entered
which day's deal (see docs/challenges.md). Only new tables."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created, seat

revision = "0011_challenges"
down_revision = "0010_accounts"


def upgrade() -> None:
    op.create_table(
        "daily_secret",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("secret", sa.String(64), nullable=False),
    )
    op.create_table(
        "daily_entries",
        sa.Column("day", sa.String(20), primary_key=True),
        sa.Column("slot", sa.String(20), primary_key=True),
        sa.Column("entrant", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("copy", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, unique=True),
        seat(),
        created(),
    )
    op.create_index("ix_daily_entries_day_slot_copy", "daily_entries", ["day", "slot", "copy"])


def downgrade() -> None:
    op.drop_index("ix_daily_entries_day_slot_copy", "daily_entries")
    op.drop_table("daily_entries")
    op.drop_table("daily_secret")
