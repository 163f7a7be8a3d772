"""Window answers: a reaction window's hidden answers, stored until the window closes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created, seat, table_id

revision = "0007_window_answers"
down_revision = "0006_hints"


def upgrade() -> None:
    op.create_table(
        "window_answers",
        table_id(primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        seat(primary_key=True),
        sa.Column("action", sa.String(200), nullable=False),
        created(),
    )


def downgrade() -> None:
    op.drop_table("window_answers")
