"""Alembic environment: run by :func:`cardroom.server.store.database.upgrade` with a live connection."""

from __future__ import annotations

from alembic import context

from cardroom.server.store.schema import metadata

config = context.config
connection = config.attributes.get("connection")

if connection is None:  # `alembic` run by hand with a URL in the config
    from sqlalchemy import create_engine

    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///cardroom.sqlite3")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
