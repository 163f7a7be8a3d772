"""The expert's luck-adjusted result beside its points on each copy's reference (docs/challenges.md):
the standings' duplicate score compares adjusted results. A row kept before has none (NULL): the room
works it out when first needed and sets it."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_reference_adjusted"
down_revision = "0013_daily_references"


def upgrade() -> None:
    with op.batch_alter_table("daily_references") as batch:
        batch.add_column(sa.Column("adjusted", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("daily_references") as batch:
        batch.drop_column("adjusted")
