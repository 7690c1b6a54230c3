"""Storefront e2e: an online order whose payment is left pending at the payer's bank. The order
page says it is waiting for the bank (English and Hindi), offers no second payment, and follows
it to its end on its own: paid, an hour later on the mocks' one clock, when the bank takes it."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.store_steps import RAMESH, api_login, place_by_api, refreshed_to, set_clock

WAITING = "Waiting for your bank to confirm the payment"
WAITING_HI = "आपके बैंक की ओर से भुगतान की पुष्टि का इंतज़ार है"


def test_a_payment_waiting_for_the_bank_is_said_so_then_shown_paid(server: Server, page: Page) -> None:
    set_clock(server, "2026-11-27T12:00:00+05:30")  # noon: a one-hour order, payable for 30 minutes
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 1}, "online")
    session = page.request.get(f"/api/orders/{number}").json()["payment"]["paymentSessionId"]
    left = server.http.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "pending"})
    left.raise_for_status()
    cf_payment_id = left.json()["cf_payment_id"]

    # The page's clock is the test's: its 15 s refetch is run forward, not waited out.
    page.clock.install()
    page.goto(f"/orders/{number}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Order placed, waiting for your bank")
    expect(page.get_by_test_id("payment-state")).to_have_text(WAITING)
    expect(page.get_by_test_id("bank-pending")).to_contain_text("Do not pay again")
    expect(page.get_by_role("button", name=re.compile(r"^(Pay|Try again)"))).to_have_count(0)

    header = page.get_by_test_id("store-header")
    header.get_by_role("button", name="हिंदी").click()
    expect(page.get_by_test_id("payment-state")).to_have_text(WAITING_HI)
    expect(page.get_by_test_id("bank-pending")).to_contain_text("दोबारा भुगतान न करें")
    header.get_by_role("button", name="English").click()
    expect(page.get_by_test_id("payment-state")).to_have_text(WAITING)

    # An hour on (past its 30 minutes to pay: it waits for the bank), the bank takes the money.
    server.http.post("/_mocks/clock", json={"hours": 1}).raise_for_status()
    told = server.http.post(f"/_mocks/payments/payments/{cf_payment_id}/bank", json={"payment_status": "SUCCESS"})
    told.raise_for_status()
    # The page reads the order again by itself (every 15 s while it can move).
    refreshed_to(page, page.get_by_test_id("payment-state"), "Paid online")
    expect(page.get_by_test_id("bank-pending")).to_have_count(0)
