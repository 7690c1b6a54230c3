"""What happened to the money (issue 34), on a desktop and on a 360 px phone: a failed payment
says why and that no money was debited, and keeps the amount typed; a paid one gives the amount
(exactly the partial amount typed), the provider's reference and where the receipt was mailed;
one not yet confirmed says we will confirm it. The payment screen shows the loan at a glance."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.portal_steps import RAMESH, applied_preview, choose_partial_payment, open_payment

CHECKOUT = 'iframe[title="Payment checkout"]'


@pytest.fixture(params=["desktop", "phone"])
def any_page(request: pytest.FixtureRequest) -> Page:
    page: Page = request.getfixturevalue("page" if request.param == "desktop" else "phone_page")
    return page


def pay_part(page: Page, typed: str) -> None:
    main = page.locator("main")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹12,450.00")
    choose_partial_payment(main)
    amount = main.get_by_label("Amount to pay (₹)")
    expect(amount).to_have_value("")  # empty: typing gives what was typed, never '05000'
    amount.press_sequentially(typed)
    expect(amount).to_have_value(typed)
    expect(applied_preview(page, typed)).to_be_visible()  # read before Pay: it moves the button
    main.get_by_role("button", name="Pay", exact=True).click()


def test_the_loan_is_on_the_page_and_the_amount_rules_beside_the_field(any_page: Page, server: Server) -> None:
    page = any_page
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹12,450.00")
    for label, value in (("Lender", "Sahyogkosh Finance"), ("Loan number", "LN-1001")):
        expect(main.locator("dl > div", has_text=label).first).to_contain_text(value)
    expect(main.locator("dl > div", has_text="Due date").first).to_be_visible()
    expect(main.locator("dl > div", has_text="Days overdue").first).to_contain_text(re.compile(r"\d+ days?"))
    choose_partial_payment(main)
    expect(main.get_by_label("Amount to pay (₹)")).to_have_accessible_description(
        "At least ₹100.00 (the lender's minimum part-payment) and at most ₹12,450.00, "
        "in rupees with up to 2 decimals (paise)."
    )


def test_a_failed_payment_says_why_and_that_no_money_was_debited(any_page: Page, server: Server) -> None:
    page = any_page
    open_payment(page, server, RAMESH)
    pay_part(page, "1234")
    page.frame_locator(CHECKOUT).get_by_role("button", name="Fail payment").click()
    main = page.locator("main")
    expect(main.locator(".alert-danger")).to_have_text("Payment failed")
    expect(main.get_by_text("Your bank or card issuer declined the payment.")).to_be_visible()
    expect(main.get_by_text("No money was debited.")).to_be_visible()
    expect(main.get_by_label("Amount to pay (₹)")).to_have_value("1234")  # kept, to try again
    expect(main.get_by_text("Total overdue")).to_contain_text("₹12,450.00")


def test_a_typed_partial_amount_is_exactly_what_is_charged_and_the_result_says_so(
    any_page: Page, server: Server
) -> None:
    page = any_page
    open_payment(page, server, RAMESH)
    pay_part(page, "2500.50")
    page.frame_locator(CHECKOUT).get_by_role("button", name="Pay ₹2,500.50").click()
    main = page.locator("main")
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(main.locator("dl > div", has_text="Amount paid")).to_contain_text("₹2,500.50")
    expect(main.locator("dl > div", has_text="Receipt")).to_contain_text("Mailed to r***@shop.example")
    expect(main.get_by_role("link", name="Download receipt")).to_be_visible()
    expect(main.get_by_text("Total overdue")).to_contain_text("₹9,949.50")

    charged = [e for e in server.journal("lending") if e["path"].strip("/") == "webRepayment/cashFreeRequest"]
    assert [str(e["body"]["order_amount"]) for e in charged] == ["2500.5"]
    history = page.request.get("/api/portal/payments").json()
    assert history[0]["amount"] == "2500.50" and history[0]["status"] == "paid"
    reference = history[0]["providerReference"]
    expect(main.locator("dl > div", has_text="Payment reference").first).to_contain_text(reference)
    expect(main.locator("dl > div", has_text="How the lender applied it")).to_contain_text(
        "Charges ₹450.00, interest ₹2,000.00, principal ₹50.50"
    )

    # The receipt PDF, read back: us and the lender with its registration, the loan, the amount
    # and how it was applied, the method and the provider's reference, all in ₹.
    with page.expect_download() as download:
        main.get_by_role("link", name="Download receipt").click()
    path = download.value.path()
    text = " ".join(pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages[0].extract_text().split())
    for fact in (
        "Lender Sahyogkosh Finance Limited",
        "Lender's RBI registration N-14.03512",
        "Loan arranged by VoltKhata",
        "Borrower Ramesh Kumar",
        "Loan account LN-1001",
        "Amount paid ₹2,500.50",
        "Applied to charges ₹450.00",
        "Applied to interest ₹2,000.00",
        "Applied to principal ₹50.50",
        "Method Online payment through Cashfree",
        f"Payment reference {reference}",
        "Remaining balance ₹9,949.50",
    ):
        assert fact in text, fact
    assert "Rs." not in text


def test_a_payment_not_yet_confirmed_says_we_will_confirm_it(page: Page, server: Server, page_guard: PageGuard) -> None:
    page_guard.allow_failed_status.add(503)
    page_guard.allow_console.append("status of 503")
    open_payment(page, server, RAMESH)
    pay_part(page, "100")
    server.scenario(mock="lending", path="webRepayment/updatePaymentStatus", status=503)
    page.frame_locator(CHECKOUT).get_by_role("button", name="Pay ₹100.00").click()
    expect(
        page.locator("main").get_by_role("status").filter(has_text="We are confirming your payment")
    ).to_contain_text("You can leave this page")
