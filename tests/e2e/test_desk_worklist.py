"""The desk's reconciliation worklist end to end: a payment the provider never charged, a day
passes on the mocks' clock, the gateway's own daily job stores the run, and a supervisor picks
yesterday, sees the finding and how long it has been open, follows its links to our order and to
the provider's payment, and resolves it with a note."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import ROOT, Server, desk_staff, run_gateway
from tests.e2e.store_steps import api_login, place_by_api
from tests.e2e.test_desk import desk_login, pay_at_provider


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A gateway of its own whose daily job looks for yesterday's run every second."""
    yield from run_gateway(
        {"RECONCILIATION_CHECK_SECONDS": "1", "DESK_STAFF": desk_staff()},
        ROOT / "test-results" / "e2e-worklist-server.log",
    )


def test_a_supervisor_resolves_yesterdays_finding_with_a_note(page: Page, browser: Browser, server: Server) -> None:
    server.reset()
    api_login(page, server, "9876543210")
    number = place_by_api(page, {1: 1}, "online")
    order = page.request.get(f"/api/checkout/orders/{number}").json()
    pay_at_provider(server, order["payment"]["paymentSessionId"])
    provider_order = order["payment"]["providerOrderId"]
    seeded = server.http.post(
        "/_mocks/payments/settlements/mistakes", json={"kind": "omitPayment", "orderId": provider_order}
    )
    assert seeded.status_code == 201, seeded.text
    server.http.post("/_mocks/clock", json={"days": 1}).raise_for_status()

    # The desk in a page of its own, as staff open it (its first ask of who is logged in is a 401).
    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    worklist = staff.get_by_role("region", name="Reconciliation worklist")
    # The job stores the run within a second or two; the page lists runs as it loads, so it is read
    # again (bounded) until it shows the day's run.
    stored = worklist.get_by_role("button", name=re.compile(r"1 open"))
    for _ in range(10):
        staff.reload()
        try:
            expect(stored).to_be_visible(timeout=2_000)
            break
        except AssertionError:
            continue
    expect(stored).to_be_visible()
    # The desk opens on yesterday (India's, on the mocks' clock); the supervisor picks it anyway.
    picker = worklist.get_by_label("Day", exact=True)
    yesterday = date.fromisoformat(server.http.get("/_mocks/clock").json()["today"]) - timedelta(days=1)
    expect(picker).to_have_value(yesterday.isoformat())
    picker.fill(yesterday.isoformat())
    findings = worklist.get_by_role("list", name="Findings of the day")
    expect(findings).to_contain_text("Order paid but no charge")
    expect(findings).to_contain_text(number)
    expect(findings).to_contain_text("Open 0 days")
    expect(findings).to_contain_text("Ours ₹")
    expect(findings).to_contain_text("Unreconciled ₹")

    # Our side: the order, as the desk finds it by its number.
    findings.get_by_role("link", name=f"Our side: {number}").click()
    customer = staff.get_by_role("region", name=re.compile("9876543210"))
    expect(customer).to_contain_text(number)
    staff.go_back()
    # The provider's side: its record of the payment, as the desk looks the provider order up.
    findings.get_by_role("link", name=re.compile("Provider's side")).click()
    expect(staff).to_have_url(re.compile(f"find={provider_order}"))
    timeline = staff.get_by_role("region", name="Timeline")
    expect(timeline.get_by_role("listitem").filter(has_text="Payment provider").first).to_contain_text("Reference")
    staff.go_back()

    worklist.get_by_label("Note").fill("Provider confirmed the charge failed; shopper refunded by hand")
    worklist.get_by_role("button", name="Resolve", exact=True).click()
    expect(findings).to_contain_text("Resolved by vikram.supervisor")
    expect(findings).to_contain_text("Provider confirmed the charge failed")
