"""Storefront e2e: money moves once (issue 28). The app keeps its Idempotency-Key across an answer
that may hide an order, so a retry shows the order that was made instead of placing a second."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.store_steps import RAMESH, api_login, expected, fill_cart, place_by_api, rupees, to_checkout


def test_a_503_after_the_order_was_made_keeps_the_key_and_the_retry_shows_that_order(
    page: Page, server: Server, page_guard: PageGuard
) -> None:
    page_guard.allow_console.append("503 (Service Unavailable)")  # the injected failure, shown on the page
    page_guard.allow_failed_status.add(503)
    lines = {4: 1}
    api_login(page, server, RAMESH)
    fill_cart(page, lines)
    to_checkout(page, "Cash on delivery")
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(expected(lines).total))
    # The orders service places the order; its answer then fails on the way back (a 503).
    server.scenario(mock="orders", path="electrician/order/place", status=503, after=True, times=1)
    place = page.get_by_role("button", name="Place order", exact=True)
    place.click()
    expect(page.get_by_role("alert")).to_contain_text("not reachable right now")
    place.click()

    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))
    expect(page.get_by_test_id("payment-state")).to_have_text(
        f"To be paid on delivery: {rupees(expected(lines).total)} in cash"
    )
    orders = page.request.get("/api/orders").json()["orders"]
    assert [o["orderNumber"] for o in orders] == [page.url.rsplit("/", 1)[-1]]  # the one order, not two


def test_a_second_tab_placing_the_same_cart_is_told_the_order_is_already_being_placed(
    context: BrowserContext, page: Page, server: Server
) -> None:
    api_login(page, server, RAMESH)
    fill_cart(page, {4: 1})
    to_checkout(page, "Cash on delivery")
    other = context.new_page()
    to_checkout(other, "Cash on delivery")
    expect(other.get_by_test_id("summary-total")).to_have_text(rupees(expected({4: 1}).total))
    # The first tab's placement takes a while; the second tab clicks meanwhile.
    server.scenario(mock="orders", path="electrician/order/place", delayMs=3000, times=1)
    # The first tab's placement is on its way before the second tab clicks (the app sends its
    # call once its API client has arrived, so a click alone does not order the two calls).
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith("/api/checkout/orders")):
        page.get_by_role("button", name="Place order", exact=True).click()
    other.get_by_role("button", name="Place order", exact=True).click()

    expect(other.get_by_role("alert")).to_contain_text("Your order is already being placed.")
    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))
    other.get_by_role("link", name="See My Orders").click()
    expect(other.get_by_test_id("order-row")).to_have_count(1)


def test_an_unpaid_order_shows_its_time_to_pay_and_a_payment_after_cancelling_shows_its_refund(
    page: Page, server: Server
) -> None:
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 1}, "online")
    order = page.request.get(f"/api/orders/{number}").json()
    page.goto(f"/orders/{number}")
    pay_by = re.compile(r"^Pay by \d{1,2}:\d{2} [ap]m to keep this order: (29|30) minutes left")
    expect(page.get_by_test_id("pay-by")).to_contain_text(pay_by)

    # The provider is down as the order is cancelled, so its checkout stays open and takes the money.
    server.scenario(mock="payments", path="terminate", status=503, times=1)
    page.get_by_role("button", name="Cancel order").click()
    page.get_by_role("radio", name="I ordered it by mistake").check()
    page.get_by_role("button", name="Yes, cancel order").click()
    expect(page.get_by_role("heading", name="Nothing to refund")).to_be_visible()
    expect(page.get_by_test_id("pay-by")).to_have_count(0)
    session = order["payment"]["paymentSessionId"]
    server.http.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"}).raise_for_status()

    page.reload()
    expect(page.get_by_role("heading", name="Refund given back", exact=True)).to_be_visible()
    expect(page.get_by_test_id("refund")).to_contain_text("reached us after this order was cancelled")
    expect(page.get_by_test_id("refund-amount")).to_have_text(rupees(expected({1: 1}).total))
