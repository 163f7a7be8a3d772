"""Alembic migrations for the card room's database, shipped inside the package."""
