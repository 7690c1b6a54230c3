"""The desk's reconciliation worklist over the daily job's stored runs: a day's findings, how long
each has been open on the mocks' clock, the attention rules, and a supervisor resolving one with a
note (kept in the audit trail, once)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from decimal import Decimal

import httpx
import msgspec
import pytest

from gateway.operations_db import OperationsDatabase
from gateway.plumbing.clock import RemoteClock
from gateway.reconciliation.runs import RunBook
from gateway.reconciliation.schemas import Mismatch, Reconciliation
from gateway.reconciliation.watch import MoneyWatch
from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_daily_reconciliation import two_replicas_run_the_job
from tests.integration.test_desk_api import AGENT, SUPERVISOR, staff_log_in
from tests.integration.test_reconciliation import PROVIDER, mistake, paid_online
from tests.integration.test_store_api import log_in as store_log_in
from tests.mocks_clock import mocks_today


@pytest.fixture
def settings(make_settings: Callable[..., Settings], redis_url: str, redis_namespace: str) -> Settings:
    # Two days open or more than 1,000 rupees needs attention.
    return msgspec.structs.replace(
        make_settings(redis_url=redis_url, redis_namespace=redis_namespace),
        reconciliation_attention_days=1,
        reconciliation_attention_above=Decimal("1000"),
    )


def test_a_supervisor_sees_a_days_findings_age_and_resolves_one_with_a_note(
    client: GatewayClient, settings: Settings
) -> None:
    client.post("/_mocks/reset")
    first_day = mocks_today(client)
    store_log_in(client)
    placed = paid_online(client, "worklist-order-1", {1: 1})
    order = placed["payment"]
    mistake(client, kind="omitPayment", orderId=order["providerOrderId"])
    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200
    two_replicas_run_the_job(client, settings)

    logged_in = staff_log_in(client, AGENT)
    assert logged_in.status_code == 200, logged_in.text
    assert client.get(f"/api/desk/worklist/{first_day}").status_code == 403  # supervisors only
    assert staff_log_in(client, SUPERVISOR).status_code == 200
    assert client.get("/api/desk/worklist/tomorrow").status_code == 422
    # What the desk opens on: India's yesterday on the mocks' clock.
    assert client.get("/api/desk/worklist/yesterday").json()["day"] == first_day.isoformat()
    empty = client.get(f"/api/desk/worklist/{first_day - timedelta(days=30)}").json()
    assert (empty["run"], empty["findings"]) == (None, [])

    day = client.get(f"/api/desk/worklist/{first_day}").json()
    assert day["run"]["openFindings"] == 1 and day["run"]["attention"] == []
    [finding] = day["findings"]
    assert (finding["kind"], finding["providerOrderId"], finding["reference"], finding["unreconciled"]) == (
        "paidWithoutCharge",
        order["providerOrderId"],
        placed["orderNumber"],
        order["amount"],
    )
    assert finding["daysOpen"] == 0 and finding["resolvedBy"] is None

    # Two days later, still open: it has aged, and the run needs attention (here and in the list).
    assert client.post("/_mocks/clock", json={"days": 2}).status_code == 200
    aged = client.get(f"/api/desk/worklist/{first_day}").json()
    assert aged["findings"][0]["daysOpen"] == 2
    assert aged["run"]["attention"] == ["findingOverdue"]
    listed = {run["day"]: run for run in client.get("/api/desk/worklist").json()}
    assert listed[first_day.isoformat()]["attention"] == ["findingOverdue"]

    path = f"/api/desk/worklist/findings/{finding['id']}/resolve"
    assert client.post(path, json={"note": ""}, headers=client.xsrf()).status_code == 400
    resolved = client.post(
        path, json={"note": "Provider confirmed; settles with tomorrow's batch"}, headers=client.xsrf()
    )
    assert resolved.status_code == 200, resolved.text
    body = resolved.json()
    assert (body["resolvedBy"], body["note"], body["daysOpen"]) == (
        SUPERVISOR,
        "Provider confirmed; settles with tomorrow's batch",
        2,
    )
    again = client.post(path, json={"note": "twice"}, headers=client.xsrf())
    assert again.status_code == 409 and SUPERVISOR in again.json()["error"]["message"]
    assert (
        client.post("/api/desk/worklist/findings/999999/resolve", json={"note": "x"}, headers=client.xsrf()).status_code
        == 404
    )

    after = client.get(f"/api/desk/worklist/{first_day}").json()
    assert after["run"]["openFindings"] == 0 and after["run"]["attention"] == []
    trail = client.get("/api/desk/audit", params={"action": "resolveFinding"}).json()
    assert [(e["staff"], e["reason"], e["amount"]) for e in trail] == [
        (SUPERVISOR, "Provider confirmed; settles with tomorrow's batch", order["amount"])
    ]


def keep_and_watch(client: GatewayClient, settings: Settings, result: Reconciliation | None) -> tuple[int, int, int]:
    """Store a run as the daily job does (when given one) and take the money watch's look."""

    async def go() -> tuple[int, int, int]:
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=client.app), base_url="http://testserver")
        clock = RemoteClock(http, "/_mocks/clock", ttl=0)
        database = OperationsDatabase(settings.operations_database_url, settings.database_timeout)
        try:
            if result is not None:
                assert await RunBook(database, clock).keep(result)
            return await MoneyWatch(database, clock, lambda n: None, lambda n: None).look()
        finally:
            await database.close()
            await http.aclose()

    return client.blocking_portal.call(go)


def a_later_run(day: date, again: dict[str, object]) -> Reconciliation:
    mismatch = Mismatch(
        kind=str(again["kind"]),  # type: ignore[arg-type]
        provider_order_id=str(again["providerOrderId"]),
        owner="storeOrder",
        reference=str(again["reference"]),
        cf_payment_id=again["cfPaymentId"],  # type: ignore[arg-type]
        recorded=Decimal(str(again["recorded"])),
        settled=None,
        unreconciled=Decimal(str(again["unreconciled"])),
    )
    zero = Decimal("0.00")
    return Reconciliation(
        date=day, settled_net=zero, fees=zero, in_transit=[], in_transit_net=zero, adjustments=[], credited=zero,
        payments_settled=0, refunds_settled=0, recorded_payments=0, mismatches=[mismatch], by_kind=[],
        unreconciled=mismatch.unreconciled, over_a_day=True,
    )  # fmt: skip


def test_a_chargeback_shows_its_deadline_and_a_mismatch_found_again_stays_one_finding(
    client: GatewayClient, settings: Settings
) -> None:
    client.post("/_mocks/reset")
    first_day = mocks_today(client)
    store_log_in(client)
    charged = paid_online(client, "worklist-chargeback", {1: 1})["payment"]
    omitted = paid_online(client, "worklist-omitted", {2: 1})["payment"]
    mistake(client, kind="omitPayment", orderId=omitted["providerOrderId"])
    cf_payment_id = client.get(
        f"/_mocks/payments/pg/orders/{charged['providerOrderId']}/payments", headers=PROVIDER
    ).json()[0]["cf_payment_id"]
    back = client.post("/_mocks/payments/chargebacks", json={"cfPaymentId": cf_payment_id, "respondInDays": 2})
    assert back.status_code == 201, back.text
    # The provider's disputes API says by when (Cashfree's respond_by), the end of India's day.
    [dispute] = client.get(f"/_mocks/payments/pg/orders/{charged['providerOrderId']}/disputes", headers=PROVIDER).json()
    assert (dispute["dispute_type"], dispute["respond_by"]) == (
        "CHARGEBACK",
        f"{first_day + timedelta(days=2)}T23:59:59+05:30",
    )
    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200
    two_replicas_run_the_job(client, settings)

    assert staff_log_in(client, SUPERVISOR).status_code == 200
    day = client.get("/api/desk/worklist/yesterday").json()
    assert day["day"] == first_day.isoformat()
    # The chargeback first (it has a deadline), with its days left; then the mismatch.
    assert [(f["kind"], f["providerOrderId"], f["respondBy"], f["daysToRespond"]) for f in day["findings"]] == [
        ("chargeback", charged["providerOrderId"], (first_day + timedelta(days=2)).isoformat(), 1),
        ("paidWithoutCharge", omitted["providerOrderId"], None, None),
    ]
    assert day["findings"][0]["unreconciled"] == charged["amount"]
    # Within 2 days of its deadline: the gauge counts it.
    assert keep_and_watch(client, settings, None) == (0, 1, 0)

    # The next day's run finds the same mismatch again: still one finding, ageing from the first.
    again = day["findings"][1]
    assert client.post("/_mocks/clock", json={"days": 1}).status_code == 200
    keep_and_watch(client, settings, a_later_run(first_day + timedelta(days=1), again))
    later = client.get(f"/api/desk/worklist/{first_day + timedelta(days=1)}").json()
    assert [(f["id"], f["foundOn"], f["daysOpen"], f["lastFoundOn"]) for f in later["findings"]] == [
        (again["id"], again["foundOn"], 1, (first_day + timedelta(days=1)).isoformat())
    ]

    # Whatever day the supervisor picks (a later one, one with no run), the open chargeback stays
    # in sight with its deadline, until it is resolved.
    chargeback = day["findings"][0]
    for other in (first_day + timedelta(days=1), first_day - timedelta(days=30)):
        shown = client.get(f"/api/desk/worklist/{other}").json()["openDisputes"]
        assert [(f["id"], f["day"], f["respondBy"], f["daysToRespond"]) for f in shown] == [
            (chargeback["id"], first_day.isoformat(), (first_day + timedelta(days=2)).isoformat(), 0)
        ]
    answered = client.post(
        f"/api/desk/worklist/findings/{chargeback['id']}/resolve",
        json={"note": "Evidence sent to the provider"},
        headers=client.xsrf(),
    )
    assert answered.status_code == 200, answered.text
    assert client.get(f"/api/desk/worklist/{first_day + timedelta(days=1)}").json()["openDisputes"] == []
