"""The operations database: its engine and sessions (advanced-alchemy's config), its migrations
(Alembic, run at start-up and by `python -m gateway.operations_db upgrade`), and one answer for
its failures: a 503 in our words.

Several replicas (or workers) start at once: each runs the migrations under one lock, PostgreSQL's
advisory lock or, for the SQLite file, an exclusive lock on a file beside it, so they are run
once and the others find the database at its newest revision.
"""

from __future__ import annotations

import asyncio
import fcntl
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path

from advanced_alchemy.config import AsyncSessionConfig, EngineConfig, SQLAlchemyAsyncConfig
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from gateway.plumbing.errors import GatewayError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Any number will do as long as nothing else in the database takes the same advisory lock.
MIGRATION_LOCK = 5_500_551_001
DATABASE_DOWN = "The desk's records are unavailable right now. Please try again in a minute."


class OperationsDatabaseUnavailable(GatewayError):
    status_code = 503
    code = "operations_database_unavailable"


def async_url(url: str) -> str:
    """The SQLAlchemy URL with its asyncio driver: `postgresql://` (as a Secret usually gives it)
    through asyncpg, `sqlite:///` through aiosqlite; a URL naming its driver is kept."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError("DATABASE_URL must look like postgresql://user:secret@host:5432/name or sqlite:///path")
    drivers = {"postgres": "postgresql+asyncpg", "postgresql": "postgresql+asyncpg", "sqlite": "sqlite+aiosqlite"}
    return f"{drivers.get(scheme, scheme)}://{rest}"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


class OperationsDatabase:
    def __init__(self, url: str, timeout: float) -> None:
        self.url = make_url(async_url(url))
        self.timeout = timeout
        sqlite = self.url.get_backend_name() == "sqlite"
        if sqlite and self.url.database:
            Path(self.url.database).parent.mkdir(parents=True, exist_ok=True)
        self.config = SQLAlchemyAsyncConfig(
            connection_string=self.url.render_as_string(hide_password=False),
            # Connecting gives up after the time-out; on SQLite a write waits that long for another
            # process's to end rather than failing at once (both drivers call it `timeout`).
            engine_config=EngineConfig(pool_pre_ping=True, connect_args={"timeout": timeout}),
            session_config=AsyncSessionConfig(expire_on_commit=False),
        )
        self.engine = self.config.get_engine()
        self.sessions = self.config.create_session_maker()

    @property
    def backend(self) -> str:
        return self.url.get_backend_name()

    async def migrate(self) -> None:
        """Bring the schema to the newest revision, once however many processes start together."""
        if self.backend == "sqlite":
            with _file_lock(Path(self.url.database or "operations.sqlite3").with_suffix(".migrating")):
                await self._upgrade()
            return
        await self._upgrade()

    async def _upgrade(self) -> None:
        async with self.engine.begin() as connection:
            if self.backend == "postgresql":
                # Held to the end of this transaction, which holds the migrations too.
                await connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            await connection.run_sync(_upgrade_on)

    async def close(self) -> None:
        await self.engine.dispose()

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """A session whose work is committed at the end; a database that fails or takes longer
        than its time-out is a 503 (OperationsDatabaseUnavailable), a broken constraint the
        caller's IntegrityError."""
        try:
            async with asyncio.timeout(self.timeout), self.sessions() as session, session.begin():
                yield session
        except IntegrityError:  # a constraint the caller answers for (a key already used)
            raise
        except (SQLAlchemyError, OSError, TimeoutError) as exc:
            raise OperationsDatabaseUnavailable(DATABASE_DOWN) from exc


def _upgrade_on(connection: Connection) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


@contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock on a file beside the SQLite database, for the processes of one machine."""
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
