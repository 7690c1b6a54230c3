"""Alembic's migrations of the operations database (`python -m gateway.operations_db`)."""
