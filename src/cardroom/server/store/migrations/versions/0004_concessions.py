"""Concessions: a seat that gave up ends its table (it loses)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created, seat, table_id

revision = "0004_concessions"
down_revision = "0003_room"


def upgrade() -> None:
    op.create_table(
        "concessions",
        table_id(primary_key=True),
        seat(),
        sa.Column("step", sa.Integer, nullable=False),
        created(),
    )


def downgrade() -> None:
    op.drop_table("concessions")
