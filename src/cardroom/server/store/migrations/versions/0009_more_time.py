"""Seats whose person asked for more time (every clock of that seat at least ten times as long)."""

from __future__ import annotations

from alembic import op

from cardroom.server.store.migrations.columns import created, seat, table_id

revision = "0009_more_time"
down_revision = "0008_absent"


def upgrade() -> None:
    op.create_table("more_time_seats", table_id(primary_key=True), seat(primary_key=True), created())


def downgrade() -> None:
    op.drop_table("more_time_seats")
