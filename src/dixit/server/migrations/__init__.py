"""Alembic migrations of the server's database, run by ``dixit serve`` on start."""
