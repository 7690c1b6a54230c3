"""With the mocks on their own port and a public address, the payments mock's webhook reaches
the lending mock over the network (not in-process) and settles the payment."""

from __future__ import annotations

import time

import httpx

from tests.integration.lender_login import lender_bearer

RAMESH = "9876543210"


def test_a_webhook_sent_over_the_network_settles_the_payment(mocks_url: str) -> None:
    with httpx.Client(base_url=f"{mocks_url}/_mocks/", timeout=10) as mocks:
        mocks.post("reset").raise_for_status()
        bearer = lender_bearer(mocks, RAMESH)
        session = mocks.post(
            "lending/webRepayment/cashFreeRequest", json={"order_amount": 321, "userId": 1001}, headers=bearer
        ).json()["data"]
        mocks.post(f"payments/checkout/{session['payment_session_id']}/pay", json={"outcome": "success"})

        # Bounded wait for what the lender shows: the payment settled by the webhook alone.
        deadline = time.monotonic() + 60
        history: list[dict[str, object]] = []
        while time.monotonic() < deadline:
            history = mocks.get("lending/webRepayment/paymentHistory", params={"userId": 1001}, headers=bearer).json()[
                "data"
            ]
            if history and history[0]["status"] == "paid":
                break
            time.sleep(0.05)
        assert [(h["status"], h["remainingAfter"]) for h in history] == [("paid", 12129.0)]
        [delivery] = mocks.get("payments/webhooks").json()
        assert delivery["notify_url"] == f"{mocks_url}/_mocks/lending/webhooks/payments"
        assert delivery["outcome"] == "delivered"
        webhook_calls = [e for e in mocks.get("journal").json() if e["path"] == "webhooks/payments"]
        assert [e["status"] for e in webhook_calls] == [200]
