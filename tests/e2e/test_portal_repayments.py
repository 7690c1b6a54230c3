"""Repayments the borrower can trust, in Chromium: a payment whose tab was closed before the
browser confirmed it is settled by the provider's webhook and shown paid with a receipt;
history lists each payment; a pending payment is shown and re-checked on return."""

from __future__ import annotations

import io
import re

import pypdf
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.portal_steps import choose_partial_payment, open_payment, pay_in_checkout, start_partial_payment

RAMESH = "9876543210"
CONFIRM = "**/api/portal/payments/*/confirm"


def test_a_payment_whose_tab_closed_before_confirm_is_settled_by_the_webhook_with_a_receipt(
    context: BrowserContext, page: Page, server: Server, page_guard: PageGuard
) -> None:
    open_payment(page, server)
    # The tab closes before the browser's confirm can reach the gateway.
    page.route(CONFIRM, lambda route: route.abort("aborted"))
    start_partial_payment(page, "1000")
    pay_in_checkout(page)
    page.close()
    # Whether the gateway's own re-check of the pending payment or the webhook reaches the lender
    # first is a race (both are settlement paths); what must hold is one settlement: the owed
    # amount falls once, the webhook is answered, and exactly one receipt is mailed (below).

    again = context.new_page()
    page_guard.attach(again)
    again.goto("/payment")
    main = again.locator("main")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹11,450.00")
    row = main.get_by_role("region", name="Payment history").get_by_role("row").filter(has_text="₹1,000.00")
    expect(row).to_contain_text("Paid")
    assert ("webhooks/payments", 200) in [(e["path"], e["status"]) for e in server.journal("lending")]

    with again.expect_download() as download_info:
        row.get_by_role("link", name=re.compile("Receipt")).click()
    pdf = download_info.value
    text = pypdf.PdfReader(io.BytesIO(open(pdf.path(), "rb").read())).pages[0].extract_text()  # noqa: SIM115
    assert "₹1,000.00" in text
    assert "Remaining balance ₹11,450.00" in text
    reference = re.search(r"Payment reference (\d+)", text)
    assert reference is not None
    expect(row).to_contain_text(reference.group(1))
    mails = server.http.get("/_mocks/mail/outbox").json()
    assert [(m["kind"], m["to"]) for m in mails] == [("receipt", "ramesh.kumar@shop.example")]


def test_a_payment_left_at_the_checkout_shows_pending_confirmation_then_settles_on_return(
    context: BrowserContext, page: Page, server: Server, page_guard: PageGuard
) -> None:
    open_payment(page, server)
    # The provider's webhook is lost and the tab is closed with the checkout open.
    server.scenario(mock="payments", path="webhook", webhook="drop")
    start_partial_payment(page, "2000")
    expect(
        page.frame_locator('iframe[title="Payment checkout"]').get_by_role("button", name=re.compile("^Pay"))
    ).to_be_visible()
    page.close()

    again = context.new_page()
    page_guard.attach(again)
    again.goto("/payment")
    main = again.locator("main")
    pending = main.get_by_role("status").filter(has_text="Payment pending confirmation")
    expect(pending).to_contain_text("₹2,000.00")
    # Paying the same amount again is offered only with a warning.
    choose_partial_payment(main)
    main.get_by_label(re.compile("Amount to pay")).fill("2000")
    expect(main.get_by_role("button", name="Pay again anyway")).to_be_visible()
    expect(main.get_by_text(re.compile("may charge you twice"))).to_be_visible()
