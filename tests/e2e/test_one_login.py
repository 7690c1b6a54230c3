"""One login for the store and the portal (issue 34), on a desktop and on a 360 px phone: one
code at the store's login opens /payment, the header greets the borrower, Log out ends both."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, hold_toasts
from tests.e2e.store_steps import RAMESH, login_on_screens


@pytest.fixture(params=["desktop", "phone"])
def any_page(request: pytest.FixtureRequest) -> Page:
    page: Page = request.getfixturevalue("page" if request.param == "desktop" else "phone_page")
    return page


def open_menu_on_a_phone(page: Page) -> None:
    menu = page.get_by_role("banner").get_by_role("button", name="Open menu")
    if menu.is_visible():
        menu.click()


def lending_calls(server: Server, path: str) -> int:
    return len([e for e in server.journal("lending") if e["path"].strip("/") == path])


def test_a_store_login_opens_payment_without_a_second_code_and_log_out_ends_all(any_page: Page, server: Server) -> None:
    page = any_page
    page.goto("/login")
    login_on_screens(page, server, RAMESH)
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    assert lending_calls(server, "sendOtp") == 1

    # The portal's screens skip the code: /paynow and /verify-otp lead straight to /payment.
    page.goto("/paynow")
    expect(page).to_have_url(re.compile(r"/payment$"))
    main = page.locator("main")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹12,450.00")
    expect(main.get_by_text("Ramesh Kumar")).to_be_visible()
    page.goto("/verify-otp")
    expect(page).to_have_url(re.compile(r"/payment$"))
    assert lending_calls(server, "sendOtp") == 1  # one code in all
    assert lending_calls(server, "webRepayment/verifyOtp") == 0

    # The header knows who is there: the name and Log out, no Sign In menu.
    header = page.get_by_role("banner")
    open_menu_on_a_phone(page)
    expect(header.get_by_text("Ramesh Kumar")).to_be_visible()
    expect(header.get_by_role("button", name="Sign In")).to_have_count(0)
    header.get_by_role("button", name="Log out").click()

    # Out of both: the portal asks for the number again, and so does the store.
    expect(page).to_have_url(re.compile(r"/paynow$"))
    expect(page.locator("main").get_by_label("Mobile number")).to_be_visible()
    open_menu_on_a_phone(page)
    expect(header.get_by_role("button", name="Sign In")).to_be_visible()
    page.goto("/payment")
    expect(page).to_have_url(re.compile(r"/paynow$"))
    page.goto("/login")
    expect(page.get_by_label("Mobile number")).to_be_visible()
    session = page.request.get("/api/session").json()
    assert session["portal"] is None and session["store"] is None


def test_the_portal_login_opens_the_store_and_the_sent_toast_stays_behind(page: Page, server: Server) -> None:
    page.goto("/paynow")
    main = page.locator("main")
    main.get_by_label("Mobile number").fill(RAMESH)
    main.get_by_role("button", name="Submit", exact=True).click()
    expect(page.get_by_text("OTP sent successfully!")).to_be_visible()
    # Its countdown held: if it leaves /payment, the app closed it rather than it timing out.
    assert hold_toasts(page) == 1
    main.get_by_label("One-time code").fill(server.otp_for(RAMESH))
    main.get_by_role("button", name="Verify", exact=True).click()
    expect(page).to_have_url(re.compile(r"/payment$"))
    expect(page.get_by_text("OTP verified successfully!")).to_be_visible()
    expect(page.get_by_text("OTP sent successfully!")).to_have_count(0)

    page.goto("/login")
    expect(page).to_have_url(re.compile(r"/product-home$"))
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def test_a_shopper_without_a_loan_gets_no_payment_due_not_an_error(page: Page, server: Server) -> None:
    new_user = "9000012345"
    page.goto("/login")
    login_on_screens(page, server, new_user)
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.goto("/paynow")
    expect(page).to_have_url(re.compile(r"/nopayment$"))
    expect(page.locator("main").get_by_role("heading", name="You do not have any pending payment")).to_be_visible()
    expect(page.get_by_role("banner").get_by_text(new_user)).to_be_visible()
