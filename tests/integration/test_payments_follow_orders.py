"""Payment sessions follow the store order (issue 28): cancelling an unpaid online order closes
its provider order, a payment that lands anyway is refunded and shown, and an unpaid order
expires with its provider order and gives its stock back. The gateway over the in-process mocks."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from gateway.settings import Settings
from tests.conftest import CLIENT_SECRET, GatewayClient
from tests.integration.test_checkout_api import fill_cart, place, quote
from tests.integration.test_store_api import log_in
from tests.mocks_clock import mocks_now

PROVIDER = {"x-client-id": "mock-client", "x-client-secret": CLIENT_SECRET, "x-api-version": "2025-01-01"}


@pytest.fixture
def shopper(make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]) -> GatewayClient:
    """A logged-in shopper whose product reads are never cached, so stock reads as it is now."""
    client = make_client(make_settings(catalogue_cache_seconds=0))
    log_in(client)
    return client


def online_order(client: GatewayClient, key: str, lines: dict[int, int]) -> dict[str, Any]:
    fill_cart(client, lines)
    answer = place(client, key, quote(client, "online")["charges"]["total"], "online")
    assert answer.status_code == 200, answer.text
    order: dict[str, Any] = answer.json()
    return order


def pay(client: GatewayClient, order: dict[str, Any]) -> Any:
    session = order["payment"]["paymentSessionId"]
    return client.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"})


def provider_refunds(client: GatewayClient, order: dict[str, Any]) -> list[dict[str, Any]]:
    answer = client.get(f"/_mocks/payments/pg/orders/{order['payment']['providerOrderId']}/refunds", headers=PROVIDER)
    assert answer.status_code == 200, answer.text
    refunds: list[dict[str, Any]] = answer.json()
    return refunds


def stock(client: GatewayClient, product_id: int) -> int:
    answer = client.get(f"/api/store/products/{product_id}")
    assert answer.status_code == 200, answer.text
    return int(answer.json()["stockQuantity"])


def test_cancelling_an_unpaid_online_order_closes_its_checkout(shopper: GatewayClient) -> None:
    order = online_order(shopper, "closes-checkout-1", {1: 1})
    cancelled = shopper.post(f"/api/orders/{order['orderNumber']}/cancel", headers=shopper.xsrf())
    assert cancelled.status_code == 200, cancelled.text
    assert cancelled.json()["refund"]["kind"] == "nothingPaid"
    charged = pay(shopper, order)  # the shopper's checkout page, still open
    assert charged.status_code == 409 and charged.json()["code"] == "order_not_active"
    assert shopper.get(f"/api/orders/{order['orderNumber']}").json()["payment"]["state"] == "cancelled"


def test_a_payment_that_lands_on_a_cancelled_order_is_refunded_in_full_and_shown(shopper: GatewayClient) -> None:
    order = online_order(shopper, "late-payment-1", {1: 2})
    # The provider is down as the order is cancelled: its checkout stays open.
    scenario = {"mock": "payments", "path": "terminate", "status": 503, "times": 1}
    assert shopper.post("/_mocks/scenarios", json=scenario).status_code == 201
    path = f"/api/orders/{order['orderNumber']}"
    assert shopper.post(f"{path}/cancel", headers=shopper.xsrf()).status_code == 200
    assert pay(shopper, order).status_code == 200  # the provider takes the money anyway

    seen = shopper.get(path).json()
    amount = order["payment"]["amount"]
    assert seen["status"] == "cancelled" and seen["payment"]["state"] == "refundInitiated"
    assert seen["refund"]["kind"] == "toSource" and seen["refund"]["amount"] == amount
    assert "reached us after this order was cancelled" in seen["refund"]["message"]
    again = shopper.get(path).json()  # read again (and the webhook meanwhile): refunded once
    assert again["refund"] == seen["refund"]
    refunds = provider_refunds(shopper, order)
    assert [Decimal(str(r["refund_amount"])) for r in refunds] == [Decimal(amount)]


def test_the_time_left_to_pay_is_counted_on_the_mocks_clock(shopper: GatewayClient) -> None:
    """The page counts down from payWithinSeconds, never from the device's clock: the gateway
    gives it from the world's clock, which moving moves."""
    order = online_order(shopper, "time-left-1", {3: 1})
    pay_by = datetime.fromisoformat(order["payment"]["payBy"])
    left = order["payment"]["payWithinSeconds"]
    assert abs(left - (pay_by - mocks_now(shopper)).total_seconds()) <= 2
    assert 29 * 60 < left <= 30 * 60 + 1

    shopper.post("/_mocks/clock", json={"minutes": 10}).raise_for_status()
    seen = shopper.get(f"/api/orders/{order['orderNumber']}").json()
    assert seen["payment"]["payBy"] == order["payment"]["payBy"]
    assert abs(seen["payment"]["payWithinSeconds"] - (left - 600)) <= 2


def test_an_unpaid_online_order_shows_its_pay_by_then_expires_gives_its_stock_back_and_takes_no_payment(
    shopper: GatewayClient,
) -> None:
    before = stock(shopper, 3)
    order = online_order(shopper, "expires-1", {3: 2})
    pay_by = datetime.fromisoformat(order["payment"]["payBy"])
    # Thirty minutes from the checkout's opening, a moment after the order's own time, written to
    # the second (so up to a second past the order's time plus thirty minutes).
    window = pay_by - datetime.fromisoformat(order["createdAt"])
    assert timedelta(minutes=29) < window <= timedelta(minutes=30, seconds=1)
    assert stock(shopper, 3) == before - 2  # held for the order, on the product page as in the quote

    expired = shopper.post(f"/_mocks/orders/{order['orderNumber']}/expire")
    assert expired.status_code == 200, expired.text
    seen = shopper.get(f"/api/orders/{order['orderNumber']}").json()
    assert seen["status"] == "cancelled" and seen["payment"]["state"] == "cancelled"
    assert seen["payment"]["payBy"] is None and seen["payment"]["paymentSessionId"] is None
    assert seen["timeline"][-1]["note"] == "Not paid in time"
    assert "not paid in time" in seen["refund"]["message"]
    assert stock(shopper, 3) == before
    assert pay(shopper, order).status_code == 409
    again = shopper.post(f"/api/orders/{order['orderNumber']}/payment", headers=shopper.xsrf())
    assert again.status_code == 409 and again.json()["error"]["code"] == "nothing_to_pay"
