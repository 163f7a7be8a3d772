"""Hints for everyone: tables whose creator let every seat ask "What would the bot do?"."""

from __future__ import annotations

from alembic import op

from cardroom.server.store.migrations.columns import table_id

revision = "0006_hints"
down_revision = "0005_rate_buckets"


def upgrade() -> None:
    op.create_table("hint_tables", table_id(primary_key=True))


def downgrade() -> None:
    op.drop_table("hint_tables")
