"""`python -m gateway.operations_db upgrade`: bring DATABASE_URL's schema to the newest revision
(the gateway also does this as it starts); `current` prints the revision it is at."""

from __future__ import annotations

import asyncio
import sys

from alembic.runtime.migration import MigrationContext

from gateway.operations_db.database import OperationsDatabase
from gateway.settings import Settings

USAGE = "usage: python -m gateway.operations_db upgrade|current"


async def _run(command: str) -> str:
    settings = Settings.from_env()
    database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
    try:
        if command == "upgrade":
            await database.migrate()
        async with database.engine.connect() as connection:
            revision = await connection.run_sync(lambda c: MigrationContext.configure(c).get_current_revision())
    finally:
        await database.close()
    return f"{database.backend}: at revision {revision or 'none'}"


def main(argv: list[str]) -> int:
    if argv not in (["upgrade"], ["current"]):
        print(USAGE, file=sys.stderr)
        return 2
    print(asyncio.run(_run(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
