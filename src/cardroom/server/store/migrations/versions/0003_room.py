"""Seat links (invitations and hand-overs, exchanged for a fresh secret when opened), table chat,
and private (unlisted) tables."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created, seat, table_id

revision = "0003_room"
down_revision = "0002_scale"


def upgrade() -> None:
    op.create_table(
        "links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        table_id(),
        seat(),
        sa.Column("spent", sa.Boolean, nullable=False),
        created(),
    )
    op.create_index("ix_links_table_id", "links", ["table_id"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        table_id(),
        seat(nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        created(),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    op.create_table("private_tables", table_id(primary_key=True))


def downgrade() -> None:
    op.drop_table("private_tables")
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    op.drop_index("ix_links_table_id", "links")
    op.drop_table("links")
