"""Storefront e2e: from the cart to a placed order, in Chromium on a desktop and a phone.

Online through the mock checkout, cash on delivery, credit (then owed on /payment), and the
refusals a shopper can meet: an unserviceable pin code, a wrong GSTIN, a stock shortfall, an
overdue borrower asking for credit; a logged-out shopper sent to the login comes back to the
checkout. Expected figures come from the orders mock's own pricing
over the catalogue seed, to the paisa.
"""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PageGuard, Server, axe_violations
from tests.e2e.store_steps import (
    RAMESH,
    SEED,
    SUNITA,
    api_login,
    expected,
    fill_cart,
    login_on_screens,
    new_address,
    rupees,
    set_clock,
    to_checkout,
    xsrf,
)
from upstream_mocks.orders.pricing import FEE_THRESHOLD, product_facts

# The purchase journey as a first visit has it: the service worker taking the page over meanwhile.
pytestmark = pytest.mark.service_worker


@pytest.mark.parametrize("fixture", ["page", "phone_page"])
def test_one_hour_delivery_paid_online_through_the_mock_checkout(
    request: pytest.FixtureRequest, server: Server, axe: Axe, fixture: str
) -> None:
    page: Page = request.getfixturevalue(fixture)
    lines = {1: 2, 3: 1}
    set_clock(server, "2026-11-27T12:00:00+05:30")  # the dark stores take one-hour orders at noon
    api_login(page, server, RAMESH)
    fill_cart(page, lines)
    to_checkout(page, "Online (UPI, Credit, Debit Cards)")

    new_address(page, "122103", name="Ramesh Kumar", mobile=RAMESH)
    expect(page.get_by_label("City")).to_have_value("Gurugram")
    expect(page.get_by_label("State")).to_have_value("Haryana")
    expect(page.get_by_text("Get it in 1 Hour").first).to_be_visible()

    figures = expected(lines)
    assert figures.subtotal < FEE_THRESHOLD
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(figures.total))
    expect(page.get_by_test_id("summary-convenience-fee")).to_have_text("₹79.00")
    expect(page.get_by_test_id("summary-platform-fee")).to_have_text("₹20.00")
    expect(page.get_by_test_id("summary-gst")).to_have_text(rupees(figures.gst_total))
    assert not (report := axe_violations(axe, page)), report

    page.get_by_role("button", name="Place order and pay").click()
    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))
    checkout = page.frame_locator('iframe[title="Payment checkout"]')
    checkout.get_by_role("button", name=f"Pay {rupees(figures.total)}").click()

    expect(page.get_by_test_id("payment-state")).to_have_text(f"Paid online: {rupees(figures.total)}")
    expect(page.get_by_test_id("order-delivery")).to_have_text("Get it in 1 Hour")
    expect(page.get_by_test_id("order-line")).to_have_count(len(lines))
    expect(page.get_by_test_id("order-total")).to_have_text(rupees(figures.total))
    expect(page.get_by_role("link", name="Continue shopping")).to_be_visible()
    assert not (report := axe_violations(axe, page)), report
    placed = [e for e in server.journal("orders") if e["path"].strip("/") == "electrician/order/place"]
    assert len(placed) == 1


def test_cash_on_delivery_to_the_last_used_address_without_fees_above_1199(page: Page, server: Server) -> None:
    lines = {4: 2}  # FR house wire
    figures = expected(lines)
    assert figures.subtotal >= FEE_THRESHOLD
    api_login(page, server, RAMESH)
    fill_cart(page, lines)
    to_checkout(page, "Cash on delivery")

    expect(page.get_by_role("radio", name=re.compile("Plot 44, Sector 18"))).to_be_checked()  # last used
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(figures.total))
    expect(page.get_by_test_id("summary-convenience-fee")).to_have_count(0)
    expect(page.get_by_test_id("summary-platform-fee")).to_have_count(0)
    page.get_by_role("button", name="Place order", exact=True).click()

    expect(page.get_by_test_id("payment-state")).to_have_text(
        f"To be paid on delivery: {rupees(figures.total)} in cash"
    )
    page.get_by_role("link", name="Continue shopping").click()
    expect(page).to_have_url(re.compile(r"/product-home$"))
    expect(page.get_by_role("link", name=re.compile(r"^Cart, 0 items"))).to_be_visible()  # the cart was emptied


def test_credit_order_becomes_an_amount_owed_on_the_portal(page: Page, server: Server) -> None:
    lines = {2: 3}
    figures = expected(lines)
    api_login(page, server, SUNITA)
    fill_cart(page, lines)
    to_checkout(page, "Pay with VoltKhata Credit")
    new_address(page, "400003")
    expect(page.get_by_label("City")).to_have_value("Mumbai")
    expect(page.get_by_text("(available ₹5,00,000.00)")).to_be_visible()
    page.get_by_role("button", name="Place order", exact=True).click()

    expect(page.get_by_test_id("payment-state")).to_contain_text(
        f"On VoltKhata Credit: {rupees(figures.total)}, due by"
    )

    # One login: the store's session opens the portal without a second code.
    page.goto("/paynow")
    expect(page).to_have_url(re.compile(r"/payment$"))
    expect(page.locator("main")).to_contain_text(rupees(figures.total))


def test_refusals_stop_the_order_with_their_message(page: Page, server: Server, page_guard: PageGuard) -> None:
    page_guard.allow_console.append("409 (Conflict)")  # the stock refusal is an answer the page shows
    short = next(p for p in SEED.values() if 0 < product_facts(p)[3] < 999)
    on_hand = product_facts(short)[3]
    api_login(page, server, RAMESH)
    fill_cart(page, {1: 1})
    to_checkout(page, "Pay with VoltKhata Credit")

    # An overdue borrower is told to repay first, with the way to the portal.
    refusal = page.get_by_role("alert").filter(has_text="Please repay it first")
    expect(refusal).to_contain_text("You have an overdue amount of ₹12,450.00. Please repay it first.")
    expect(refusal.get_by_role("link", name="Repay now")).to_have_attribute("href", "/paynow")
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_disabled()

    # An unserviceable pin code.
    page.get_by_role("radio", name="Cash on delivery").check()
    new_address(page, "600001", name="Ramesh Kumar", mobile=RAMESH)
    expect(page.get_by_role("alert").filter(has_text="we do not deliver to pin code 600001")).to_be_visible()
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_disabled()

    # A wrong GSTIN (its check digit), caught as it is typed.
    page.get_by_label("Pin code").fill("122103")
    page.get_by_role("checkbox", name="Use a GSTIN for a business invoice").check()
    page.get_by_label("GSTIN", exact=True).fill("27AAPFU0939F1ZW")
    page.get_by_label("Legal name of the business").fill("Kumar Electricals")
    expect(page.get_by_role("alert").filter(has_text="check digit is wrong")).to_be_visible()
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_disabled()
    # One of another state than the delivery pin code's (Haryana), in the gateway's words.
    page.get_by_label("GSTIN", exact=True).fill("27AAPFU0939F1ZV")
    expect(page.get_by_role("alert").filter(has_text="registered in Maharashtra")).to_be_visible()
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_disabled()
    page.get_by_label("GSTIN", exact=True).fill("06-aaacr-5055k1zb")
    expect(page.get_by_test_id("summary-total")).to_be_visible()
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_enabled()

    # More than the stock on hand never enters the cart (tests/e2e/test_store_money_truth.py shows
    # the checkout when the stock falls after it did).
    refused = page.request.put(f"/api/store/cart/items/{short.id}", data={"quantity": on_hand + 1}, headers=xsrf(page))
    assert refused.status == 409 and f"Only {on_hand} of {short.product_name} available" in refused.text()
    assert not [e for e in server.journal("orders") if e["path"].strip("/") == "electrician/order/place"]


def test_a_logged_out_shopper_comes_back_to_the_checkout_after_the_login(page: Page, server: Server) -> None:
    # Ramesh has something in his cart (kept by the catalogue), then his login ends.
    api_login(page, server, RAMESH)
    fill_cart(page, {1: 1})
    assert page.request.delete("/api/session/store", headers=xsrf(page)).ok
    page.goto("/checkout")
    login_on_screens(page, server, RAMESH)
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_role("heading", name="Checkout", level=1)).to_be_visible()
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(expected({1: 1}).total))


def test_a_login_that_ends_on_the_checkout_returns_there_after_the_next_login(
    page: Page, server: Server, page_guard: PageGuard
) -> None:
    page_guard.allow_console.append("status of 401")  # the pin code lookup finds the login ended
    api_login(page, server, RAMESH)
    fill_cart(page, {1: 1})
    page.goto("/checkout")
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(expected({1: 1}).total))
    # The login ends elsewhere (another tab logs out); the page's next call is refused. Which call
    # comes first is the page's to choose (the address form's, or a read of the chosen pin code's
    # promise), so the page is read again: its first call is refused and it asks for a login.
    assert page.request.delete("/api/session/store", headers=xsrf(page)).ok
    page.reload()
    expect(page).to_have_url(re.compile(r"/login$"))
    login_on_screens(page, server, RAMESH)
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(expected({1: 1}).total))
