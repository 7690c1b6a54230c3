"""The desk's reconciliation worklist over the daily job's stored runs: a day's findings, how long
each has been open on the mocks' clock, the attention rules, and a supervisor resolving one with a
note (kept in the audit trail, once)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

import msgspec
import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_daily_reconciliation import two_replicas_run_the_job
from tests.integration.test_desk_api import AGENT, SUPERVISOR, staff_log_in
from tests.integration.test_reconciliation import mistake, paid_online
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
    assert client.get("/api/desk/worklist/yesterday").status_code == 422
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
