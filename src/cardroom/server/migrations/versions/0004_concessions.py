"""Concessions: a seat that gave up ends its table (it loses).

Revision ID: 0004_concessions
Revises: 0003_room
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_concessions"
down_revision = "0003_room"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "concessions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("concessions")
