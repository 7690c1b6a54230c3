"""The portal's polish in Chromium, on a desktop (1366) and a phone (360): a closed checkout is
'Payment cancelled' with 'Try again', Loan Details that say what each figure is, and a refused
code request that counts down. Every state is checked with axe and for sideways scrolling.

The shared e2e gateway relaxes the code limits, so the refused-send tests start their own
gateway with the real resend interval (60 s) and a per-client hourly cap small enough to reach;
each test is its own client (X-Forwarded-For through a trusted proxy), so the tests do not share
a bucket.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    ROOT,
    PageGuard,
    Server,
    axe_violations,
    expect_toast_seen,
    record_toasts,
    run_gateway,
    run_out_toasts,
)
from tests.e2e.portal_steps import open_payment, type_part_payment
from tests.e2e.test_portal_checkout_and_a11y import use_adapter
from tests.mocks_clock import mocks_today
from upstream_mocks.lending.seed import RAMESH_DAYS_OVERDUE

RAMESH = "9876543210"  # overdue 12,450.00: principal 12,000.00 + late fees 450.00; particulars given
ANIL = "9988776655"  # overdue 5,200.00; the lender gives no particulars
CANCELLED = "Payment cancelled. No money was taken."
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
WAIT_SECONDS = re.compile(r"^Please wait (\d+) s before asking for another code\.$")


@pytest.fixture(params=["desktop", "phone"])
def screen(request: pytest.FixtureRequest) -> Page:
    """The same test on a desktop (1366) and on a phone (360): conftest's `page` or `phone_page`."""
    chosen: Page = request.getfixturevalue("page" if request.param == "desktop" else "phone_page")
    return chosen


def width_of(page: Page) -> int:
    return int(page.evaluate("window.innerWidth"))


def assert_fits(page: Page) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width_of(page), f"the page scrolls sideways ({scroll}px on {width_of(page)}px)"


def assert_axe_clean(axe: Axe, page: Page) -> None:
    # A toast (a code sent) sits in a corner until it fades; what is judged is the screen.
    run_out_toasts(page)
    expect(page.locator(".Toastify__toast")).to_have_count(0, timeout=10_000)
    report = axe_violations(axe, page, impacts=None)  # the portal is held to every impact level
    assert not report, report


def create_calls(server: Server) -> list[dict[str, Any]]:
    return [e for e in server.journal("lending") if e["path"].strip("/") == "webRepayment/cashFreeRequest"]


# 1. A closed checkout


def test_a_closed_checkout_is_cancelled_and_try_again_reopens_it(screen: Page, server: Server, axe: Axe) -> None:
    page = screen
    open_payment(page, server)
    main = page.locator("main")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹12,450.00")
    main.get_by_role("button", name="Pay", exact=True).click()
    checkout = page.get_by_role("dialog", name="Checkout")
    frame = page.frame_locator('iframe[title="Payment checkout"]')
    expect(frame.get_by_role("button", name="Pay ₹12,450.00")).to_be_visible()

    # The borrower closes the provider's modal without paying.
    checkout.get_by_role("button", name="Close").click()
    expect(checkout).to_be_hidden()
    cancelled = main.get_by_role("status").filter(has_text=CANCELLED)
    expect(cancelled).to_be_visible()
    expect(main.get_by_text("Payment failed")).to_have_count(0)
    expect(main.locator(".alert-danger")).to_have_count(0)
    expect(main.get_by_text("Total overdue")).to_contain_text("₹12,450.00")
    assert_fits(page)
    assert_axe_clean(axe, page)

    # 'Try again' reopens the same payment: no second order at the lender.
    cancelled.get_by_role("button", name="Try again").click()
    expect(frame.get_by_role("button", name="Pay ₹12,450.00")).to_be_visible()
    frame.get_by_role("button", name="Pay ₹12,450.00").click()
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(main.get_by_text("You do not have any pending payment")).to_be_visible()
    expect(main.get_by_text(CANCELLED)).to_have_count(0)
    assert len(create_calls(server)) == 1
    assert_fits(page)


def test_the_outcome_is_the_orders_standing_not_how_the_modal_closed(screen: Page, server: Server) -> None:
    """Paid at the provider but the borrower closes the modal before the page reports it: the
    screen says completed, because the gateway asks the lender about the order."""
    page = screen
    open_payment(page, server)
    main = page.locator("main")
    type_part_payment(page, "1000")
    main.get_by_role("button", name="Pay", exact=True).click()
    frame = page.frame_locator('iframe[title="Payment checkout"]')
    expect(frame.get_by_role("button", name="Pay ₹1,000.00")).to_be_visible()
    session_id = str(page.locator('iframe[title="Payment checkout"]').get_attribute("src")).rsplit("/", 1)[-1]
    paid = server.http.post(f"/_mocks/payments/checkout/{session_id}/pay", json={"outcome": "success"})
    assert paid.status_code in (200, 201), paid.text
    page.get_by_role("dialog", name="Checkout").get_by_role("button", name="Close").click()
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹11,450.00")
    expect(main.get_by_text(CANCELLED)).to_have_count(0)


# The provider's SDK stand-in: the first modal is closed by the borrower (the SDK's promise
# resolves with an error, nothing paid); the second pays through the mock provider.
CLOSING_THEN_PAYING_CASHFREE = """
window.__cashfree = [];
window.Cashfree = function () {
  return {
    checkout: async function (options) {
      window.__cashfree.push(options.paymentSessionId);
      if (window.__cashfree.length === 1) return { error: { message: "Payment popup closed" } };
      await fetch("/_mocks/payments/checkout/" + options.paymentSessionId + "/pay", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ outcome: "success" }),
      });
      return { paymentDetails: { paymentMessage: "Payment finished" } };
    },
  };
};
"""


def test_the_cashfree_modal_closed_is_cancelled_and_try_again_reopens_the_same_session(
    screen: Page, server: Server
) -> None:
    page = screen
    page.add_init_script(CLOSING_THEN_PAYING_CASHFREE)
    use_adapter(page, "cashfree", "sandbox")
    open_payment(page, server)
    main = page.locator("main")
    main.get_by_role("button", name="Pay", exact=True).click()
    cancelled = main.get_by_role("status").filter(has_text=CANCELLED)
    expect(cancelled).to_be_visible()
    cancelled.get_by_role("button", name="Try again").click()
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    sessions = page.evaluate("window.__cashfree")
    assert len(sessions) == 2 and sessions[0] == sessions[1]  # the same payment, reopened
    assert len(create_calls(server)) == 1
    assert_fits(page)


def test_a_failed_attempt_then_closed_is_failed_not_cancelled(page: Page, server: Server) -> None:
    open_payment(page, server)
    main = page.locator("main")
    main.get_by_role("button", name="Pay", exact=True).click()
    frame = page.frame_locator('iframe[title="Payment checkout"]')
    frame.get_by_role("button", name="Fail payment").click()
    expect(main.locator(".alert-danger")).to_have_text("Payment failed")
    expect(main.get_by_role("button", name="Try again")).to_have_count(0)


# 2. Loan Details


def detail_row(dialog: Any, term: str) -> Any:
    return dialog.locator("dl > div").filter(has=dialog.page.locator("dt", has_text=re.compile(f"^{term}")))


def test_loan_details_say_what_each_figure_is_with_the_loans_particulars(
    screen: Page, server: Server, axe: Axe
) -> None:
    page = screen
    open_payment(page, server)
    page.locator("main").get_by_role("button", name="View Details").click()
    details = page.get_by_role("dialog", name="Loan Details")
    expect(details).to_be_visible()
    expect(detail_row(details, "Principal outstanding")).to_contain_text("₹12,000.00")
    expect(detail_row(details, "Late fees")).to_contain_text("₹450.00")
    expect(detail_row(details, "Total due")).to_contain_text("₹12,450.00")
    due = mocks_today(server.http) - timedelta(days=RAMESH_DAYS_OVERDUE)
    expect(detail_row(details, "Due date")).to_contain_text(f"{due.day} {due:%b %Y}")
    expect(detail_row(details, "Days overdue")).to_contain_text(f"{RAMESH_DAYS_OVERDUE} days")
    expect(detail_row(details, "Lender")).to_contain_text("Sahyogkosh Finance")
    expect(detail_row(details, "Loan number")).to_contain_text("LN-1001")
    # Each figure says what it is.
    expect(detail_row(details, "Total due")).to_contain_text("plus the fees for paying late")
    assert_fits(page)
    assert_axe_clean(axe, page)


def test_loan_details_leave_out_particulars_the_lender_does_not_give(screen: Page, server: Server) -> None:
    page = screen
    open_payment(page, server, ANIL)
    # The page's reads answered (its list of payments last), as a borrower sees it before tapping.
    expect(page.locator("main").get_by_role("region", name="Payment history")).to_be_visible()
    page.locator("main").get_by_role("button", name="View Details").click()
    details = page.get_by_role("dialog", name="Loan Details")
    expect(detail_row(details, "Total due")).to_contain_text("₹5,200.00")
    expect(detail_row(details, "Principal outstanding")).to_contain_text("₹5,000.00")
    expect(detail_row(details, "Late fees")).to_contain_text("₹200.00")
    expect(details.locator("dt")).to_have_count(3)
    for absent in ("Due date", "Days overdue", "Lender", "Loan number"):
        expect(detail_row(details, absent)).to_have_count(0)
    assert_fits(page)


# 3. A refused code request, against a gateway with the real resend interval


@pytest.fixture(scope="module")
def limited() -> Iterator[Server]:
    """A gateway of its own with the real code limits but for a per-client cap of 3 an hour."""
    real_limits = {
        "OTP_RESEND_SECONDS": "60",
        "OTP_SENDS_PER_NUMBER_PER_HOUR": "5",
        "OTP_SENDS_PER_CLIENT_PER_HOUR": "3",
        # Each test is its own client, named in X-Forwarded-For by the "proxy" at 127.0.0.1.
        "TRUSTED_PROXIES": "127.0.0.1",
    }
    # Logged under test-results/, ignored by git like conftest's server log.
    yield from run_gateway(real_limits, ROOT / "test-results" / "e2e-limited-server.log")


_clients = itertools.count(10)
# Mobile numbers the lending mock sends codes to (any 10 digits); each test uses its own.
_numbers = itertools.count(9_000_000_101)


@pytest.fixture(params=["desktop", "phone"])
def limited_page(request: pytest.FixtureRequest, browser: Browser, limited: Server) -> Iterator[Page]:
    limited.reset()
    context = browser.new_context(
        base_url=limited.url,
        locale="en-IN",
        extra_http_headers={"X-Forwarded-For": f"198.51.100.{next(_clients)}"},
        **VIEWPORTS[request.param],
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    record_toasts(page)
    guard = PageGuard(origin=limited.url)
    guard.allow_console.append("status of 429")  # the browser logs the refused send itself
    guard.attach(page)
    yield page
    guard.check()
    context.close()


def submit_number(page: Page, path: str, mobile: str, title: str) -> None:
    page.goto(path)
    main = page.locator("main")
    expect(main.get_by_role("heading", name=title)).to_be_visible()
    main.get_by_label("Mobile number").fill(mobile)
    main.get_by_role("button", name="Submit", exact=True).click()


def seconds_shown(timer: Any) -> int:
    text = timer.text_content() or ""
    found = WAIT_SECONDS.match(text)
    assert found, f"not a wait in seconds: {text!r}"
    return int(found.group(1))


@pytest.mark.parametrize(
    ("start", "verify", "title"), [("/paynow", "/verify-otp", "Pay Now"), ("/login", "/verifyotp", "Login")]
)
def test_a_code_asked_for_too_soon_counts_down_to_the_resend(
    limited_page: Page, limited: Server, axe: Axe, start: str, verify: str, title: str
) -> None:
    page = limited_page
    mobile = str(next(_numbers))
    submit_number(page, start, mobile, title)
    expect(page).to_have_url(re.compile(f"{verify}$"))
    # The send's toast has come in: the page below it has moved down to make room (a tap before
    # that could land where Edit was). On a loaded machine it may have closed again by now.
    expect_toast_seen(page, "OTP sent successfully!")
    main = page.locator("main")
    # Edit clears the screen's countdown (the specification's rule), but the gateway still holds
    # the resend interval: asking again at once is refused with how long to wait.
    main.get_by_role("button", name="Edit").click()
    expect(page).to_have_url(re.compile(f"{start}$"))
    main.get_by_role("button", name="Submit", exact=True).click()

    timer = main.get_by_role("timer")
    expect(timer).to_have_text(WAIT_SECONDS)
    first = seconds_shown(timer)
    assert 50 <= first <= 60, first
    expect(timer).not_to_have_text(f"Please wait {first} s before asking for another code.", timeout=3_000)
    assert seconds_shown(timer) < first  # it counts down
    expect(page).to_have_url(re.compile(f"{start}$"))  # no code went out: still on the number
    expect(page.get_by_role("alertdialog")).to_have_count(0)  # no generic error popup
    expect(page.get_by_text("An unexpected error occurred.")).to_have_count(0)
    sends = [e for e in limited.journal("lending") if e["path"].strip("/") == "sendOtp"]
    assert len(sends) == 1
    assert_fits(page)
    assert_axe_clean(axe, page)


def test_the_hourly_cap_shows_the_minutes_to_wait(limited_page: Page, limited: Server, axe: Axe) -> None:
    page = limited_page
    main = page.locator("main")
    # Three codes to three numbers from this client use up its hourly cap.
    for _ in range(3):
        submit_number(page, "/paynow", str(next(_numbers)), "Pay Now")
        expect(page).to_have_url(re.compile(r"/verify-otp$"))
    submit_number(page, "/paynow", str(next(_numbers)), "Pay Now")
    timer = main.get_by_role("timer")
    expect(timer).to_have_text(
        re.compile(r"^Too many OTP requests\. Please wait (59|60) min before asking for another code\.$")
    )
    expect(page).to_have_url(re.compile(r"/paynow$"))
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    assert_fits(page)
    assert_axe_clean(axe, page)
