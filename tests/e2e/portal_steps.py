"""Steps the repayment portal's e2e tests share: log in through /paynow and /verify-otp, as a
borrower does, or through the gateway, for the tests whose subject comes after the login (the
screens' own tests walk them: test_portal_flows.py, test_portal_hindi.py, test_one_login.py)."""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import Error, Locator, Page, expect

from india.money import rupees_text
from tests.e2e.conftest import Server
from tests.e2e.store_steps import xsrf

RAMESH = "9876543210"  # overdue 12,450.00: principal 12,000.00 + late fees 450.00


def start_login(page: Page, mobile: str) -> None:
    """On /paynow: the number sent; /verify-otp asks for the code."""
    page.goto("/paynow")
    main = page.locator("main")
    main.get_by_label("Mobile number").fill(mobile)
    main.get_by_role("button", name="Submit", exact=True).click()
    expect(page).to_have_url(re.compile(r"/verify-otp$"))


def login_on_screens(page: Page, server: Server, mobile: str = RAMESH) -> None:
    """Log in through /paynow and /verify-otp with the code from the SMS outbox; the page goes
    where the login leads (/payment, or /nopayment for a borrower owing nothing)."""
    start_login(page, mobile)
    page.locator("main").get_by_label("One-time code").fill(server.otp_for(mobile))
    page.locator("main").get_by_role("button", name="Verify", exact=True).click()


def portal_login(page: Page, server: Server, mobile: str = RAMESH) -> None:
    """The borrower logged in to the portal through the gateway, as /paynow and /verify-otp do.
    No page is loaded for it (the context's cookies are shared with `page.request`)."""
    assert page.request.get("/api/session").ok
    assert page.request.post("/api/portal/otp", data={"mobileNumber": mobile}, headers=xsrf(page)).ok
    verified = page.request.post(
        "/api/portal/otp/verify", data={"mobileNumber": mobile, "otp": server.otp_for(mobile)}, headers=xsrf(page)
    )
    assert verified.ok, verified.text()


def open_payment(page: Page, server: Server, mobile: str = RAMESH) -> None:
    """Logged in through the gateway, on /payment: where the screens' login leads a borrower who
    owes (no 'OTP verified' toast over it, which axe checks would otherwise wait out)."""
    portal_login(page, server, mobile)
    page.goto("/payment")
    expect(page).to_have_url(re.compile(r"/payment$"))


def choose_partial_payment(main: Locator) -> None:
    """On /payment: 'Partial payment' chosen, and the amount field there to type in. A tap that
    did not take (a full run's lost one, once, while the page's reads landed: the radio stayed
    unticked, nothing in the page's log) is tapped again, as a borrower would; a second tap that
    does not take fails the test."""
    radio = main.get_by_role("radio", name="Partial payment")
    try:
        radio.check()
    except Error as lost:
        if "did not change its state" not in lost.message:
            raise
        print(f"e2e: a tap on 'Partial payment' did not take; tapped again ({lost.message.splitlines()[0]})")
        radio.check()
    expect(main.get_by_label(re.compile("Amount to pay"))).to_be_visible()


def applied_preview(page: Page, amount: str) -> Locator:
    """The lender's split of a typed part-payment, which a borrower reads before pressing Pay."""
    return page.locator("main").get_by_role("heading", name=f"How {rupees_text(Decimal(amount))} will be applied")


def type_part_payment(page: Page, amount: str) -> None:
    """On /payment: a part of the dues chosen and an amount within the lender's bounds typed; the
    lender's split of it shows. Waited on because it appears above the Pay buttons and moves them
    down: a press while it lands can miss the button (a tap would too)."""
    main = page.locator("main")
    choose_partial_payment(main)
    main.get_by_label(re.compile("Amount to pay")).fill(amount)
    expect(applied_preview(page, amount)).to_be_visible()


def start_partial_payment(page: Page, amount: str) -> None:
    """On /payment: a part of the dues chosen and Pay pressed; the provider's checkout opens."""
    type_part_payment(page, amount)
    page.locator("main").get_by_role("button", name="Pay", exact=True).click()


def pay_in_checkout(page: Page) -> None:
    """Pay at the provider's page; it tells the app, which closes the modal."""
    page.frame_locator('iframe[title="Payment checkout"]').get_by_role("button", name=re.compile("^Pay")).click()
    expect(page.get_by_role("dialog", name="Checkout")).to_be_hidden()
