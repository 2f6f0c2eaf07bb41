"""Alembic environment: migrations run on the connection the server hands over.

``dixit.server.storage.Store.migrate`` puts an open connection in
``config.attributes["connection"]``; there is no ``alembic.ini``.
"""

from __future__ import annotations

from alembic import context

from dixit.server.storage import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
