"""Each merchant account's refund webhooks reach the gateway at that account's own path (issue 52):
Cashfree signs an account's REFUND_STATUS_WEBHOOK with that account's client secret and sends it
to the URL set in that account's dashboard. The store's path checks the store's secret and asks the
store's account; a lender's (/api/webhooks/payments/refunds/<lender>) checks that lender's secret
and asks the lender's account, the only one that knows its refund. Any other secret is 401."""

from __future__ import annotations

from typing import Any

import msgspec

from tests.conftest import CLIENT_SECRET, LENDER_ACCOUNT, LENDER_SECRET, GatewayClient
from upstream_mocks.payments.webhooks import signed_headers

STORE_PATH = "/api/webhooks/payments/refunds"
LENDER_PATH = "/api/webhooks/payments/refunds/native"


def lenders_refund(client: GatewayClient, order_id: str) -> dict[str, Any]:
    """A repayment order on the lender's own account, paid, with a refund the bank took."""
    order = {
        "order_id": order_id,
        "order_amount": 700.00,
        "order_currency": "INR",
        "customer_details": {"customer_id": "borrower-1001", "customer_phone": "9876543210"},
    }
    created = client.post("/_mocks/payments/pg/orders", json=order, headers=LENDER_ACCOUNT)
    assert created.status_code == 200, created.text
    session = created.json()["payment_session_id"]
    paid = client.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"})
    assert paid.status_code == 200, paid.text
    refund = {"refund_amount": 700.00, "refund_id": f"{order_id}-refund"}
    made = client.post(
        f"/_mocks/payments/pg/orders/{order_id}/refunds",
        json=refund,
        headers={**LENDER_ACCOUNT, "x-idempotency-key": f"{order_id}-refund"},
    )
    assert made.status_code == 200, made.text
    return {
        "type": "REFUND_STATUS_WEBHOOK",
        "event_time": "2026-12-02T12:00:00+05:30",
        "data": {"refund": {"refund_id": f"{order_id}-refund", "order_id": order_id, "refund_status": "SUCCESS"}},
    }


def told(client: GatewayClient, path: str, secret: str, event: dict[str, Any]) -> tuple[int, str]:
    raw = msgspec.json.encode(event)
    answer = client.post(path, content=raw, headers=signed_headers(secret, raw))
    body = answer.json()
    return answer.status_code, body.get("outcome") or body["error"]["code"]


def test_a_lenders_refund_webhook_is_checked_with_its_own_secret_at_its_own_path(client: GatewayClient) -> None:
    event = lenders_refund(client, "REPAY_WEBHOOK_0001")
    # At the lender's path: the lender's secret, and the lender's account asked (it knows the refund).
    assert told(client, LENDER_PATH, LENDER_SECRET, event)[0] == 200
    assert told(client, LENDER_PATH, LENDER_SECRET, event)[1].startswith("noted:")
    assert told(client, LENDER_PATH, CLIENT_SECRET, event) == (401, "webhook_refused")
    # At the store's path: the store's secret only, and the store's account knows no lender's refund.
    assert told(client, STORE_PATH, LENDER_SECRET, event) == (401, "webhook_refused")
    assert told(client, STORE_PATH, CLIENT_SECRET, event) == (200, "unknown refund")
    # A lender this deployment does not serve has no path.
    assert told(client, "/api/webhooks/payments/refunds/nobody", LENDER_SECRET, event)[0] == 404
