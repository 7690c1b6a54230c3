"""What the gateway itself owns, kept in its own database: the desk's audit trail, refund requests
and their approvals (SQLAlchemy 2 through advanced-alchemy, migrated by Alembic at start-up).

PostgreSQL in every deployment (DATABASE_URL), a SQLite file for the embedded default. Sessions
stay in Redis; everything here outlives a restart and a replica's death.
"""

from gateway.operations_db.database import OperationsDatabase, OperationsDatabaseUnavailable

__all__ = ["OperationsDatabase", "OperationsDatabaseUnavailable"]
