"""Delivery promises and payment state told plainly (issue 33), on a desktop and a 360 px phone.

Where and when first: no card claims a delivery time before a pin code is chosen; the header's
picker then shows that pin code's promise from the orders service, by its hour (QA's clock of
the orders mock sets the hour). An order's promise and payment follow the order: a failed
payment says no money was taken and can become cash on delivery, a delivered cash order reads
paid on delivery, a paid online order shows the provider's reference, a failed delivery attempt
promises the next attempt's day.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.store_steps import (
    GURUGRAM,
    RAMESH,
    advance,
    api_login,
    choose_pincode,
    expected,
    fill_cart,
    place_by_api,
    rupees,
    set_clock,
    xsrf,
)

NIGHT = "2026-11-27T02:50:00+05:30"  # the dark stores open at 7
NOON = "2026-11-27T12:00:00+05:30"
VIEWPORTS = ["page", "phone_page"]


def at(request: pytest.FixtureRequest, fixture: str) -> Page:
    page: Page = request.getfixturevalue(fixture)
    return page


def place_online(page: Page, lines: dict[int, int]) -> dict[str, Any]:
    """An online order to Gurugram through the gateway, as the checkout places it; the answer."""
    fill_cart(page, lines)
    body = {"address": GURUGRAM, "paymentMethod": "online"}
    quote = page.request.post("/api/checkout/quote", data=body, headers=xsrf(page))
    assert quote.ok, quote.text()
    placed = page.request.post(
        "/api/checkout/orders",
        data={**body, "quotedTotal": quote.json()["charges"]["total"]},
        headers={**xsrf(page), "Idempotency-Key": uuid.uuid4().hex},
    )
    assert placed.ok, placed.text()
    order: dict[str, Any] = placed.json()
    return order


def pay_at_provider(server: Server, order: dict[str, Any], outcome: str) -> None:
    session = order["payment"]["paymentSessionId"]
    server.http.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": outcome}).raise_for_status()


def test_after_login_the_store_delivers_to_the_last_used_address(server: Server, page: Page) -> None:
    # Ramesh's book: New Delhi 110005 first, Gurugram 122015 the one he used last.
    api_login(page, server, RAMESH)
    page.goto("/products")
    expect(page.get_by_test_id("delivery-area")).to_contain_text("Deliver to Gurugram 122015")
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get("pincode") == "122015"


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_no_delivery_time_before_a_pin_code_then_its_promise_by_the_hour(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    set_clock(server, NIGHT)
    page.goto("/products")
    cards = page.get_by_test_id("product-card")
    expect(cards.first).to_contain_text("Choose your pin code to see delivery time")
    expect(page.locator("body")).not_to_contain_text(re.compile("1 hour", re.I))

    page.get_by_role("button", name="Deliver to: choose your pin code").click()
    dialog = page.get_by_role("dialog", name="Where should we deliver?")
    dialog.get_by_label("Pin code").fill("122103")
    dialog.get_by_role("button", name="Show delivery time").click()
    picker = page.get_by_test_id("delivery-area")
    expect(picker).to_contain_text("Deliver to Gurugram 122103")
    # 2:50 am: a one-hour area, but its dark store is closed: the first hour after it opens.
    closed = "Closed: delivery by 8:00 am, Fri 27 Nov"
    expect(picker).to_contain_text(closed)
    expect(cards.first.get_by_test_id("delivery-label")).to_have_text(closed)
    expect(page.locator("body")).not_to_contain_text("Get it in 1 Hour")

    set_clock(server, NOON)
    page.goto("/product-details/2")
    expect(page.get_by_role("region", name="Delivery")).to_contain_text(
        "Get it in 1 Hour · 1-hour delivery from 7:00 am to 10:00 pm every day"
    )

    choose_pincode(page, "411001")  # Pune: by courier, whatever the hour
    page.goto("/products")
    expect(cards.first.get_by_test_id("delivery-label")).to_have_text("Delivery between Fri 4 Dec and Tue 8 Dec")
    expect(picker).to_contain_text("Deliver to Pune 411001")


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_a_failed_payment_says_no_money_was_taken_and_the_order_can_become_cash_on_delivery(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    lines = {1: 2}
    api_login(page, server, RAMESH)
    order = place_online(page, lines)
    pay_at_provider(server, order, "failure")
    total = rupees(expected(lines).total)

    page.goto(f"/orders/{order['orderNumber']}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Payment failed, no money was taken")
    expect(page.get_by_test_id("payment-state")).to_have_text("Payment failed: no money was taken")
    expect(page.get_by_test_id("pay-by")).to_contain_text(re.compile(r"\d+ minutes? left"))
    expect(page.get_by_role("button", name=f"Try again: pay {total}")).to_be_visible()
    page.goto("/orders")
    expect(page.get_by_test_id("order-payment").first).to_have_text("Payment failed")

    page.goto(f"/orders/{order['orderNumber']}")
    page.get_by_role("button", name="Pay in cash on delivery instead").click()
    expect(page.get_by_test_id("payment-state")).to_have_text(f"To be paid on delivery: {total} in cash")
    expect(page.get_by_test_id("order-payment-method")).to_have_text("Cash on delivery: Pay on delivery")
    expect(page.get_by_role("button", name="Pay in cash on delivery instead")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("Payment failed")
    # The provider's checkout of the order was closed: it takes no payment now.
    session = order["payment"]["paymentSessionId"]
    late = server.http.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"})
    assert late.status_code >= 400
    page.goto("/orders")
    expect(page.get_by_test_id("order-payment").first).to_have_text("Pay on delivery")


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_a_delivered_cash_order_never_reads_paid_online(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    lines = {13: 3}
    api_login(page, server, RAMESH)
    number = place_by_api(page, lines, "cod")
    advance(server, number, times=4)  # packed, shipped, out for delivery, delivered
    total = rupees(expected(lines).total)

    page.goto(f"/orders/{number}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your order was delivered")
    expect(page.get_by_test_id("payment-state")).to_have_text(f"Paid in cash on delivery: {total}")
    expect(page.get_by_test_id("order-payment-method")).to_have_text("Cash on delivery: Paid on delivery")
    expect(page.get_by_test_id("order-delivery")).to_contain_text("Delivered on")
    expect(page.locator("body")).not_to_contain_text(re.compile("paid online", re.I))
    page.goto("/orders")
    expect(page.get_by_test_id("order-payment").first).to_have_text("Paid on delivery")
    expect(page.locator("body")).not_to_contain_text(re.compile("paid online", re.I))


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_paid_online_shows_the_providers_reference(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    lines = {1: 1}
    api_login(page, server, RAMESH)
    order = place_online(page, lines)
    pay_at_provider(server, order, "failure")
    pay_at_provider(server, order, "success")  # the second attempt pays

    page.goto(f"/orders/{order['orderNumber']}")
    expect(page.get_by_test_id("payment-state")).to_have_text(f"Paid online: {rupees(expected(lines).total)}")
    expect(page.get_by_test_id("payment-reference")).to_have_text(re.compile(r"^Payment reference: \d+$"))
    expect(page.get_by_test_id("order-payment-method")).to_have_text("Online (UPI, cards): Paid online")
    expect(page.locator("body")).not_to_contain_text("Payment failed")


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_after_a_failed_delivery_attempt_the_order_never_says_one_hour(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    set_clock(server, NOON)  # Friday noon: placed within the hour
    api_login(page, server, RAMESH)
    number = place_by_api(page, {2: 1}, "cod")
    page.goto(f"/orders/{number}")
    expect(page.get_by_test_id("order-delivery")).to_have_text("Get it in 1 Hour")

    advance(server, number, times=3)  # out for delivery
    advance(server, number, step="deliveryFailed")
    page.reload()
    expect(page.get_by_test_id("order-delivery")).to_have_text("Delivery by Sat 28 Nov")
    expect(page.locator("body")).not_to_contain_text("1 Hour")
