"""Credit over its whole life in Chromium, one walk: a new shopper picks 'Pay with VoltKhata
Credit' at checkout, is led to apply, reads and acknowledges an offer's Key Facts, accepts it and
pays the same order with the new credit; two days on, leaves the line in its cooling-off period at
principal plus the APR for those days through the repayments' checkout, and downloads the no-dues
certificate; a second shopper is refused with the lender's reason. (Foreclosure, its charge rules
and the certificate in Hindi: tests/integration/test_credit_api.py.)"""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import Server
from tests.e2e.store_steps import api_login, expected, fill_cart, new_address, rupees, to_checkout, xsrf
from tests.e2e.test_portal_repayments import pay_in_checkout

NEW_SHOPPER = "9000012345"
REFUSED_SHOPPER = "9000054321"


def test_a_new_shopper_applies_from_checkout_pays_with_credit_and_leaves_in_the_cooling_off(
    page: Page, server: Server
) -> None:
    lines = {2: 1}
    total = expected(lines).total
    api_login(page, server, NEW_SHOPPER)
    fill_cart(page, lines)
    to_checkout(page, "Pay with VoltKhata Credit")
    new_address(page, "400003", name="Farhan Ali", mobile=NEW_SHOPPER)
    refusal = page.get_by_role("alert").filter(has_text="You do not have a VoltKhata Credit account yet")
    refusal.get_by_role("link", name="Apply for VoltKhata Credit").click()

    expect(page).to_have_url(re.compile(r"/credit/apply\?from=checkout$"))
    page.get_by_label("Your name").fill("Farhan Ali")
    page.get_by_label("Business name").fill("Ali Electricals")
    page.get_by_label("GSTIN or PAN").fill("27abcpa1234f1z5")
    page.get_by_role("checkbox", name=re.compile("check my credit bureau report")).check()
    page.get_by_role("button", name="Apply", exact=True).click()

    # Every lender's offer, each with its APR, listed by the lender's name.
    expect(page.get_by_role("heading", name="You are approved: choose an offer")).to_be_visible()
    # A reload keeps the offers (the gateway holds them): no second application, no second bureau check.
    page.reload()
    expect(page.get_by_role("heading", name="You are approved: choose an offer")).to_be_visible()
    offers = page.get_by_role("article")
    expect(offers).to_have_count(2)
    expect(offers.nth(0)).to_contain_text("Arthvik Capital Limited")
    expect(offers.nth(0)).to_contain_text("21.40%")
    expect(offers.nth(1)).to_contain_text("Sahyogkosh Finance Limited")
    offers.nth(0).get_by_role("button", name=re.compile("Read the Key Facts")).click()
    facts = page.get_by_role("region", name="Key Facts Statement")
    expect(facts).to_contain_text("Farhan Ali, Ali Electricals")
    expect(facts).to_contain_text("3 days from acceptance")
    expect(facts).to_contain_text("Rohit Menon")
    # The Key Facts to keep, as a PDF: the screen's APR and grievance officer, and its version.
    with page.expect_download() as download:
        facts.get_by_role("link", name="Key Facts Statement in English (PDF)").click()
    kept = " ".join("\n".join(p.extract_text() for p in PdfReader(Path(download.value.path())).pages).split())
    version = facts.locator("dd", has_text=re.compile(r"^KFS-")).inner_text()
    assert "21.40%" in kept and "Rohit Menon" in kept and version in kept
    accept = facts.get_by_role("button", name="Accept this offer")
    expect(accept).to_be_disabled()  # not before the Key Facts are acknowledged
    facts.get_by_role("checkbox", name="I have read and understood the Key Facts Statement.").check()
    accept.click()
    expect(page.get_by_role("heading", name=re.compile(r"Your credit line CL-\d+ is open"))).to_be_visible()
    line_number = re.search(r"CL-\d+", page.get_by_role("heading", name=re.compile("is open")).inner_text())
    assert line_number is not None

    # Back to the same order, which the new credit now pays.
    page.get_by_role("link", name="Back to checkout").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_text("(available ₹2,00,000.00)")).to_be_visible()
    page.get_by_role("button", name="Place order", exact=True).click()
    expect(page.get_by_test_id("payment-state")).to_contain_text(f"On VoltKhata Credit: {rupees(total)}, due by")
    due_by = re.search(r"due by (.+?), interest-free", page.get_by_test_id("payment-state").inner_text())
    assert due_by is not None

    # Two days later, still in the cooling-off period: leave at principal plus the APR for 2 days.
    server.http.post("/_mocks/clock", json={"days": 2}).raise_for_status()
    page.goto("/credit")
    line = page.get_by_role("article", name=f"Credit line {line_number.group(0)}")
    expect(line).to_contain_text("In its cooling-off period until")
    # What the line owes, and by when, as the lender states it: the order's own due date.
    expect(line).to_contain_text(f"Owed on this line{rupees(total)}")
    expect(line).to_contain_text(f"To pay by {due_by.group(1)}{rupees(total)}")
    expect(line.get_by_role("link", name=re.compile("^Pay now"))).to_have_attribute("href", "/paynow")
    # The version accepted, downloadable again as it was.
    with page.expect_download() as accepted:
        line.get_by_role("link", name=f"Version {version} (PDF)").click()
    assert version in " ".join(
        "\n".join(p.extract_text() for p in PdfReader(Path(accepted.value.path())).pages).split()
    )
    line.get_by_role("button", name=re.compile("Leave in the cooling-off period")).click()
    interest = (total * Decimal("21.40") * 2 / 36500).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    quote = page.get_by_role("region", name="Leave in the cooling-off period")
    expect(quote).to_contain_text(f"Principal{rupees(total)}")
    expect(quote).to_contain_text(f"APR for 2 days held{rupees(interest)}")
    expect(quote).to_contain_text("Penalty₹0.00")
    quote.get_by_role("button", name=f"Pay {rupees(total + interest)}").click()
    pay_in_checkout(page)
    expect(page.get_by_role("status").filter(has_text="Paid. Your credit line is closed")).to_be_visible()
    expect(line).to_contain_text("Left in the cooling-off period on")
    with page.expect_download() as download:
        line.get_by_role("link", name="No-dues certificate in English (PDF)").click()
    certificate = "\n".join(p.extract_text() for p in PdfReader(Path(download.value.path())).pages)
    assert "No-dues certificate" in certificate and line_number.group(0) in certificate
    assert "Exit in the cooling-off period, without penalty" in certificate

    # Another shopper is refused, with the lender's reason.
    server.http.post(
        "/_mocks/lending/applications/decision", json={"decision": "rejected", "mobileNumber": REFUSED_SHOPPER}
    ).raise_for_status()
    page.context.clear_cookies()
    api_login(page, server, REFUSED_SHOPPER)
    page.goto("/credit/apply")
    page.get_by_label("Your name").fill("Kiran Rao")
    page.get_by_label("Business name").fill("Rao Lights")
    page.get_by_label("GSTIN or PAN").fill("ABCPR1234K")
    page.get_by_role("checkbox", name=re.compile("check my credit bureau report")).check()
    page.get_by_role("button", name="Apply", exact=True).click()
    expect(page.get_by_role("heading", name="Your application was not approved")).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("overdue by more than 90 days")


def test_a_line_never_drawn_on_is_left_with_nothing_to_pay_not_a_payment_of_nothing(page: Page, server: Server) -> None:
    api_login(page, server, NEW_SHOPPER)
    form = {
        "applicantName": "Farhan Ali",
        "businessName": "Ali Electricals",
        "taxId": "27abcpa1234f1z5",
        "bureauConsent": True,
    }
    decided = page.request.post("/api/credit/applications", data=form, headers=xsrf(page))
    assert decided.ok, decided.text()
    offer = decided.json()["offers"][0]["offerId"]
    assert page.request.get(f"/api/credit/offers/{offer}/key-facts").ok  # shown before accepting
    accepted = page.request.post(
        f"/api/credit/offers/{offer}/accept", data={"keyFactsAcknowledged": True}, headers=xsrf(page)
    )
    assert accepted.ok, accepted.text()

    page.goto("/credit")
    line = page.get_by_role("article", name=f"Credit line {accepted.json()['lineNumber']}")
    line.get_by_role("button", name=re.compile("Leave in the cooling-off period")).click()
    quote = page.get_by_role("region", name="Leave in the cooling-off period")
    expect(quote).to_contain_text("Principal₹0.00")
    expect(quote.get_by_role("button", name=re.compile(r"^Pay "))).to_have_count(0)
    quote.get_by_role("button", name="Leave the credit line: nothing to pay").click()
    expect(page.get_by_role("status").filter(has_text="Done. Your credit line is closed")).to_contain_text(
        "there was nothing to pay"
    )
    expect(line).to_contain_text("Left in the cooling-off period on")
    expect(page.get_by_text("Paid.", exact=False)).to_have_count(0)


AUTOPAY_SHOPPER = "9000012377"
FOLLOWED = 30_000  # ms: the page follows the provider's webhooks (it reads again every 3 s)


def test_a_lines_dues_are_debited_by_autopay_on_their_due_date_and_booked_once(page: Page, server: Server) -> None:
    api_login(page, server, AUTOPAY_SHOPPER)
    form = {
        "applicantName": "Meera Joshi",
        "businessName": "Joshi Electric Works",
        "taxId": "ABCPJ1234K",
        "bureauConsent": True,
        "email": "meera@shop.example",
    }
    decided = page.request.post("/api/credit/applications", data=form, headers=xsrf(page))
    assert decided.ok, decided.text()
    offer = decided.json()["offers"][0]["offerId"]
    assert page.request.get(f"/api/credit/offers/{offer}/key-facts").ok
    accepted = page.request.post(
        f"/api/credit/offers/{offer}/accept", data={"keyFactsAcknowledged": True}, headers=xsrf(page)
    )
    assert accepted.ok, accepted.text()
    number = accepted.json()["lineNumber"]
    lines = {2: 1}
    total = expected(lines).total
    fill_cart(page, lines)
    to_checkout(page, "Pay with VoltKhata Credit")
    new_address(page, "400003", name="Meera Joshi", mobile=AUTOPAY_SHOPPER)
    page.get_by_role("button", name="Place order", exact=True).click()
    state = page.get_by_test_id("payment-state")
    expect(state).to_contain_text(f"On VoltKhata Credit: {rupees(total)}, due by")
    due_by = re.search(r"due by (.+?), interest-free", state.inner_text())
    assert due_by is not None

    # On the line's card: AutoPay's terms for its dues, set up and approved in the UPI app.
    page.goto("/credit")
    line = page.get_by_role("article", name=f"Credit line {number}")
    section = line.get_by_role("region", name=re.compile(rf"^AutoPay ?\(credit line {number}\)$"))
    expect(section).to_contain_text("on each due date, the least to pay by then")
    section.get_by_label("E-mail for the notices").fill("meera@shop.example")
    section.get_by_role("button", name="Set up AutoPay").click()
    status = section.get_by_role("status", name="AutoPay status")
    expect(status).to_have_text("Waiting for your approval in your UPI app")
    mandate = page.request.get(f"/api/credit/lines/{number}/autopay").json()["mandate"]
    approved = server.http.post(
        f"/_mocks/payments/subscriptions/{mandate['cfSubscriptionId']}/mandate", json={"outcome": "approved"}
    )
    assert approved.status_code == 200, approved.text
    expect(status).to_have_text("Active", timeout=FOLLOWED)

    # Two days before the purchase's due date: its debit is planned and raised, the notice sent.
    # One move: the gateway's debit job runs on its own, and a run between two moves (at 09:00 on
    # the due date itself) would raise the debit for the next morning, 24 hours' notice ahead.
    due = date.fromisoformat(page.request.get(f"/api/credit/lines/{number}/autopay").json()["terms"]["startOn"])
    server.http.post("/_mocks/clock", json={"at": f"{due - timedelta(days=2)}T09:00:00+05:30"}).raise_for_status()
    page.reload()
    debits = section.locator("tbody tr")
    expect(debits).to_have_count(1)
    expect(debits.first).to_contain_text(due_by.group(1))
    expect(debits.first).to_contain_text(rupees(total))
    expect(debits.first).to_contain_text("Notice sent: will be debited")
    [debit] = page.request.get(f"/api/credit/lines/{number}/autopay").json()["mandate"]["debits"]
    notices = server.http.get("/_mocks/mail/outbox").json()
    assert [m["subject"] for m in notices if m["reference"] == debit["paymentId"]] == [
        f"AutoPay will debit {rupees(total)} on {due_by.group(1)}"
    ]

    # Past it: taken once, booked at the lender, and nothing is owed on the line.
    server.http.post("/_mocks/clock", json={"days": 2, "hours": 2}).raise_for_status()
    expect(debits.first).to_contain_text("Debited and paid", timeout=FOLLOWED)
    page.reload()
    expect(line).to_contain_text("Nothing is owed on this line.")
    ledger = server.http.get("/_mocks/ledger").json()["mandateDebits"]
    assert len([m for m in ledger if m["paymentId"] == debit["paymentId"]]) == 1
    invariants = server.http.get("/_mocks/ledger/invariants").json()
    assert [i["name"] for i in invariants if not i["holds"]] == []  # every charge booked exactly once

    # Cancelled from the line's card: no further debit is planned (nor its lender asked for one).
    section.get_by_role("button", name="Cancel AutoPay").click()
    expect(status).to_have_text("Cancelled")
