"""Alembic's environment: the connection the gateway hands it (gateway/operations_db/database.py),
already in the transaction that holds the migration lock."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from gateway.operations_db.models import DeskAuditEntry

connection: Connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=DeskAuditEntry.metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters a table by copying it
)
with context.begin_transaction():
    context.run_migrations()
