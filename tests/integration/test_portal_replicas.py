"""The portal scaled out: two gateway replicas, one Redis, the mocks on their own port over HTTP.

A Pay click retried on the other replica (same Idempotency-Key) makes one order, and paying
through the proxied mock checkout settles once.
"""

from __future__ import annotations

from tests.conftest import GatewayClient

RAMESH = "9876543210"


def test_a_pay_click_retried_on_another_replica_makes_one_order(
    replicas: tuple[GatewayClient, GatewayClient],
) -> None:
    a, b = replicas
    a.post("/api/portal/otp", json={"mobileNumber": RAMESH}, headers=a.xsrf()).raise_for_status()
    a.post(
        "/api/portal/otp/verify", json={"mobileNumber": RAMESH, "otp": a.otp_for(RAMESH)}, headers=a.xsrf()
    ).raise_for_status()
    b.cookies = a.cookies
    body = {"mode": "partialPayment", "amount": 1000}
    first = a.post("/api/portal/payments", json=body, headers={**a.xsrf(), "Idempotency-Key": "click-replica-1"})
    second = b.post("/api/portal/payments", json=body, headers={**a.xsrf(), "Idempotency-Key": "click-replica-1"})
    assert first.status_code == second.status_code == 201, second.text
    assert first.json() == second.json()
    journal = a.get("/_mocks/journal", params={"mock": "lending"}).json()
    assert [e["path"].strip("/") for e in journal].count("webRepayment/cashFreeRequest") == 1

    # The tester pays on the checkout page, served on the gateway's origin through the proxy.
    payment = first.json()
    assert (
        a.post(f"/_mocks/payments/checkout/{payment['paymentSessionId']}/pay", json={"outcome": "success"}).json()[
            "payment_status"
        ]
        == "SUCCESS"
    )
    for replica in (a, b):
        outcome = replica.post(
            f"/api/portal/payments/{payment['orderId']}/confirm",
            json={"paymentLogId": payment["paymentLogId"]},
            headers=a.xsrf(),
        )
        assert outcome.json()["message"] == "Payment process completed"
    assert b.get("/api/portal/repayment").json()["remainingAmount"] == "11450.00"
