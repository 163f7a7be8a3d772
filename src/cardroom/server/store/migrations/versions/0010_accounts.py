"""People who come back: accounts, their sessions and seats, table hosts, reports, ratings and their
history (see docs/accounts.md). Only new tables: every existing table, seat and token is kept."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created, seat, table_id

revision = "0010_accounts"
down_revision = "0009_more_time"


def _account_id(primary_key: bool = False) -> sa.Column[object]:
    return sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=primary_key, nullable=False)


def _rating() -> list[sa.Column[object]]:
    return [
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("shown", sa.Float, nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        created(),
        sa.Column("suspended", sa.Boolean, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        _account_id(),
        created(),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table("account_seats", table_id(primary_key=True), seat(primary_key=True), _account_id(), created())
    op.create_index("ix_account_seats_account_created", "account_seats", ["account_id", "created"])
    op.create_table("table_hosts", table_id(primary_key=True), seat())
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        table_id(),
        sa.Column("by_seat", sa.Integer, nullable=True),
        sa.Column("about_seat", sa.Integer, nullable=True),
        sa.Column("message_id", sa.Integer, nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        created(),
    )
    op.create_index("ix_reports_table_id", "reports", ["table_id"])
    op.create_table(
        "person_ratings",
        _account_id(primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        *_rating(),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_person_ratings_game_shown", "person_ratings", ["game", "shown"])
    op.create_table(
        "rating_history",
        table_id(primary_key=True),
        _account_id(primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        *_rating(),
        created(),
    )
    op.create_index("ix_rating_history_account_game_created", "rating_history", ["account_id", "game", "created"])


def downgrade() -> None:
    for name in ("rating_history", "person_ratings", "reports", "table_hosts", "account_seats", "sessions", "accounts"):
        op.drop_table(name)
