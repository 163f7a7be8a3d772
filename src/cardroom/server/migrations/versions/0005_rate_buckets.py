"""Rate buckets: per-token rate limits every server process shares.

Revision ID: 0005_rate_buckets
Revises: 0004_concessions
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_rate_buckets"
down_revision = "0004_concessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("stamp", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_buckets")
