"""Complaints end to end (desktop and a 360 px phone): a complaint raised gets its ticket at
once and both acknowledgements (the mocks' SMS outbox and mail records); the RBI Ombudsman is
offered with the ticket's details after the mocks' clock moves 31 days unresolved, and at once
when the lender rejects it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.portal_steps import portal_login

RAMESH = "9876543210"


@pytest.fixture(params=["desktop", "phone"])
def any_page(request: pytest.FixtureRequest) -> Page:
    chosen: Page = request.getfixturevalue("page" if request.param == "desktop" else "phone_page")
    return chosen


def raise_complaint(page: Page, category: str, text: str) -> str:
    """On /complaints: the form filled and sent; the ticket page opens with the ticket number."""
    page.goto("/complaints")
    # Against the lender of the loan, by name (the borrower has loans with two lenders).
    page.get_by_label("Against whom?").select_option(label="Sahyogkosh Finance Limited (the lender)")
    page.get_by_label("What is it about?").select_option(label=category)
    page.get_by_role("textbox", name="Your complaint").fill(text)
    page.get_by_label("Loan (optional)").select_option("LN-1001")
    page.get_by_role("button", name="Raise complaint").click()
    expect(page).to_have_url(re.compile(r"/complaints/CMP[0-9]{6}$"))
    ticket = page.url.rsplit("/", 1)[1]
    expect(page.get_by_role("status").filter(has_text="Your complaint is registered")).to_contain_text(
        f"Your ticket number is {ticket}. We have sent it to you by SMS and e-mail."
    )
    return ticket


def ombudsman_details(page: Page) -> str:
    panel = page.get_by_role("region", name="Take it to the RBI Ombudsman")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("link", name="Open cms.rbi.org.in")).to_have_attribute("href", "https://cms.rbi.org.in")
    return panel.get_by_label("Your ticket's details, ready to paste into the Ombudsman's form").input_value()


def test_a_complaint_gets_a_ticket_both_acknowledgements_and_after_31_days_the_ombudsman(
    any_page: Page, server: Server
) -> None:
    page = any_page
    portal_login(page, server)
    ticket = raise_complaint(page, "A charge or fee", "A late fee of Rs. 450 was charged although I paid on time.")
    expect(page.get_by_text("Received", exact=True)).to_be_visible()

    sms = server.http.get("/_mocks/mail/sms", params={"mobile": RAMESH}).json()
    assert [s["reference"] for s in sms] == [ticket]
    assert ticket in sms[0]["message"] and sms[0]["dltTemplateId"] and sms[0]["senderId"] == "VKHATA"
    mails = [m for m in server.http.get("/_mocks/mail/outbox").json() if m["kind"] == "complaintReceived"]
    assert [(m["to"], m["reference"]) for m in mails] == [("ramesh.kumar@shop.example", ticket)]

    # Not yet: the lender has 30 days.
    expect(page.get_by_role("region", name="Take it to the RBI Ombudsman")).to_have_count(0)
    assert server.http.post("/_mocks/clock", json={"days": 31}).status_code == 200
    page.reload()
    details = ombudsman_details(page)
    expect(page.get_by_text("has not resolved your complaint within 30 days")).to_be_visible()
    assert f"ticket number: {ticket}" in details
    assert "Category: A charge or fee" in details and "Loan number: LN-1001" in details
    assert "Status: Received" in details
    assert "My complaint: A late fee of Rs. 450 was charged although I paid on time." in details

    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")
    page.get_by_role("link", name="All your complaints").click()
    expect(page.get_by_role("link", name=re.compile(ticket))).to_be_visible()


def test_a_rejected_complaint_offers_the_ombudsman_at_once(any_page: Page, server: Server) -> None:
    page = any_page
    portal_login(page, server)
    ticket = raise_complaint(page, "A recovery call or agent", "An agent called me at 10 PM about my dues.")
    # The complaint itself shown (the 'registered' note comes before it), then no Ombudsman yet.
    expect(page.get_by_text("Received", exact=True)).to_be_visible()
    expect(page.get_by_role("region", name="Take it to the RBI Ombudsman")).to_have_count(0)
    rejected = server.http.post(
        f"/_mocks/lending/complaints/{ticket}/status",
        json={"status": "rejected", "reason": "Our call records show no call after 7 PM."},
    )
    assert rejected.status_code == 200
    page.reload()
    expect(page.get_by_text("Rejected", exact=True)).to_be_visible()
    expect(page.get_by_text("Our call records show no call after 7 PM.").first).to_be_visible()
    details = ombudsman_details(page)
    expect(page.get_by_text("The lender rejected your complaint.")).to_be_visible()
    assert f"ticket number: {ticket}" in details
    assert "Lender's reason for rejecting it: Our call records show no call after 7 PM." in details


def test_the_grievance_page_links_to_complaints_and_they_need_the_portal_login(page: Page) -> None:
    page.goto("/grievance-redressal")
    page.get_by_role("link", name="raise a complaint about it online").click()
    # Not logged in: the portal's login first.
    expect(page).to_have_url(re.compile(r"/paynow$"))
