"""The payment provider is called over HTTP, wherever PAYMENTS_URL points: with the payments mock
on its own port, a repayment's checkout opened by the lending mock is created there (and nowhere
else), and the gateway's report and look-up calls arrive there."""

from __future__ import annotations

from datetime import date

import httpx
from litestar.testing import TestClient

from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.payments import PaymentsClient
from tests.integration.lender_login import lender_bearer
from upstream_mocks.settings import MockSettings
from upstream_mocks.suite import create_suite
from upstream_mocks.world import MockWorld

RAMESH = "9876543210"


def test_a_repayment_checkout_is_created_at_the_provider_payments_url_names(mocks_url: str) -> None:
    provider = httpx.Client(base_url=f"{mocks_url}/_mocks/", timeout=30)
    provider.post("reset").raise_for_status()
    settings = MockSettings.from_env({"PAYMENTS_URL": f"{mocks_url}/_mocks/payments/"})
    world = MockWorld(settings)
    with TestClient(
        create_suite(world, check_contracts=True, traced=False), base_url="http://mocks.local/_mocks/"
    ) as mocks:
        bearer = lender_bearer(mocks, RAMESH)
        created = mocks.post(
            "lending/webRepayment/cashFreeRequest", json={"order_amount": 321.5, "userId": 1001}, headers=bearer
        )
        assert created.status_code == 200, created.text
        session = created.json()["data"]
        # Nothing reached the suite's own payments mock: the order is the other provider's.
        assert [e.path for e in world.journal if e.mock == "payments"] == []
        assert world.states["payments"].orders == {}

    calls = [e for e in provider.get("journal", params={"mock": "payments"}).json() if e["path"] == "pg/orders"]
    assert [(c["method"], c["status"], c["body"]["order_id"]) for c in calls] == [("POST", 200, session["order_id"])]
    assert calls[0]["body"]["order_amount"] == 321.5
    headers = {"x-client-id": "mock-client", "x-client-secret": "mock-secret", "x-api-version": "2025-01-01"}
    there = provider.get(f"payments/pg/orders/{session['order_id']}", headers=headers)
    assert there.status_code == 200 and there.json()["payment_session_id"] == session["payment_session_id"]


async def test_the_gateways_report_and_look_up_calls_arrive_at_the_provider_payments_url_names(mocks_url: str) -> None:
    async with httpx.AsyncClient(base_url=mocks_url, timeout=30) as mocks:
        (await mocks.post("/_mocks/reset")).raise_for_status()
        today = date.fromisoformat((await mocks.get("/_mocks/clock")).json()["today"])
        async with httpx.AsyncClient(base_url=f"{mocks_url}/_mocks/payments/", timeout=30) as http:
            payments = PaymentsClient(UpstreamHttp("payments", http), "mock-client", "mock-secret")
            report = await payments.settlement_report(today)
            assert report.events == [] and report.settled_amount == 0
            assert await payments.search("633012345678", today) == []
            assert await payments.order_payments("NO_SUCH_ORDER") == []
        journal = (await mocks.get("/_mocks/journal", params={"mock": "payments"})).json()
    assert [(e["method"], e["path"], e["status"]) for e in journal] == [
        ("POST", "pg/recon", 200),
        ("POST", "pg/recon", 200),
        ("GET", "pg/orders/NO_SUCH_ORDER/payments", 404),
    ]
