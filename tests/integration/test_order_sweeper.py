"""The orders service's own sweeper (upstream_mocks/orders/app.py `sweep`): an unpaid online order
whose time to pay is over expires on time, its stock back on the shelf and its provider order
closed, with nobody reading the order: when the mocks' clock is moved, and as real time passes."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_payments_follow_orders import PROVIDER, online_order, stock
from tests.integration.test_store_api import log_in
from tests.mocks_clock import mocks_now

PRODUCT = 1


def provider_order(client: GatewayClient, order: dict[str, Any]) -> dict[str, Any]:
    """The provider's own word on the order's checkout (what the orders service never reads here)."""
    answer = client.get(f"/_mocks/payments/pg/orders/{order['payment']['providerOrderId']}", headers=PROVIDER)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def cancelled_mails(client: GatewayClient, order: dict[str, Any]) -> list[dict[str, Any]]:
    """The shopper's mails telling the order is cancelled (sent in the background after the step)."""
    outbox: list[dict[str, Any]] = client.get("/_mocks/mail/outbox").json()
    return [m for m in outbox if m.get("orderNumber") == order["orderNumber"] and m.get("status") == "cancelled"]


def one_cancelled_mail(client: GatewayClient, order: dict[str, Any]) -> None:
    deadline = time.monotonic() + 30  # bounded: the mail is built and sent off the request
    while not (found := cancelled_mails(client, order)):
        if time.monotonic() > deadline:
            pytest.fail("no mail told the shopper the order was cancelled")
        time.sleep(0.1)
    assert len(found) == 1


@pytest.fixture
def shopper(make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]) -> GatewayClient:
    client = make_client(make_settings(catalogue_cache_seconds=0))
    client.post("/_mocks/reset")
    log_in(client)
    return client


def test_a_clock_move_past_the_time_to_pay_expires_the_order_unread(shopper: GatewayClient) -> None:
    before = stock(shopper, PRODUCT)
    order = online_order(shopper, "swept-on-a-move", {PRODUCT: 2})
    assert stock(shopper, PRODUCT) == before - 2  # held for the order while it may be paid

    assert shopper.post("/_mocks/clock", json={"minutes": 29}).status_code == 200
    assert stock(shopper, PRODUCT) == before - 2 and cancelled_mails(shopper, order) == []

    assert shopper.post("/_mocks/clock", json={"minutes": 2}).status_code == 200
    # No read of the order: the sweeper gave the stock back, told the shopper, and the provider's
    # order is over.
    assert stock(shopper, PRODUCT) == before
    one_cancelled_mail(shopper, order)
    assert provider_order(shopper, order)["order_status"] in {"EXPIRED", "TERMINATED"}
    listed = shopper.get("/api/orders")
    assert listed.status_code == 200, listed.text
    [mine] = [o for o in listed.json()["orders"] if o["orderNumber"] == order["orderNumber"]]
    assert mine["status"] == "cancelled"
    assert len(cancelled_mails(shopper, order)) == 1  # the read after it changes nothing: one mail


def test_real_time_passing_expires_the_order_unread(
    make_client: Callable[[Settings], GatewayClient],
    make_settings: Callable[..., Settings],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A one-minute time to pay and a sweep every 0.2 s; the clock moved 54 s of it, so the last
    # few seconds pass in real time with nobody moving the clock or reading the order.
    monkeypatch.setenv("MOCKS_ORDER_PAYMENT_MINUTES", "1")
    monkeypatch.setenv("MOCKS_ORDER_SWEEP_SECONDS", "0.2")
    client = make_client(make_settings(catalogue_cache_seconds=0))
    log_in(client)
    before = stock(client, PRODUCT)
    order = online_order(client, "swept-in-real-time", {PRODUCT: 1})
    later = mocks_now(client) + timedelta(seconds=54)
    moved = client.post("/_mocks/clock", json={"at": later.isoformat()})
    assert moved.status_code == 200, moved.text
    assert stock(client, PRODUCT) == before - 1  # still within its time to pay
    deadline = time.monotonic() + 60  # bounded: the seconds left, then the next sweeps
    while stock(client, PRODUCT) != before:  # reads the catalogue only, never the order
        if time.monotonic() > deadline:
            pytest.fail("the unpaid order's stock was not given back within a minute of real time")
        time.sleep(0.2)
    one_cancelled_mail(client, order)
