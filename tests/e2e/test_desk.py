"""The support desk end to end (issue 41), one walk: a shopper's order paid online and a borrower's
repayment and a complaint; an agent logs in to /desk, finds the customer by the repayment's UPI
reference, sees the timeline from the orders service, the lender (the complaint too) and the
provider, and the SMS and mails the mail service sent, and resends the receipt, but
is offered no cancellation; a supervisor cancels the order with its refund, which the shopper's
own order page then shows, and reads today's reconciliation."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.conftest import LENDER_ACCOUNT
from tests.e2e.conftest import OUTBOX_POLL_SECONDS, Server
from tests.e2e.store_steps import api_login, place_by_api, xsrf

RAMESH = "9876543210"
PROVIDER = LENDER_ACCOUNT  # a repayment is paid into the lender's own account


def pay_at_provider(server: Server, session_id: str) -> None:
    server.http.post(f"/_mocks/payments/checkout/{session_id}/pay", json={"outcome": "success"}).raise_for_status()


def repay(page: Page, server: Server) -> dict[str, Any]:
    """The borrower logged in to the portal pays ₹1,000 of what is due, through the gateway."""
    assert page.request.post("/api/portal/otp", data={"mobileNumber": RAMESH}, headers=xsrf(page)).ok
    verified = page.request.post(
        "/api/portal/otp/verify", data={"mobileNumber": RAMESH, "otp": server.otp_for(RAMESH)}, headers=xsrf(page)
    )
    assert verified.ok, verified.text()
    started = page.request.post(
        "/api/portal/payments",
        data={"mode": "partialPayment", "amount": "1000"},
        headers={**xsrf(page), "Idempotency-Key": "desk-e2e-repay-1"},
    )
    assert started.ok, started.text()
    payment: dict[str, Any] = started.json()
    pay_at_provider(server, payment["paymentSessionId"])
    confirmed = page.request.post(
        f"/api/portal/payments/{payment['orderId']}/confirm",
        data={"paymentLogId": payment["paymentLogId"]},
        headers=xsrf(page),
    )
    assert confirmed.ok, confirmed.text()
    return payment


def receipts_mailed(server: Server, at_least: int) -> list[dict[str, Any]]:
    """The receipt mails in the mail mock's outbox, waiting (bounded) for the lender's mail on its way."""
    deadline = time.monotonic() + 10
    while True:
        mails = server.http.get("/_mocks/mail/outbox").json()
        receipts = [m for m in mails if "receipt" in m.get("subject", "").lower()]
        if len(receipts) >= at_least or time.monotonic() > deadline:
            return receipts
        time.sleep(OUTBOX_POLL_SECONDS)


def desk_login(page: Page, name: str, secret: str) -> None:
    page.goto("/desk")
    page.get_by_label("Staff name").fill(name)
    page.get_by_label("Secret").fill(secret)
    page.get_by_role("button", name="Log in").click()
    # The secret is checked with scrypt (slow on purpose): on a loaded machine that takes seconds.
    expect(page.get_by_role("button", name="Log out")).to_be_visible(timeout=15_000)


def find(page: Page, query: str) -> None:
    page.get_by_label("Mobile number, order or loan number, or payment or UPI reference").fill(query)
    page.get_by_role("button", name="Find").click()
    expect(page.get_by_role("heading", name=f"Ramesh Kumar · {RAMESH}")).to_be_visible()


def test_an_agent_finds_by_upi_reference_and_resends_a_receipt_and_a_supervisor_refunds_an_order(
    page: Page, browser: Browser, server: Server
) -> None:
    server.reset()
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 1}, "online")
    order = page.request.get(f"/api/orders/{number}").json()
    pay_at_provider(server, order["payment"]["paymentSessionId"])
    payment = repay(page, server)
    attempts = server.http.get(f"/_mocks/payments/pg/orders/{payment['orderId']}/payments", headers=PROVIDER).json()
    upi = attempts[0]["bank_reference"]
    complaint = page.request.post(
        "/api/complaints",
        data={
            "against": "lender",
            "lenderName": "Sahyogkosh Finance Limited",  # of the loan the payment was for
            "category": "payment",
            "text": "My payment of Rs. 1000 is not on the loan yet.",
        },
        headers=xsrf(page),
    )
    assert complaint.ok, complaint.text()
    ticket = complaint.json()["ticketNumber"]

    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "asha.agent", "agent-demo-secret")
    expect(staff.get_by_text("asha.agent · Agent")).to_be_visible()
    find(staff, upi)
    timeline = staff.get_by_role("region", name="Timeline")
    for seen in ("Payment taken", "Repayment applied to the loan", "Order placed"):
        expect(timeline.get_by_text(seen, exact=True).first).to_be_visible()
    expect(timeline).to_contain_text(f"Reference {upi}")
    raised = timeline.get_by_role("listitem").filter(has_text="Complaint raised")
    expect(raised).to_contain_text(ticket)
    expect(raised).to_contain_text("My payment of Rs. 1000 is not on the loan yet.")
    # The complaint's acknowledgement, as the mail service sent it: the SMS and the mail.
    sms = timeline.get_by_role("listitem").filter(has_text="SMS sent").filter(has_text=ticket)
    expect(sms).to_contain_text(f"To {RAMESH}")
    expect(sms).to_contain_text("Mail and SMS service")
    mail = timeline.get_by_role("listitem").filter(has_text="Mail sent").filter(has_text=ticket)
    expect(mail).to_contain_text("To r***@shop.example")
    complaints = staff.get_by_role("region", name="Complaints")
    expect(complaints.get_by_role("listitem").filter(has_text=ticket)).to_contain_text("Received")
    expect(complaints).to_contain_text("A payment not applied or applied wrongly")
    expect(staff.get_by_role("button", name="Cancel and refund")).to_have_count(0)  # agents cannot refund

    staff.get_by_label("Reason for an action (kept in the audit log)").fill("Customer did not get the receipt")
    staff.get_by_role("button", name="Resend receipt").click()
    confirm = staff.get_by_role("dialog", name="Send the receipt again?")
    expect(confirm).to_contain_text(f"Ramesh Kumar ({RAMESH})")
    expect(confirm).to_contain_text("₹1,000.00")
    confirm.get_by_role("button", name="Send it again").click()
    expect(staff.get_by_role("status").filter(has_text="Sent again")).to_contain_text("Sent again to r***@shop.example")
    assert len(receipts_mailed(server, at_least=2)) >= 2  # the first when paid, and the one sent again
    staff.get_by_role("button", name="Log out").click()
    expect(staff.get_by_role("button", name="Log in")).to_be_visible()

    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    find(staff, number)
    staff.get_by_label("Reason for an action (kept in the audit log)").fill("Ordered twice by mistake")
    staff.get_by_role("button", name="Cancel and refund").click()
    confirm = staff.get_by_role("dialog", name="Cancel this order?")
    expect(confirm).to_contain_text(f"Ramesh Kumar ({RAMESH})")
    expect(confirm).to_contain_text("is refunded to the card or UPI")
    confirm.get_by_role("button", name="Cancel the order").click()
    expect(staff.get_by_role("status").filter(has_text="cancelled")).to_contain_text(f"Order {number} cancelled")
    expect(staff.get_by_role("region", name="Reconciliation", exact=True)).to_contain_text("₹0.00 unreconciled")
    staff.close()

    page.goto(f"/orders/{number}")
    expect(page.get_by_role("heading", name="Your order is cancelled", level=1)).to_be_visible()
    expect(page.get_by_test_id("refund").get_by_test_id("refund-amount")).to_have_text(
        re.compile(r"^₹[0-9,]+\.[0-9]{2}$")
    )
