"""Rate buckets: per-token rate limits every server process shares."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_rate_buckets"
down_revision = "0004_concessions"


def upgrade() -> None:
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("stamp", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_buckets")
