"""Tables, seats and the append-only action list."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created, seat, table_id

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        created(),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("reaction_seconds", sa.Float, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
    )
    op.create_table(
        "seats",
        table_id(primary_key=True),
        seat(primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot_spec", sa.String(128), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("joined", sa.Boolean, nullable=False),
    )
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        table_id(),
        sa.Column("step", sa.Integer, nullable=False),
        seat(),
        sa.Column("text", sa.Text, nullable=False),
        created(),
        sa.Column("timed_out", sa.Boolean, nullable=False),
        sa.UniqueConstraint("table_id", "step", name="uq_actions_table_step"),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_index("ix_seats_token_hash", "seats")
    op.drop_table("seats")
    op.drop_table("tables")
