"""When each table last changed (so idle tables can expire), its running clocks' deadlines, and a
hash of the address that created it (for the table creation limit across processes)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_scale"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("updated", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("clocks", sa.JSON, nullable=True))
        batch.add_column(sa.Column("creator", sa.String(16), nullable=True))
    op.create_index("ix_tables_status_updated", "tables", ["status", "updated"])
    op.create_index("ix_tables_creator_created", "tables", ["creator", "created"])


def downgrade() -> None:
    op.drop_index("ix_tables_creator_created", "tables")
    op.drop_index("ix_tables_status_updated", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creator")
        batch.drop_column("clocks")
        batch.drop_column("updated")
