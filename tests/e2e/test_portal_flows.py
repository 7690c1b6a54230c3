"""The repayment portal in Chromium: login by code, paying all or part, failures, logout."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PageGuard, Server, storage_secrets
from tests.e2e.portal_steps import applied_preview, choose_partial_payment, login_on_screens, open_payment, start_login

# The repayment journey as a first visit has it: the service worker taking the page over meanwhile.
pytestmark = pytest.mark.service_worker

RAMESH = "9876543210"  # overdue 12,450.00 including late fees
SUNITA = "9123456780"  # nothing pending
ANIL = "9988776655"  # overdue, but the loan is not mapped to a financier that may receive payments

MOBILE_MESSAGE = "Please enter a valid 10-digit mobile number."
OTP_MESSAGE = "Please enter a valid 6-digit OTP."


def total_overdue(page: Page) -> Any:
    return page.locator("main").get_by_text("Total overdue")


def test_an_invalid_mobile_number_shows_the_message_and_sends_nothing(page: Page, server: Server) -> None:
    calls: list[str] = []
    page.on("request", lambda r: calls.append(r.url) if "/api/portal/otp" in r.url else None)
    page.goto("/paynow")
    main = page.locator("main")
    main.get_by_label("Mobile number").fill("98765")
    main.get_by_role("button", name="Submit", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text(MOBILE_MESSAGE)
    expect(page).to_have_url(re.compile(r"/paynow$"))
    assert calls == []
    assert server.journal("lending") == []


def test_a_borrower_logs_in_with_the_code_and_sees_name_and_amounts(page: Page, server: Server) -> None:
    start_login(page, RAMESH)
    expect(page.get_by_text("OTP sent successfully!")).to_be_visible()
    main = page.locator("main")
    main.get_by_role("button", name="Verify", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text(OTP_MESSAGE)
    main.get_by_label("One-time code").fill(server.otp_for(RAMESH))
    main.get_by_role("button", name="Verify", exact=True).click()

    expect(page).to_have_url(re.compile(r"/payment$"))
    expect(page.get_by_text("OTP verified successfully!")).to_be_visible()
    expect(main.get_by_text("Ramesh Kumar")).to_be_visible()
    expect(main.get_by_text(f"+91 {RAMESH}")).to_be_visible()
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    expect(main.get_by_role("radio", name=re.compile("Total overdue"))).to_be_checked()

    main.get_by_role("button", name="View Details").click()
    details = page.get_by_role("dialog", name="Loan Details")
    expect(details).to_be_visible()
    expect(details.locator("dl > div", has_text="Total due")).to_contain_text("₹12,450.00")
    expect(details.locator("dl > div", has_text="Late fees")).to_contain_text("₹450.00")
    expect(details.locator("dl > div", has_text="Principal outstanding")).to_contain_text("₹12,000.00")
    details.get_by_role("button", name="Close").click()
    expect(details).to_be_hidden()

    # The lender's token stays in the gateway: nothing the page's script can read holds it.
    issued = [t["accessToken"] for t in server.http.get("/_mocks/lending/tokens").json()]
    assert issued, "the lending mock issued no token"
    readable = str(storage_secrets(page))
    assert not [token for token in issued if token in readable]


def test_a_wrong_code_shows_our_words(page: Page, server: Server, page_guard: PageGuard) -> None:
    page_guard.allow_console.append("status of 422")  # the browser logs the refused verify call
    start_login(page, RAMESH)
    right = server.otp_for(RAMESH)
    wrong = f"{(int(right) + 1) % 1_000_000:06d}"
    main = page.locator("main")
    main.get_by_label("One-time code").fill(wrong)
    main.get_by_role("button", name="Verify", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text("Invalid OTP. Please try again.")
    expect(page).to_have_url(re.compile(r"/verify-otp$"))


def test_edit_goes_back_to_the_login_with_the_number(page: Page) -> None:
    start_login(page, RAMESH)
    page.locator("main").get_by_role("button", name="Edit").click()
    expect(page).to_have_url(re.compile(r"/paynow$"))
    expect(page.locator("main").get_by_label("Mobile number")).to_have_value(RAMESH)


def test_a_partial_payment_through_the_mock_checkout_lowers_the_amount(page: Page, server: Server) -> None:
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    choose_partial_payment(main)
    amount = main.get_by_label("Amount to pay (₹)")
    expect(amount).to_have_value("")
    amount.fill("1000")
    expect(applied_preview(page, "1000")).to_be_visible()  # read before Pay: it moves the button
    main.get_by_role("button", name="Pay", exact=True).click()

    checkout = page.frame_locator('iframe[title="Payment checkout"]')
    checkout.get_by_role("button", name="Pay ₹1,000.00").click()

    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(total_overdue(page)).to_contain_text("₹11,450.00")
    paid = [e for e in server.journal("lending") if e["path"].strip("/") == "webRepayment/cashFreeRequest"]
    assert [e["body"]["order_amount"] for e in paid] == [1000]


def test_a_failed_checkout_shows_payment_failed(page: Page, server: Server) -> None:
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    main.get_by_role("button", name="Pay", exact=True).click()
    page.frame_locator('iframe[title="Payment checkout"]').get_by_role("button", name="Fail payment").click()
    failed = main.locator(".alert-danger")
    expect(failed).to_have_text("Payment failed")
    expect(failed).to_have_attribute("role", "alert")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")


def test_a_partial_amount_above_what_is_owed_is_refused_without_a_call(page: Page, server: Server) -> None:
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    calls: list[str] = []
    # A payment is asked for by POST; the page may read its payments list (GET) at any time.
    page.on(
        "request",
        lambda r: calls.append(r.url) if r.url.endswith("/api/portal/payments") and r.method == "POST" else None,
    )
    choose_partial_payment(main)
    main.get_by_label("Amount to pay (₹)").fill("20000")
    main.get_by_role("button", name="Pay", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text("The amount cannot be more than the overdue amount of ₹12,450.00.")
    main.get_by_label("Amount to pay (₹)").fill("0")
    main.get_by_role("button", name="Pay", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text("Please enter an amount above 0.")
    assert calls == []


def test_a_loan_without_a_financier_says_what_happened_and_what_to_do(
    page: Page, server: Server, page_guard: PageGuard
) -> None:
    page_guard.allow_console.append("status of 422")  # the refused payment call
    open_payment(page, server, ANIL)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹5,200.00")
    main.get_by_role("button", name="Pay", exact=True).click()
    panel = main.get_by_role("alert", name="We cannot take this payment online")
    expect(panel).to_contain_text("no money was taken")
    expect(panel.get_by_role("link", name="Raise a complaint")).to_have_attribute("href", "/complaints")
    expect(panel.get_by_role("link", name=re.compile(r"^\+91"))).to_have_attribute("href", re.compile(r"^tel:"))
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(main.get_by_role("button", name="Pay", exact=True)).to_have_count(0)


def test_a_borrower_with_nothing_pending_lands_on_nopayment(page: Page, server: Server) -> None:
    login_on_screens(page, server, SUNITA)
    expect(page).to_have_url(re.compile(r"/nopayment$"))
    main = page.locator("main")
    expect(main.get_by_role("heading", name="You do not have any pending payment")).to_be_visible()
    expect(main.get_by_text("Thank You!")).to_be_visible()
    page.goto("/payment")  # the one login holds the store, not a loan: 'no payment due' again
    expect(page).to_have_url(re.compile(r"/nopayment$"))


def test_after_logout_payment_sends_you_to_paynow(page: Page, server: Server) -> None:
    open_payment(page, server, RAMESH)
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    page.get_by_role("banner").get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"/paynow$"))
    page.goto("/payment")
    expect(page).to_have_url(re.compile(r"/paynow$"))
    expect(page.locator("main").get_by_label("Mobile number")).to_be_visible()


def test_a_verified_borrower_opening_paynow_goes_to_payment(page: Page, server: Server) -> None:
    login_on_screens(page, server, RAMESH)
    expect(page).to_have_url(re.compile(r"/payment$"))
    page.goto("/paynow")
    expect(page).to_have_url(re.compile(r"/payment$"))


def test_reloading_verify_otp_keeps_the_countdown(page: Page) -> None:
    start_login(page, RAMESH)
    countdown = page.locator("main").get_by_text(re.compile(r"Resend OTP in \d+s"))
    expect(countdown).to_have_text(re.compile(r"Resend OTP in (5[0-8])s"), timeout=15_000)
    page.reload()
    expect(countdown).to_be_visible()
    shown = int(re.findall(r"\d+", countdown.inner_text())[0])
    assert shown < 60


def test_paying_the_whole_overdue_leaves_nothing_pending(page: Page, server: Server) -> None:
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    main.get_by_role("button", name="Pay", exact=True).click()
    page.frame_locator('iframe[title="Payment checkout"]').get_by_role("button", name="Pay ₹12,450.00").click()
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(main.get_by_text("You do not have any pending payment")).to_be_visible()
    expect(main.get_by_role("button", name="Pay", exact=True)).to_have_count(0)


def test_a_failed_send_shows_our_words_in_a_popup(page: Page, server: Server, page_guard: PageGuard) -> None:
    # The lender refuses the send: the gateway answers 502 in our words; the lender's text is logged.
    page_guard.allow_failed_status.add(502)
    page_guard.allow_console.append("status of 502")
    server.scenario(mock="lending", path="sendOtp", status=400, times=1)
    page.goto("/paynow")
    main = page.locator("main")
    main.get_by_label("Mobile number").fill(RAMESH)
    main.get_by_role("button", name="Submit", exact=True).click()
    popup = page.get_by_role("alertdialog")
    expect(popup).to_contain_text("The OTP could not be sent. Please try again.")
    expect(popup).not_to_contain_text("Failure injected by a QA scenario")
    popup.get_by_role("button", name="OK").click()
    expect(page).to_have_url(re.compile(r"/paynow$"))
