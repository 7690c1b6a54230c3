"""A reminder's payment link on our own domain (issue 56, docs/decisions/reminder-short-links.md):
`/l/<code>` leads to the provider's page of the instalment's link while it takes a payment, and
otherwise says why on our own page, in the visitor's language; the gateway asks each lender whose
code it is (here both lenders are plugged in, and the Fineract one's companion made none)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from tests.conftest import GatewayClient
from tests.integration.test_pending_followed_to_its_end import _clock_on
from tests.integration.test_portal_api import RAMESH, log_in

SHORT = re.compile(r"^http://127\.0\.0\.1:8000/l/[0-9A-Za-z]{10}$")  # the gateway's own address (PUBLIC_URL)


def _reminder_link(client: GatewayClient) -> str:
    """The short link of the reminder the lender sends Ramesh now for his portal loan."""
    sent = client.post("/_mocks/lending/reminders/now", json={"mobileNumber": RAMESH})
    assert sent.status_code == 200, sent.text
    [link] = [r["linkUrl"] for r in sent.json() if r["loanNumber"] == "LN-1001"]
    assert SHORT.match(link), link
    return str(urlsplit(link).path)


def test_a_reminders_short_link_leads_to_the_providers_page_for_the_instalment(both: GatewayClient) -> None:
    path = _reminder_link(both)
    hop = both.get(path, follow_redirects=False)
    assert hop.status_code == 302, hop.text
    assert hop.headers["cache-control"] == "no-store"  # the same code leads elsewhere once paid
    page = both.get(hop.headers["location"])
    assert page.status_code == 200 and "Instalment of loan LN-1001" in page.text and "Pay ₹" in page.text
    # Paid through it: the link says so on the provider's page; the short link still leads there.
    provider_code = urlsplit(hop.headers["location"]).path.rsplit("/", 1)[1]
    assert both.post(f"/_mocks/payments/links/{provider_code}/pay", json={"outcome": "success"}).status_code == 200
    again = both.get(path, follow_redirects=False)
    assert again.status_code == 302 and again.headers["location"] == hop.headers["location"]
    assert "already been paid" in both.get(again.headers["location"]).text


def test_an_unknown_code_gets_our_own_page_in_the_visitors_language(both: GatewayClient) -> None:
    for path in ("/l/A1b2C3d4E5", "/l/short", "/l/A1b2C3d4E5x"):
        answer = both.get(path, headers={"Accept-Language": "en-IN"})
        assert answer.status_code == 404, (path, answer.text)
        assert answer.headers["content-type"].startswith("text/html")
        assert "Link not found" in answer.text and 'href="/payment"' in answer.text
    hindi = both.get("/l/A1b2C3d4E5", headers={"Accept-Language": "hi-IN,hi;q=0.9"})
    assert hindi.status_code == 404 and "लिंक नहीं मिला" in hindi.text and 'lang="hi-IN"' in hindi.text


def test_an_expired_link_gets_our_own_page_not_the_providers(both: GatewayClient) -> None:
    path = _reminder_link(both)
    # Ramesh's instalment is 17 days overdue: its link lives one day past the reminder.
    _clock_on(both, days=2)
    answer = both.get(path, follow_redirects=False, headers={"Accept-Language": "en"})
    assert answer.status_code == 410, answer.text
    assert "This payment link has expired" in answer.text and "location" not in answer.headers
    hindi = both.get(path, headers={"Accept-Language": "hi"})
    assert hindi.status_code == 410 and "इस भुगतान लिंक की अवधि खत्म हो गई है" in hindi.text


def test_the_fineract_lenders_reminder_link_is_resolved_by_its_companion(both: GatewayClient) -> None:
    sent = both.post("/_mocks/companion_fineract/reminders/now", json={"mobileNumber": "9811122233"})
    assert sent.status_code == 200, sent.text
    [link] = [r["linkUrl"] for r in sent.json() if r["loanNumber"] == "FIN-000007101"]
    assert SHORT.match(link), link
    hop = both.get(urlsplit(link).path, follow_redirects=False)
    assert hop.status_code == 302, hop.text
    page = both.get(hop.headers["location"])
    assert page.status_code == 200 and "Instalment of loan FIN-000007101" in page.text

    # Paid in part on the provider's page: the companion books it in Fineract, and the borrower's
    # portal lists it once, paid, like any repayment paid online.
    provider_code = urlsplit(hop.headers["location"]).path.rsplit("/", 1)[1]
    paid = both.post(f"/_mocks/payments/links/{provider_code}/pay", json={"outcome": "success", "amount": "150.00"})
    assert paid.status_code == 200, paid.text
    assert both.post("/_mocks/companion_fineract/links/followUp").status_code == 200  # if the event is not in yet
    log_in(both, "9811122233")
    history = both.get("/api/portal/payments").json()
    assert [(p["amount"], p["status"]) for p in history if p["amount"] == "150.00"] == [("150.00", "paid")], history
