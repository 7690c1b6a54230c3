"""A reminder's payment link on a 360 px phone (issue 56): the lender's reminder, by SMS and mail,
carries the instalment's link on our own domain (`/l/<code>`: an SMS may carry only URLs
whitelisted with its DLT template, never the provider's). Opened on the phone without any login
it leads to the provider's link page, where the borrower pays part of the instalment (at least the
lender's minimum part-payment) and later the rest; each part is booked once (by the provider's
PAYMENT_LINK_EVENT or the lender's follow-up of its open links, whichever comes first). The
borrower then logs in and the portal shows each payment once and the overdue fallen by exactly
that much; the link, opened again, says it is paid and takes no more. A code that is not ours
gets our own page.

The mocks have no address of their own here: the provider's link page is served at its path on
the gateway's origin, where /_mocks is served (as test_upi.py opens the UPI app's page)."""

from __future__ import annotations

import re
from datetime import timedelta
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import PHONE, PageGuard, Server
from tests.e2e.portal_steps import RAMESH, login_on_screens, open_payment
from tests.e2e.store_steps import rupees
from tests.mocks_clock import mocks_today
from upstream_mocks.lending.seed import RAMESH_DAYS_OVERDUE

PORTAL_LOAN = "LN-1001"  # the loan the portal collects for: its reminders carry a link
# The mail's sentence with the link (upstream_mocks/texts/en.toml, reminder_pay_link): ours.
PAY_LINE = re.compile(r"Pay (₹[\d,]+\.\d\d) now, without logging in: (https?://\S+/l/[0-9A-Za-z]{10}) ")
PART = Decimal("1234.56")  # paid first: above the lender's minimum part-payment (₹100.00)
FIGURE = re.compile(r"₹[\d,]+\.\d\d")
PAID_ALREADY = "This payment link has already been paid. Nothing more is due through it."


def amount_of(shown: str) -> Decimal:
    """₹12,000.00 as a Decimal."""
    return Decimal(shown.removeprefix("₹").replace(",", ""))


def reminder_mail(server: Server) -> dict[str, Any]:
    """The lender's reminder of Ramesh's portal loan, sent now, as the mail service holds it."""
    server.http.post("/_mocks/lending/reminders/now", json={"mobileNumber": RAMESH}).raise_for_status()
    outbox: list[dict[str, Any]] = server.http.get("/_mocks/mail/outbox").json()
    mails = [m for m in outbox if m["kind"] == "paymentReminder" and m["reference"].startswith(f"{PORTAL_LOAN}/")]
    assert len(mails) == 1, outbox
    return mails[0]


def follow_up(server: Server) -> int:
    """The lender's follow-up of its open links, now: how many payments it booked."""
    answer = server.http.post("/_mocks/lending/links/followUp")
    answer.raise_for_status()
    booked: int = answer.json()["booked"]
    return booked


def total_overdue(page: Page) -> Locator:
    return page.locator("main").get_by_text("Total overdue")


def paid_rows(page: Page, amount: Decimal) -> Locator:
    history = page.locator("main").get_by_role("region", name="Payment history")
    return history.get_by_role("row").filter(has_text=rupees(amount))


def open_link(phone: Page, link: str) -> Locator:
    """The link in a tab of the phone's browser: the provider's page, not our app's, so not held to
    the page guard (it names no icon, and the browser's /favicon.ico is a 404 on this origin)."""
    tab = phone.context.new_page()
    tab.goto(link)
    return tab.locator("main")


def overdue_before(browser: Browser, server: Server, page_guard: PageGuard) -> Decimal:
    """What the portal says Ramesh owes before the reminder, on another phone's browser."""
    context = browser.new_context(base_url=server.url, locale="en-IN", **PHONE)
    look = context.new_page()
    page_guard.attach(look)
    open_payment(look, server)
    expect(total_overdue(look)).to_contain_text(FIGURE)
    found = FIGURE.search(total_overdue(look).inner_text())
    assert found is not None
    context.close()
    return amount_of(found.group(0))


def reminder_sms(server: Server) -> dict[str, Any]:
    """The reminder SMS of Ramesh's portal loan, as the SMS gateway took it (the latest)."""
    sent: list[dict[str, Any]] = server.http.get("/_mocks/mail/sms", params={"mobile": RAMESH}).json()
    texts = [s for s in sent if (s["reference"] or "").startswith(f"{PORTAL_LOAN}/")]
    assert texts, sent
    return texts[-1]


def test_a_reminders_link_paid_in_parts_without_a_login_books_each_part_once(
    browser: Browser, server: Server, phone_page: Page, page_guard: PageGuard
) -> None:
    before = overdue_before(browser, server, page_guard)

    mail = reminder_mail(server)
    due = mocks_today(server.http) - timedelta(days=RAMESH_DAYS_OVERDUE)  # the instalment overdue
    assert (mail["to"], mail["reference"]) == ("ramesh.kumar@shop.example", f"{PORTAL_LOAN}/{due.isoformat()}")
    found = PAY_LINE.search(mail["message"])
    assert found is not None, mail["message"]
    asked, short = found.group(1), found.group(2)
    amount = amount_of(asked)
    assert urlsplit(short).netloc == urlsplit(server.url).netloc  # our own domain, the gateway's
    assert "/_mocks/payments/" not in mail["message"]
    # The SMS carries the same link, ours, by its own DLT template; never the provider's address.
    sms = reminder_sms(server)
    assert short in sms["message"] and "/_mocks/payments/" not in sms["message"], sms
    assert sms["senderId"] == "VKHATA" and len(sms["dltTemplateId"]) == 19
    link = urlsplit(short).path

    # On the phone, never logged in: our link leads to the provider's page for the instalment,
    # where the borrower pays part of it.
    page = phone_page
    checkout = open_link(page, link)
    expect(checkout).to_contain_text(f"Instalment of loan {PORTAL_LOAN} due {due.isoformat()}")
    expect(checkout.get_by_text(asked, exact=True)).to_be_visible()
    assert "/_mocks/payments/links/" in checkout.page.url
    part = checkout.get_by_label(re.compile(r"^Amount to pay \(₹100\.00 to "))
    part.fill(str(PART))
    checkout.get_by_role("button", name=f"Pay {rupees(PART)}", exact=True).click()
    expect(checkout.get_by_role("status")).to_have_text("Payment successful.")
    checkout.page.close()

    # The provider's PAYMENT_LINK_EVENT is on its way; the lender's follow-up books the payment
    # now if the event has not (the two are the same booking, once).
    follow_up(server)

    login_on_screens(page, server)
    expect(page).to_have_url(re.compile(r"/payment$"))
    expect(total_overdue(page)).to_contain_text(rupees(before - PART))
    expect(paid_rows(page, PART)).to_have_count(1)
    expect(paid_rows(page, PART)).to_contain_text("Paid")

    # The same link again: what is left of the instalment, paid in full now.
    left = rupees(amount - PART)
    checkout = open_link(page, link)
    expect(checkout.get_by_text(left, exact=True)).to_be_visible()
    expect(checkout).to_contain_text("Paid so far")
    expect(checkout.get_by_text(rupees(PART), exact=True)).to_be_visible()
    checkout.get_by_role("button", name=f"Pay {left}", exact=True).click()
    expect(checkout.get_by_role("status")).to_have_text("Payment successful.")
    checkout.page.close()
    follow_up(server)
    page.goto("/payment")
    expect(total_overdue(page)).to_contain_text(rupees(before - amount))
    expect(paid_rows(page, PART)).to_have_count(1)
    expect(paid_rows(page, amount - PART)).to_have_count(1)

    # The link again: paid, nothing to pay on it, and the provider takes no second payment.
    checkout = open_link(page, link)
    expect(checkout.get_by_text(PAID_ALREADY, exact=True)).to_be_visible()
    expect(checkout.get_by_text(asked, exact=True)).to_be_visible()
    expect(checkout.get_by_role("button")).to_have_count(0)
    again = server.http.post(f"{urlsplit(checkout.page.url).path}/pay", json={"outcome": "success"})
    assert (again.status_code, again.json()["code"]) == (409, "link_not_active"), again.text
    checkout.page.close()

    # Whatever came late (the event, another follow-up) booked nothing more.
    assert follow_up(server) == 0
    page.goto("/payment")
    expect(total_overdue(page)).to_contain_text(rupees(before - amount))
    expect(paid_rows(page, PART)).to_have_count(1)
    expect(paid_rows(page, amount - PART)).to_have_count(1)

    # A code that is not ours: our own page, in our words, with the way to the portal.
    unknown = open_link(page, "/l/A1b2C3d4E5")
    expect(unknown.get_by_role("heading", name="Link not found")).to_be_visible()
    expect(unknown.get_by_role("link", name="Go to the repayment portal")).to_have_attribute("href", "/payment")
