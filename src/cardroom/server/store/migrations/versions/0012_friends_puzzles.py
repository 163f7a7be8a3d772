"""A friend's challenge (an unguessable id for a finished game against bots, and who played it) and
puzzles from a player's analysed games (see docs/challenges.md). Only new tables."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from cardroom.server.store.migrations.columns import created, seat, table_id

revision = "0012_friends_puzzles"
down_revision = "0011_challenges"


def upgrade() -> None:
    op.create_table(
        "friend_challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        table_id(),
        seat(),
        created(),
        sa.UniqueConstraint("table_id", "seat", name="uq_friend_challenges_table_seat"),
    )
    op.create_table(
        "friend_entries",
        sa.Column("challenge_id", sa.String(32), sa.ForeignKey("friend_challenges.id"), primary_key=True),
        sa.Column("entrant", sa.String(80), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, unique=True),
        seat(),
        created(),
    )
    op.create_table("puzzle_sources", table_id(primary_key=True), seat(primary_key=True), created())
    op.create_table(
        "puzzles",
        sa.Column("id", sa.String(32), primary_key=True),
        table_id(),
        seat(),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("answer", sa.String(200), nullable=False),
        sa.Column("answer_win", sa.Float, nullable=False),
        sa.Column("next_win", sa.Float, nullable=False),
        sa.Column("chosen", sa.String(200), nullable=False),
        sa.Column("chosen_win", sa.Float, nullable=False),
        sa.Column("loss", sa.Float, nullable=False),
        sa.Column("did", sa.String(400), nullable=False),
        sa.Column("better", sa.String(400), nullable=False),
        created(),
    )
    op.create_index("ix_puzzles_table_seat", "puzzles", ["table_id", "seat"])


def downgrade() -> None:
    op.drop_index("ix_puzzles_table_seat", "puzzles")
    op.drop_table("puzzles")
    op.drop_table("puzzle_sources")
    op.drop_table("friend_entries")
    op.drop_table("friend_challenges")
