"""The lending mock calls the payment provider over HTTP, wherever PAYMENTS_URL points: with the
payments mock on its own port, the repayment's checkout is created there (and nowhere else), with
the account's credentials, Cashfree's version header and an idempotency key."""

from __future__ import annotations

import httpx
from litestar.testing import TestClient

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
        mocks.post("lending/sendOtp", json={"mobileNumber": RAMESH}).raise_for_status()
        code = mocks.get(f"lending/outbox/{RAMESH}").json()["otp"]
        login = mocks.post(
            "lending/webRepayment/verifyOtp",
            json={"mobileNumber": RAMESH, "otp": code, "platform": "WEB", "userType": "USER", "businessType": 1},
        ).json()
        bearer = {"authorization": f"Bearer {login['accessToken']}"}
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
