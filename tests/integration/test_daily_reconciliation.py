"""The daily reconciliation as the gateway's scheduled job: once the mocks' clock starts a new day,
yesterday's run is stored with its findings, once, however many replicas try it together."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any, NamedTuple

import httpx
import msgspec
import pytest
from sqlalchemy import select

from gateway.clients import build_clients
from gateway.jobs import Job, Scheduler
from gateway.operations_db import OperationsDatabase
from gateway.operations_db.models import ReconciliationRun
from gateway.plumbing.clock import RemoteClock
from gateway.reconciliation.attention import AttentionRule
from gateway.reconciliation.daily import DailyReconciliation
from gateway.reconciliation.runs import RunBook
from gateway.reconciliation.schemas import InTransit, Mismatch, PayoutInTransit, Reconciliation, RefundInTransit
from gateway.reconciliation.service import ReconciliationService
from gateway.sessions.store import build_store
from gateway.settings import Settings
from gateway.upstreams.http import build_upstreams, close_upstreams
from tests.conftest import GatewayClient
from tests.integration.test_desk_api import SUPERVISOR, staff_log_in
from tests.integration.test_reconciliation import IST, fee, in_process_mocks, mistake, paid_online
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
            ReconciliationService.over(build_clients(settings, pool, clock), clock),
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


def desk_day(client: GatewayClient, day: date) -> dict[str, Any]:
    answer = client.get(f"/api/desk/worklist/{day}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def passes(day: dict[str, Any]) -> list[tuple[Decimal, Decimal, int]]:
    """Each run of the day the desk shows: money in transit, settled (net), what it found."""
    return [(Decimal(p["inTransitNet"]), Decimal(p["settledNet"]), p["found"]) for p in day["run"]["passes"]]


def test_a_day_with_money_in_transit_is_run_again_until_it_settles_keeping_the_supervisors_work(
    client: GatewayClient, settings: Settings
) -> None:
    """Day D's run, just after midnight, finds a payment in transit (the provider settles it on
    D+1 at 11:00) and a payment never charged; a supervisor resolves that one. Every later look
    runs D again while money is in transit; the next day's look finds D clean, the resolution kept."""
    client.post("/_mocks/reset")
    first_day = mocks_today(client)
    store_log_in(client)
    settling = paid_online(client, "daily-late-1", {1: 1})["payment"]
    omitted = paid_online(client, "daily-late-2", {2: 1})["payment"]
    mistake(client, kind="omitPayment", orderId=omitted["providerOrderId"])
    just_after_midnight = datetime.combine(first_day + timedelta(days=1), time(0, 30), IST)
    assert client.post("/_mocks/clock", json={"at": just_after_midnight.isoformat()}).status_code == 200

    two_replicas_run_the_job(client, settings)
    assert staff_log_in(client, SUPERVISOR).status_code == 200
    day = desk_day(client, first_day)
    net = Decimal(settling["amount"]) - fee(Decimal(settling["amount"]))
    assert (Decimal(day["run"]["inTransitNet"]), Decimal(day["run"]["settledNet"])) == (net, Decimal("0.00"))
    [finding] = day["findings"]
    assert (finding["kind"], finding["providerOrderId"]) == ("paidWithoutCharge", omitted["providerOrderId"])
    resolved = client.post(
        f"/api/desk/worklist/findings/{finding['id']}/resolve",
        json={"note": "Provider will settle it by hand"},
        headers=client.xsrf(),
    )
    assert resolved.status_code == 200, resolved.text

    two_replicas_run_the_job(client, settings)  # the same night, still in transit: run again, the same
    again = desk_day(client, first_day)
    assert Decimal(again["run"]["inTransitNet"]) == net
    assert passes(again) == [(net, Decimal("0.00"), 1)]  # yesterday's is run again from tomorrow
    assert [(f["id"], f["resolvedBy"], f["note"]) for f in again["findings"]] == [
        (finding["id"], SUPERVISOR, "Provider will settle it by hand")
    ]

    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200  # D+2: D's money settled on D+1
    two_replicas_run_the_job(client, settings)
    clean = desk_day(client, first_day)
    assert (Decimal(clean["run"]["inTransitNet"]), Decimal(clean["run"]["settledNet"])) == (Decimal("0.00"), net)
    assert [(f["id"], f["resolvedBy"], f["note"]) for f in clean["findings"]] == [
        (finding["id"], SUPERVISOR, "Provider will settle it by hand")
    ]
    assert clean["run"]["openFindings"] == 0
    # Each run of D kept with what it found then; the last one's figures are the run's.
    assert passes(clean) == [(net, Decimal("0.00"), 1), (Decimal("0.00"), net, 1)]
    assert clean["run"]["passes"][-1]["ranAt"] == clean["run"]["ranAt"]
    ran_at = clean["run"]["ranAt"]
    assert client.post("/_mocks/clock", json={"minutes": 10}).status_code == 200
    two_replicas_run_the_job(client, settings)  # finished: never run again
    assert desk_day(client, first_day)["run"]["ranAt"] == ran_at
    assert len(desk_day(client, first_day)["run"]["passes"]) == 2  # not run: nothing more kept
    assert [day for day, _, _ in stored_runs(client, settings)] == [
        first_day.isoformat(),
        (first_day + timedelta(days=1)).isoformat(),
    ]


def in_transit_run(day: date, order: str, mismatches: list[Mismatch], *, in_transit: bool) -> Reconciliation:
    zero, amount = Decimal("0.00"), Decimal("500.00")
    waiting = [
        InTransit(
            provider_order_id=order, owner="storeOrder", reference="ORD-1", cf_payment_id="CF1", amount=amount,
            fee=Decimal("11.21"), net=amount - Decimal("11.21"), expected_on=day + timedelta(days=1),
        )
    ] if in_transit else []  # fmt: skip
    return Reconciliation(
        date=day, settled_net=zero, fees=Decimal("11.21"), in_transit=waiting,
        in_transit_net=sum((t.net for t in waiting), zero), adjustments=[], credited=zero, payments_settled=1,
        refunds_settled=0, recorded_payments=1, mismatches=mismatches, by_kind=[],
        unreconciled=sum((m.unreconciled for m in mismatches), zero), over_a_day=True,
    )  # fmt: skip


def test_money_in_transit_past_its_expected_day_becomes_a_finding_an_early_one_not_found_again_goes(
    client: GatewayClient, settings: Settings
) -> None:
    client.post("/_mocks/reset")
    day = mocks_today(client) - timedelta(days=10)
    late = Mismatch(
        kind="notSettled", provider_order_id="order_late", owner="storeOrder", reference="ORD-1",
        cf_payment_id="CF1", recorded=Decimal("500.00"), settled=None, unreconciled=Decimal("488.79"),
        fee=Decimal("11.21"),
    )  # fmt: skip
    # Found by the early run only (the provider's report then listed a payment twice, since mended).
    early = msgspec.structs.replace(
        late, kind="settledTwice", provider_order_id="order_twice", cf_payment_id="CF2", settled=Decimal("1000.00")
    )

    async def go() -> tuple[list[date], bool, list[date], bool, list[tuple[str, str | None]]]:
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=client.app), base_url="http://testserver")
        clock = RemoteClock(http, "/_mocks/clock", ttl=0)
        database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
        book = RunBook(database, clock)
        try:
            assert await book.keep(in_transit_run(day, "order_late", [early], in_transit=True))
            waiting = await book.unfinished()
            finished = await book.keep(in_transit_run(day, "order_late", [late], in_transit=False))
            after = await book.unfinished()
            once_more = await book.keep(in_transit_run(day, "order_late", [late], in_transit=False))
            async with database.session() as session:
                run = await session.scalar(select(ReconciliationRun).where(ReconciliationRun.day == day))
                assert run is not None
                found = [(f.kind, f.cf_payment_id) for f in run.findings]
            return waiting, finished, after, once_more, found
        finally:
            await database.close()
            await http.aclose()

    waiting, finished, after, once_more, found = client.blocking_portal.call(go)
    assert (waiting, finished, after, once_more) == ([day], True, [], False)
    assert found == [("notSettled", "CF1")]


class Kept(NamedTuple):
    unfinished: list[date]  # the days to run again after the first run was kept
    finished: bool  # whether the second run was kept
    after: list[date]  # the days to run again after it
    found: list[tuple[str, str]]  # the day's findings: kind and provider order (a payout's transfer)
    passes: list[tuple[str, str]]  # each run's payouts and refunds still at the bank


def kept_twice(client: GatewayClient, settings: Settings, waiting: Reconciliation, late: Reconciliation) -> Kept:
    """A day's first run with money at the bank kept, then its run once that money's time passed."""

    async def go() -> Kept:
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=client.app), base_url="http://testserver")
        clock = RemoteClock(http, "/_mocks/clock", ttl=0)
        database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
        book = RunBook(database, clock)
        try:
            assert await book.keep(waiting)
            unfinished = await book.unfinished()
            finished = await book.keep(late)
            after = await book.unfinished()
            async with database.session() as session:
                run = await session.scalar(select(ReconciliationRun).where(ReconciliationRun.day == waiting.date))
                assert run is not None
                found = [(f.kind, f.provider_order_id) for f in run.findings]
                passes = [(str(p.payouts_in_transit), str(p.refunds_in_transit)) for p in run.passes]
            return Kept(unfinished, finished, after, found, passes)
        finally:
            await database.close()
            await http.aclose()

    return client.blocking_portal.call(go)


def test_a_day_with_a_payout_the_bank_has_yet_to_answer_is_run_again_until_it_is_overdue(
    client: GatewayClient, settings: Settings
) -> None:
    """A return's payout still pending when day D ran keeps D unfinished (no payment in transit at
    all); the run that finds it past its day stores it as payoutOverdue, and D is finished."""
    client.post("/_mocks/reset")
    day = mocks_today(client) - timedelta(days=10)
    pending = PayoutInTransit(
        transfer_id="VK10000001_R1", reference="VK10000001-R1", amount=Decimal("640.00"), status="PENDING",
        expected_on=day + timedelta(days=1),
    )  # fmt: skip
    overdue = Mismatch(
        kind="payoutOverdue", provider_order_id="VK10000001_R1", owner="storeReturn", reference="VK10000001-R1",
        cf_payment_id=None, recorded=Decimal("640.00"), settled=None, unreconciled=Decimal("640.00"), fee=None,
    )  # fmt: skip
    paid_day = in_transit_run(day, "order_paid", [], in_transit=False)
    waiting = msgspec.structs.replace(paid_day, payouts_in_transit=[pending])
    late = in_transit_run(day, "order_paid", [overdue], in_transit=False)

    kept = kept_twice(client, settings, waiting, late)
    assert (kept.unfinished, kept.finished, kept.after) == ([day], True, [])
    assert kept.found == [("payoutOverdue", "VK10000001_R1")]


def test_a_day_with_a_refund_still_at_the_bank_is_run_again_until_it_shows_or_is_missing(
    client: GatewayClient, settings: Settings
) -> None:
    """A refund the provider's bank still held when day D ran keeps D unfinished (nothing else in
    transit); the run that finds it past its time stores it as refundMissing, and D is finished."""
    client.post("/_mocks/reset")
    day = mocks_today(client) - timedelta(days=10)
    held = RefundInTransit(
        provider_order_id="VK10000002-1", owner="storeOrder", reference="VK10000002", amount=Decimal("310.00"),
        status="ONHOLD", expected_on=day + timedelta(days=7),
    )  # fmt: skip
    missing = Mismatch(
        kind="refundMissing", provider_order_id="VK10000002-1", owner="storeOrder", reference="VK10000002",
        cf_payment_id=None, recorded=Decimal("310.00"), settled=Decimal("0.00"), unreconciled=Decimal("310.00"),
    )  # fmt: skip
    waiting = msgspec.structs.replace(
        in_transit_run(day, "order_paid", [], in_transit=False), refunds_in_transit=[held]
    )
    late = in_transit_run(day, "order_paid", [missing], in_transit=False)

    kept = kept_twice(client, settings, waiting, late)
    assert (kept.unfinished, kept.finished, kept.after) == ([day], True, [])
    assert kept.found == [("refundMissing", "VK10000002-1")]
    # Each run of the day keeps what was at the bank then.
    assert kept.passes == [("0.00", "310.00"), ("0.00", "0.00")]
