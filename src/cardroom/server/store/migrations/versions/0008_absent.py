"""Absent players: seats the room plays for (auto_seats) and when each seat was last connected."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import seat, table_id

revision = "0008_absent"
down_revision = "0007_window_answers"


def upgrade() -> None:
    op.create_table(
        "auto_seats",
        table_id(primary_key=True),
        seat(primary_key=True),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "seat_presence",
        table_id(primary_key=True),
        seat(primary_key=True),
        sa.Column("seen", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("seat_presence")
    op.drop_table("auto_seats")
