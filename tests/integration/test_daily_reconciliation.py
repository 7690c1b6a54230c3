"""The daily reconciliation as the gateway's scheduled job: once the mocks' clock starts a new day,
yesterday's run is stored with its findings, once, however many replicas try it together."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import httpx
import msgspec
import pytest
from sqlalchemy import select

from gateway.clock import RemoteClock
from gateway.jobs import Job, Scheduler
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import ReconciliationRun
from gateway.reconciliation.attention import AttentionRule
from gateway.reconciliation.daily import DailyReconciliation
from gateway.reconciliation.runs import RunBook
from gateway.reconciliation.service import ReconciliationService
from gateway.sessions.store import build_store
from gateway.settings import Settings
from gateway.upstreams.http import build_upstreams, close_upstreams
from tests.conftest import GatewayClient
from tests.integration.test_reconciliation import in_process_mocks, mistake, paid_online
from tests.integration.test_store_api import log_in as store_log_in
from tests.mocks_clock import mocks_today


@pytest.fixture(params=["postgresql", "sqlite"])
def settings(
    request: pytest.FixtureRequest, make_settings: Callable[..., Settings], redis_url: str, redis_namespace: str
) -> Settings:
    settings = make_settings(redis_url=redis_url, redis_namespace=redis_namespace)
    if request.param == "postgresql":
        return msgspec.structs.replace(settings, database_url=str(request.getfixturevalue("postgres_database")))
    return settings


def two_replicas_run_the_job(client: GatewayClient, settings: Settings) -> list[bool]:
    """What each of two replicas (their own Redis connection, database engine and upstreams, the
    same mocks) answers when both try the daily job at one moment."""

    async def replica() -> bool:
        clock_http = httpx.AsyncClient(transport=httpx.ASGITransport(app=client.app), base_url="http://testserver")
        clock = RemoteClock(clock_http, "/_mocks/clock", ttl=0)
        database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
        pool = build_upstreams(settings, in_process_mocks(client, settings))
        daily = DailyReconciliation(
            ReconciliationService.over(pool, settings, clock),
            RunBook(database, clock),
            clock,
            AttentionRule.of(settings),
        )
        job = Job("daily-reconciliation", 60, daily.run)
        try:
            return await Scheduler(build_store(settings), [job]).run_once(job)
        finally:
            await close_upstreams(pool)
            await clock_http.aclose()
            await database.close()

    async def both() -> list[bool]:
        return list(await asyncio.gather(replica(), replica()))

    return client.blocking_portal.call(both)


def stored_runs(client: GatewayClient, settings: Settings) -> list[tuple[str, Decimal, list[tuple[str, str]]]]:
    async def read() -> list[tuple[str, Decimal, list[tuple[str, str]]]]:
        database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
        try:
            async with database.session() as session:
                runs = (await session.scalars(select(ReconciliationRun).order_by(ReconciliationRun.day))).all()
                return [
                    (r.day.isoformat(), r.unreconciled, [(f.kind, f.provider_order_id) for f in r.findings])
                    for r in runs
                ]
        finally:
            await database.close()

    return client.blocking_portal.call(read)


def test_yesterday_is_reconciled_and_stored_once_across_two_replicas(client: GatewayClient, settings: Settings) -> None:
    client.post("/_mocks/reset")
    first_day = mocks_today(client)
    store_log_in(client)
    order = paid_online(client, "daily-order-1", {1: 1})["payment"]
    mistake(client, kind="omitPayment", orderId=order["providerOrderId"])  # paid, never charged

    # Both replicas try at once; both "ran" the job (one under the lock, the other after it or
    # finding the day stored), and the day is stored once.
    two_replicas_run_the_job(client, settings)
    assert [day for day, _, _ in stored_runs(client, settings)] == [(first_day - timedelta(days=1)).isoformat()]

    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200
    two_replicas_run_the_job(client, settings)
    two_replicas_run_the_job(client, settings)  # the same day again: nothing more stored
    runs = stored_runs(client, settings)
    assert runs[1:] == [
        (first_day.isoformat(), Decimal(order["amount"]), [("paidWithoutCharge", order["providerOrderId"])])
    ]
