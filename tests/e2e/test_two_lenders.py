"""A borrower of the lender on Apache Fineract, in the same running gateway as our own lender's
(LENDERS=native,fineract): logs in, sees what is overdue, pays part through the checkout, and the
lender's books hold that repayment once; the loans page shows the loan with its lender, and its
Key Facts, statement and documents (from the lender's companion service, figures from Fineract);
a complaint about the loan gets a ticket."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.portal_steps import choose_partial_payment, open_payment, type_part_payment
from tests.e2e.test_portal_flows import total_overdue

MEENA = "9811122233"
FINERACT = "/_mocks/fineract/fineract-provider/api/v1"
BASIC = {"Authorization": "Basic bWlmb3M6cGFzc3dvcmQ=", "Fineract-Platform-TenantId": "default"}


def test_a_fineract_borrower_pays_part_once_and_sees_the_loan_with_its_lender(page: Page, server: Server) -> None:
    server.reset()
    open_payment(page, server, MEENA)
    expect(page).to_have_url(re.compile(r"/payment$"))
    main = page.locator("main")
    expect(main.get_by_text("Meena Gupta")).to_be_visible()
    expect(total_overdue(page)).to_contain_text("₹3,420.00")

    type_part_payment(page, "420.50")
    main.get_by_role("button", name="Pay", exact=True).click()
    page.frame_locator('iframe[title="Payment checkout"]').get_by_role("button", name="Pay ₹420.50").click()
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(total_overdue(page)).to_contain_text("₹2,999.50")

    loan = server.http.get(f"{FINERACT}/loans/7101?associations=transactions", headers=BASIC).json()
    online = [t for t in loan["transactions"] if str(t.get("externalId", "")).startswith("pg-")]
    assert [t["amount"] for t in online] == [420.5]
    assert (loan["summary"]["penaltyChargesOutstanding"], loan["summary"]["totalOverdue"]) == (0, 2999.5)

    page.goto("/loans")
    card = main.get_by_role("article", name="Loan FIN-000007101")
    expect(card).to_contain_text("Overdue")
    expect(card.get_by_role("link", name="Vikas Microfinance Ltd")).to_be_visible()
    expect(card).to_contain_text("₹2,999.50")


def test_a_fineract_borrower_reads_key_facts_and_a_statement_and_raises_a_complaint(page: Page, server: Server) -> None:
    server.reset()
    open_payment(page, server, MEENA)
    expect(page).to_have_url(re.compile(r"/payment$"))
    main = page.locator("main")
    page.goto("/loans")
    card = main.get_by_role("article", name="Loan FIN-000007101")
    card.get_by_role("link", name=re.compile("Key facts, statement and schedule")).click()
    expect(page).to_have_url(re.compile(r"/loans/FIN-000007101$"))

    # Key Facts: Fineract's figures (₹18,000.00 at 18%, six instalments), the companion's terms.
    facts = main.get_by_role("region", name="Key Facts Statement")
    expect(facts).to_contain_text("₹18,000.00")
    expect(facts).to_contain_text("18.00%")
    expect(facts).to_contain_text("₹17,820.00")  # paid out: the ₹180.00 processing fee deducted
    expect(facts).to_contain_text("Anjali Deshmukh")
    expect(facts.get_by_role("link", name="Key Facts Statement in English (PDF)")).to_be_visible()

    # The statement: Fineract's ledger, its penalty and both repayments, what is owed at the end.
    statement = main.get_by_role("region", name="Statement of account")
    statement.get_by_role("button", name="Show statement").click()
    expect(statement.get_by_role("row").filter(has_text="Payment")).to_have_count(2)
    expect(statement.get_by_test_id("closing-balance")).to_have_text(re.compile(r"^₹[\d,]+\.\d{2}$"))
    expect(statement.get_by_role("link", name=re.compile(r"^Statement from .* \(PDF\)$"))).to_be_visible()
    expect(main.get_by_role("region", name="Instalment schedule").get_by_role("row").nth(1)).to_contain_text("Paid")

    # A complaint about this loan, to this lender.
    page.goto("/complaints")
    page.get_by_label("What is it about?").select_option(label="A charge or fee")
    page.get_by_role("textbox", name="Your complaint").fill("The penalty of Rs. 150 is not in my agreement.")
    page.get_by_label("Loan (optional)").select_option("FIN-000007101")
    page.get_by_role("button", name="Raise complaint").click()
    expect(page).to_have_url(re.compile(r"/complaints/CMP700001$"))
    expect(page.get_by_role("status").filter(has_text="Your complaint is registered")).to_contain_text("CMP700001")


def test_a_closed_fineract_checkout_is_cancelled_and_try_again_reopens_it(page: Page, server: Server) -> None:
    """As with our own lender (tests/e2e/test_portal_polish.py): closed unpaid is 'cancelled', not
    'failed', and 'Try again' reopens the same checkout."""
    server.reset()
    open_payment(page, server, MEENA)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹3,420.00")
    main.get_by_role("button", name="Pay", exact=True).click()
    checkout = page.get_by_role("dialog", name="Checkout")
    frame = page.frame_locator('iframe[title="Payment checkout"]')
    expect(frame.get_by_role("button", name="Pay ₹3,420.00")).to_be_visible()
    checkout.get_by_role("button", name="Close").click()
    expect(checkout).to_be_hidden()
    cancelled = main.get_by_role("status").filter(has_text="Payment cancelled. No money was taken.")
    expect(cancelled).to_be_visible()
    expect(main.get_by_text("Payment failed")).to_have_count(0)
    expect(total_overdue(page)).to_contain_text("₹3,420.00")

    cancelled.get_by_role("button", name="Try again").click()
    frame.get_by_role("button", name="Pay ₹3,420.00").click()
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    loan = server.http.get(f"{FINERACT}/loans/7101?associations=transactions", headers=BASIC).json()
    assert [t["amount"] for t in loan["transactions"] if str(t.get("externalId", "")).startswith("pg-")] == [3420]


def test_a_fineract_payment_whose_first_bookings_fail_is_never_called_paid_early_and_books_once(
    page: Page, server: Server, page_guard: PageGuard
) -> None:
    """The lender's bookings fail (each kept and replayed under its key): the page says the payment
    is being confirmed, not paid, and never asks for it again; the re-check books it once."""
    page_guard.allow_failed_status.add(503)  # the confirmation the lender could not book yet
    page_guard.allow_console.append("status of 503")
    server.reset()
    # Every booking fails until the test lets the lender book (the page and the gateway's re-checks
    # ask again on their own: with a few failures only, the booking could land before the page was
    # read, as it did on a loaded machine).
    assert server.http.post("/_mocks/fineract/qa", json={"failNext": 100}).status_code == 200
    open_payment(page, server, MEENA)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹3,420.00")
    type_part_payment(page, "420.50")
    main.get_by_role("button", name="Pay", exact=True).click()
    page.frame_locator('iframe[title="Payment checkout"]').get_by_role("button", name="Pay ₹420.50").click()
    # Not "paid" while the lender has not booked it: being confirmed, and pending.
    expect(main.get_by_role("status").filter(has_text="We are confirming your payment")).to_be_visible()
    expect(main.locator(".alert-success")).to_have_count(0)
    # Never asked for again: the payment is listed as pending, and paying that amount once more
    # is only offered with the warning that it may charge twice.
    expect(main.get_by_role("status").filter(has_text="Payment pending confirmation")).to_contain_text("₹420.50")
    choose_partial_payment(main)
    main.get_by_label("Amount to pay (₹)").fill("420.50")
    expect(
        main.get_by_text("A payment of ₹420.50 is pending confirmation. Paying again may charge you twice.")
    ).to_be_visible()
    expect(main.get_by_role("button", name="Pay", exact=True)).to_have_count(0)

    # The lender books again. Six failed bookings in a row opened the gateway's circuit to its
    # booking call (for 3 s in e2e: UPSTREAM_BREAKER_TTL): a visit's re-check (or the gateway's
    # follow-up) books it under the next key once that is over; waited for on the page, bounded.
    assert server.http.post("/_mocks/fineract/qa", json={"failNext": 0}).status_code == 200
    until = time.monotonic() + 45
    while True:
        page.reload()
        try:
            expect(total_overdue(page)).to_contain_text("₹2,999.50", timeout=5_000)
            break
        except AssertionError:
            if time.monotonic() > until:
                raise
    expect(main.get_by_text("Payment pending confirmation")).to_have_count(0)
    loan = server.http.get(f"{FINERACT}/loans/7101?associations=transactions", headers=BASIC).json()
    assert [t["amount"] for t in loan["transactions"] if str(t.get("externalId", "")).startswith("pg-")] == [420.5]
