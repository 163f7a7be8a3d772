"""Each deal of the day entry's analysis figures kept beside it (docs/challenges.md): its play figure and
its luck-adjusted result, worked out once and read back by every process and every restart. A row
kept before has neither (NULL: not worked out yet): the room works them out and sets them."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_entry_figures"
down_revision = "0014_reference_adjusted"


def upgrade() -> None:
    with op.batch_alter_table("daily_entries") as batch:
        batch.add_column(sa.Column("play", sa.Float, nullable=True))
        batch.add_column(sa.Column("adjusted", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("daily_entries") as batch:
        batch.drop_column("adjusted")
        batch.drop_column("play")
