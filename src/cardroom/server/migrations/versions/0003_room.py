"""Seat links (invitations and hand-overs, exchanged for a fresh secret when opened), table chat,
and private (unlisted) tables.

Revision ID: 0003_room
Revises: 0002_scale
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_room"
down_revision = "0002_scale"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("spent", sa.Boolean, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_links_table_id", "links", ["table_id"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])
    op.create_table(
        "private_tables",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("private_tables")
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    op.drop_index("ix_links_table_id", "links")
    op.drop_table("links")
