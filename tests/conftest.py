"""Fixtures shared by every tier.

- `settings` / `make_settings`: gateway settings for in-process tests (mocks in-process).
- `redis_url`: the real Redis for the Redis tier (TEST_REDIS_URL, default 127.0.0.1:6379/0),
  each run in its own key namespace, cleaned afterwards.
- `client`: a Litestar TestClient on a fresh app, with an `xsrf` helper.
"""

from __future__ import annotations

import asyncio
import gc
import os
import shutil
import tempfile
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import msgspec
import pytest
import redis
from litestar.testing import TestClient

from gateway.app import create_app
from gateway.desk.staff import demo_entries
from gateway.operations_db.database import OperationsDatabase
from gateway.settings import OtpLimits, Settings

# The cyclic garbage collector runs less often than Python's default (700, 10, 10): a test's app
# build makes some hundreds of thousands of objects, and at the default each build ran several
# full collections over the whole session's heap, about a third of its CPU time; about 100 MB more
# a process at most (docs/decisions/test-time.md).
gc.set_threshold(50_000, 20, 20)

RUN_ID = uuid.uuid4().hex[:8]
# Each app a test makes keeps its operations database in a SQLite file of its own, here.
DATABASES = tempfile.mkdtemp(prefix="gateway-test-databases-")
# Tests run the gateway with ENVIRONMENT=test, where its embedded mocks (and the mocks' own
# process, which inherits this) refuse the published client secret of the merchant account, which
# signs every webhook; the gateway calls the provider with the same account (settings_for_tests).
os.environ.setdefault("MOCKS_PAYMENTS_CLIENT_SECRET", f"test-client-secret-{RUN_ID}")
CLIENT_SECRET = os.environ["MOCKS_PAYMENTS_CLIENT_SECRET"]
os.environ.setdefault("PAYMENTS_CLIENT_SECRET", CLIENT_SECRET)  # a gateway started as a process
# The payouts account's, which signs the TRANSFER_* webhooks, likewise refused at its default.
os.environ.setdefault("MOCKS_PAYOUTS_CLIENT_SECRET", f"test-payouts-secret-{RUN_ID}")
PAYOUTS_SECRET = os.environ["MOCKS_PAYOUTS_CLIENT_SECRET"]
# Each lender's own account, which its repayments are paid into: refused at its published default too.
os.environ.setdefault("MOCKS_LENDING_PAYMENTS_CLIENT_SECRET", f"test-lender-secret-{RUN_ID}")
LENDER_SECRET = os.environ["MOCKS_LENDING_PAYMENTS_CLIENT_SECRET"]
os.environ.setdefault("LENDING_PAYMENTS_CLIENT_SECRET", LENDER_SECRET)
os.environ.setdefault("MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET", f"test-fineract-secret-{RUN_ID}")
FINERACT_SECRET = os.environ["MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET"]
os.environ.setdefault("FINERACT_PAYMENTS_CLIENT_SECRET", FINERACT_SECRET)
# Each account's credentials as the provider's API takes them (a test reading what an account holds).
STORE_ACCOUNT = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"}
LENDER_ACCOUNT = {"x-client-id": "mock-lender-client", "x-client-secret": LENDER_SECRET, "x-api-version": "2025-01-01"}
FINERACT_ACCOUNT = {
    "x-client-id": "mock-fineract-client",
    "x-client-secret": FINERACT_SECRET,
    "x-api-version": "2025-01-01",
}
os.environ.setdefault("PAYOUTS_CLIENT_SECRET", PAYOUTS_SECRET)  # the gateway reads its transfers with it
# Every call to the payments mock, its answers and its webhooks held to Cashfree's own document.
os.environ.setdefault("MOCKS_CHECK_PROVIDER_DOCUMENT", "true")


def settings_for_tests(**overrides: Any) -> Settings:
    """The gateway's settings as the in-process tests run it; for a fixture wider than a test."""
    base = Settings(
        environment="test",
        log_level="WARNING",
        log_json=True,
        secret_key="test-secret",
        payments_client_secret=CLIENT_SECRET,
        lending_payments_client_secret=LENDER_SECRET,
        fineract_payments_client_secret=FINERACT_SECRET,
        payouts_client_secret=PAYOUTS_SECRET,
        database_url=f"sqlite:///{DATABASES}/{uuid.uuid4().hex}.sqlite3",
        otp=OtpLimits(resend_seconds=60, sends_per_number_per_hour=5, sends_per_client_per_hour=30),
        follow_up_seconds=0,  # the tests drive the portal; the follow-up's own tests switch it on
        reconciliation_check_seconds=0,  # the daily job's own tests run it
        # The desk's demonstration accounts exist only in development unless named, as here.
        desk_staff=demo_entries(),
    )
    return msgspec.structs.replace(base, **overrides)


@pytest.fixture
def make_settings() -> Callable[..., Settings]:
    return settings_for_tests


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    return make_settings()


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    url = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:  # make test starts one; a missing server is a failure, not a skip
        pytest.fail(f"Redis at {url} is not reachable ({exc}); `make test` starts one when none runs.")
    yield url
    for key in client.scan_iter(match=f"test-{RUN_ID}-*"):
        client.delete(key)
    client.close()


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """The PostgreSQL `make test` starts (scripts/with-postgres.sh); missing is a failure, not a skip."""
    url = os.environ.get("TEST_POSTGRES_URL")
    if not url:
        pytest.fail("TEST_POSTGRES_URL is unset: run through scripts/with-postgres.sh (as `make test` does).")
    return url


@pytest.fixture
def postgres_database(postgres_url: str) -> Iterator[str]:
    """A fresh database of its own on that server, dropped afterwards: its URL."""
    import asyncpg  # only the tests on PostgreSQL need the driver here

    name = f"test_{RUN_ID}_{uuid.uuid4().hex[:8]}"

    async def execute(statement: str) -> None:
        connection = await asyncpg.connect(postgres_url, timeout=10)
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    def admin(statement: str) -> None:
        # In a thread of its own: the e2e tier's Playwright keeps an event loop in this one.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, execute(statement)).result()

    try:
        admin(f'CREATE DATABASE "{name}"')
    except (OSError, asyncpg.PostgresError) as exc:
        pytest.fail(f"PostgreSQL at {postgres_url} is not reachable ({exc}).")
    yield postgres_url.rsplit("/", 1)[0] + f"/{name}"
    admin(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture
def redis_namespace() -> str:
    return f"test-{RUN_ID}-{uuid.uuid4().hex[:6]}"


class GatewayClient(TestClient[Any]):
    @property
    def xsrf_cookie(self) -> str:
        """The XSRF cookie's name: prefixed `__Host-` when the gateway is served over HTTPS."""
        return "__Host-XSRF-TOKEN" if str(self.base_url).startswith("https://") else "XSRF-TOKEN"

    def xsrf(self) -> dict[str, str]:
        """Headers an unsafe request needs: the XSRF cookie echoed, as the app's axios does."""
        if self.xsrf_cookie not in self.cookies:
            self.get("/api/session")
        return {"X-XSRF-TOKEN": self.cookies[self.xsrf_cookie]}

    def otp_for(self, mobile_number: str) -> str:
        answer = self.get(f"/_mocks/lending/outbox/{mobile_number}")
        assert answer.status_code == 200, answer.text
        return str(answer.json()["otp"])


def _migrated_template() -> Path:
    """A SQLite operations database at the newest schema, made once a process (in a thread of its
    own: the e2e tier's Playwright keeps an event loop in this one)."""
    template = Path(DATABASES) / f"migrated-{os.getpid()}.sqlite3"
    if not template.exists():
        database = OperationsDatabase(f"sqlite:///{template}", 10.0)

        async def migrate() -> None:
            try:
                await database.migrate()
            finally:
                await database.close()

        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, migrate()).result()
    return template


def _start_from_migrated(settings: Settings) -> None:
    """A test's new SQLite database starts as a copy of the migrated template: each app's start
    still runs the migrations (finding them done), but not the nineteen of them again for every
    test, about a quarter of an in-process app's start (docs/decisions/test-time.md). A database
    made from nothing is still the subject of test_desk_audit_trail.py and of every served gateway."""
    url = settings.database_url or ""
    if not url.startswith(f"sqlite:///{DATABASES}/"):
        return
    path = Path(url.removeprefix("sqlite:///"))
    if not path.exists():
        shutil.copyfile(_migrated_template(), path)


@pytest.fixture
def make_client() -> Iterator[Callable[[Settings], GatewayClient]]:
    clients: list[GatewayClient] = []

    def make(settings: Settings) -> GatewayClient:
        _start_from_migrated(settings)
        client = GatewayClient(app=create_app(settings), base_url="http://127.0.0.1:8000")
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[[Settings], GatewayClient], settings: Settings) -> GatewayClient:
    return make_client(settings)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the e2e tier last, whatever order the paths were given in.

    Sync Playwright keeps an event loop running in the main thread until its session fixtures
    end, and an async test after it could not start its own loop."""
    items.sort(key=lambda item: "/tests/e2e/" in str(item.path))


_MODULE_SECONDS: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Adds each test's setup, call and teardown time to its module's total."""
    module = report.nodeid.split("::", 1)[0]
    _MODULE_SECONDS[module] = _MODULE_SECONDS.get(module, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """With `--durations` (as `make test` runs), the slowest modules too: a suite that grows past
    a minute or two shows here by name, not only as a longer run."""
    if not terminalreporter.config.getoption("durations") or not _MODULE_SECONDS:
        return
    terminalreporter.write_sep("=", "slowest 15 modules (setup, call and teardown of their tests)")
    for module, seconds in sorted(_MODULE_SECONDS.items(), key=lambda item: -item[1])[:15]:
        terminalreporter.write_line(f"{seconds:8.1f}s {module}")


def pytest_sessionfinish(session: pytest.Session) -> None:
    shutil.rmtree(DATABASES, ignore_errors=True)
    # What the rarer collections left goes while the interpreter still runs: a closed upstream
    # client in a reference cycle must not wait for its final collection (collect_closed_clients
    # in gateway/upstreams/transport.py says why).
    gc.collect()
