"""A cancelled order's refund is followed until the bank has paid it out: one the bank holds
(ONHOLD) is waited for, never asked twice; one it gives up (CANCELLED) is asked again under the
next refund id, so the shopper gets the whole charge back once (QA's refund scenarios on the
payments mock, which answer as Cashfree's refunds do)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.conftest import CLIENT_SECRET, GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_orders_api import detail
from tests.integration.test_store_api import log_in

PROVIDER = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"}
READS = 50  # a bounded number of looks at the order, each asking the provider again


def _paid_then_cancelled(client: GatewayClient, key: str, bank: str) -> dict[str, Any]:
    log_in(client)
    fill_cart(client, {1: 1})
    order: dict[str, Any] = place(client, key, quote(client, "online")["charges"]["total"], "online").json()
    paid = client.post(
        f"/_mocks/payments/checkout/{order['payment']['paymentSessionId']}/pay", json={"outcome": "success"}
    )
    assert paid.status_code == 200, paid.text
    assert detail(client, order["orderNumber"])["payment"]["state"] == "paid"
    held = {"mock": "payments", "path": "refund", "refund": bank, "delayMs": 1, "times": 1}
    assert client.post("/_mocks/scenarios", json=held).status_code == 201
    cancelled = client.post(f"/api/orders/{order['orderNumber']}/cancel", headers=client.xsrf())
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["payment"]["state"] == "refundInitiated"
    return order


def _refunds_once_paid_out(client: GatewayClient, order: dict[str, Any]) -> list[tuple[str, str, Decimal]]:
    """The provider's refunds of the order, read until one is paid out (each look at the order
    follows its refund)."""
    provider_order = order["payment"]["providerOrderId"]
    refunds: list[dict[str, Any]] = []
    for _ in range(READS):
        detail(client, order["orderNumber"])
        refunds = client.get(f"/_mocks/payments/pg/orders/{provider_order}/refunds", headers=PROVIDER).json()
        if any(r["refund_status"] == "SUCCESS" for r in refunds):
            break
    return [(r["refund_id"], r["refund_status"], Decimal(str(r["refund_amount"]))) for r in refunds]


def test_a_refund_the_bank_gives_up_is_asked_again_and_paid_out_once(client: GatewayClient) -> None:
    order = _paid_then_cancelled(client, "refund-given-up", "cancelled")
    provider_order = order["payment"]["providerOrderId"]
    amount = Decimal(order["payment"]["amount"])
    assert _refunds_once_paid_out(client, order) == [
        (f"{provider_order}-refund", "CANCELLED", amount),
        (f"{provider_order}-refund-2", "SUCCESS", amount),
    ]
    detail(client, order["orderNumber"])  # another look asks nothing more
    again = client.get(f"/_mocks/payments/pg/orders/{provider_order}/refunds", headers=PROVIDER).json()
    assert len(again) == 2


def test_a_refund_the_bank_holds_is_waited_for_never_asked_twice(client: GatewayClient) -> None:
    order = _paid_then_cancelled(client, "refund-held", "onHold")
    provider_order = order["payment"]["providerOrderId"]
    assert _refunds_once_paid_out(client, order) == [
        (f"{provider_order}-refund", "SUCCESS", Decimal(order["payment"]["amount"])),
    ]
