"""A payment left PENDING at the payer's bank is followed to its end, on the mocks' one clock
(/_mocks/clock): for the native lender's repayments and for store orders, a payment the bank
takes an hour later is booked (paid); one it never takes is said expired when its order
expires. Never 'pending' for ever, never offered to be paid twice while it waits."""

from __future__ import annotations

from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_orders_api import detail
from tests.integration.test_portal_api import log_in, pay
from tests.integration.test_portal_repayments_api import confirm, recheck
from tests.integration.test_store_api import log_in as store_log_in


def _left_pending(client: GatewayClient, session_id: str) -> str:
    """The payer at the provider's checkout, whose bank has yet to answer: the payment's id."""
    left = client.post(f"/_mocks/payments/checkout/{session_id}/pay", json={"outcome": "pending"})
    assert left.status_code == 200, left.text
    assert left.json()["payment_status"] == "PENDING"
    return str(left.json()["cf_payment_id"])


def _clock_on(client: GatewayClient, **by: int) -> None:
    moved = client.post("/_mocks/clock", json=by)
    assert moved.status_code == 200, moved.text


def _bank_says(client: GatewayClient, cf_payment_id: str, status: str) -> None:
    told = client.post(f"/_mocks/payments/payments/{cf_payment_id}/bank", json={"payment_status": status})
    assert told.status_code == 200, told.text


def _history_entry(client: GatewayClient, order_id: str) -> dict[str, Any]:
    answer = client.get("/api/portal/payments")
    assert answer.status_code == 200, answer.text
    entries = answer.json()
    entries = entries["payments"] if isinstance(entries, dict) else entries
    found: dict[str, Any] = next(e for e in entries if e["orderId"] == order_id)
    return found


def test_a_native_repayment_the_bank_takes_an_hour_later_is_booked_once(client: GatewayClient) -> None:
    log_in(client)
    payment: dict[str, Any] = pay(client, {"mode": "partialPayment", "amount": "200.50"}).json()
    cf_payment_id = _left_pending(client, payment["paymentSessionId"])
    outcome = confirm(client, payment)
    assert outcome["status"] == "bankPending" and "Waiting for your bank" in outcome["message"]
    assert [p["orderId"] for p in recheck(client)["pending"]] == [payment["orderId"]]
    assert _history_entry(client, payment["orderId"])["status"] == "pending"

    _clock_on(client, hours=1)
    assert [p["orderId"] for p in recheck(client)["pending"]] == [payment["orderId"]]  # still waiting
    _bank_says(client, cf_payment_id, "SUCCESS")
    assert [s["status"] for s in recheck(client)["settled"]] == ["completed"]
    assert recheck(client) == {"settled": [], "pending": []}
    entry = _history_entry(client, payment["orderId"])
    assert (entry["status"], entry["providerReference"]) == ("paid", cf_payment_id)
    assert client.get("/api/portal/repayment").json()["pendingPayments"] == []


def test_a_native_repayment_the_bank_never_answers_is_said_expired_when_its_order_expires(
    client: GatewayClient,
) -> None:
    log_in(client)
    payment: dict[str, Any] = pay(client, {"mode": "partialPayment", "amount": "150.00"}).json()
    _left_pending(client, payment["paymentSessionId"])
    assert confirm(client, payment)["status"] == "bankPending"
    _clock_on(client, days=29, hours=23)
    assert [p["orderId"] for p in recheck(client)["pending"]] == [payment["orderId"]]
    _clock_on(client, hours=1, minutes=1)  # the provider's order (30 days) has expired
    assert recheck(client) == {"settled": [], "pending": []}
    entry = _history_entry(client, payment["orderId"])
    assert (entry["status"], entry["failureReason"]) == ("failed", "expired")
    assert client.get("/api/portal/repayment").json()["pendingPayments"] == []


def _store_order(client: GatewayClient, key: str) -> dict[str, Any]:
    store_log_in(client)
    fill_cart(client, {1: 1})
    placed = place(client, key, quote(client, "online")["charges"]["total"], "online")
    assert placed.status_code == 200, placed.text
    order: dict[str, Any] = placed.json()
    return order


def test_a_store_order_the_bank_takes_an_hour_later_is_paid_and_never_offered_twice(client: GatewayClient) -> None:
    order = _store_order(client, "bank-pending-paid")
    number = order["orderNumber"]
    cf_payment_id = _left_pending(client, order["payment"]["paymentSessionId"])
    waiting = detail(client, number)["payment"]
    assert waiting["state"] == "pending" and waiting["bankPendingSince"]
    assert waiting["canPayOnDelivery"] is False and waiting["failedAt"] is None
    again = client.post(f"/api/orders/{number}/payment", headers=client.xsrf())
    assert again.status_code == 409  # no second charge while the bank decides

    _clock_on(client, hours=1)  # past its time to pay (30 minutes): it waits for the bank
    still = detail(client, number)
    assert (still["status"], still["payment"]["state"]) == ("placed", "pending")
    assert still["payment"]["bankPendingSince"] == waiting["bankPendingSince"]
    _bank_says(client, cf_payment_id, "SUCCESS")
    paid = detail(client, number)
    # Paid, and moved on by the time that passed (its one-hour delivery), never cancelled.
    assert paid["payment"]["state"] == "paid" and paid["status"] != "cancelled"
    assert paid["payment"]["providerPaymentId"] == cf_payment_id and paid["payment"]["bankPendingSince"] is None


def test_a_store_order_the_bank_never_answers_is_cancelled_as_expired_and_a_late_success_refunded(
    client: GatewayClient,
) -> None:
    order = _store_order(client, "bank-pending-expired")
    number = order["orderNumber"]
    cf_payment_id = _left_pending(client, order["payment"]["paymentSessionId"])
    assert detail(client, number)["payment"]["bankPendingSince"]
    _clock_on(client, hours=2, minutes=29)  # time to pay (30 min) and the bank's wait (2 h) not yet over
    assert detail(client, number)["status"] == "placed"
    _clock_on(client, minutes=2)
    ended = detail(client, number)
    assert (ended["status"], ended["payment"]["state"]) == ("cancelled", "cancelled")
    assert ended["refund"]["kind"] == "nothingPaid"
    # The bank takes it after all: refunded at once, and the order says so.
    _bank_says(client, cf_payment_id, "SUCCESS")
    late = detail(client, number)
    assert late["payment"]["state"] == "refundInitiated"
    assert late["refund"]["kind"] == "toSource" and late["refund"]["paidAfterCancelling"] is True
