"""The desk's reconciliation worklist end to end: a payment the provider never charged, a day
passes on the mocks' clock, the gateway's own daily job stores the run, and a supervisor picks
yesterday, sees the finding and how long it has been open, follows its links to our order and to
the provider's payment, and resolves it with a note. An open chargeback stays in sight, with its
deadline, whatever day is picked, until it is resolved. A cash order's return refunded to a UPI ID
is paid out, matched with the payouts provider's transfer on the desk for its day, and its day's
stored run has nothing to resolve."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import ROOT, Server, desk_staff, run_gateway
from tests.e2e.store_steps import SUNITA, api_login, place_by_api, rupees, xsrf
from tests.e2e.test_desk import desk_login, pay_at_provider
from tests.integration.test_payments_follow_orders import PROVIDER


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A gateway of its own whose daily job looks for yesterday's run every second (the shopper
    logs in once per test: no wait between codes)."""
    yield from run_gateway(
        {"RECONCILIATION_CHECK_SECONDS": "1", "DESK_STAFF": desk_staff(), "OTP_RESEND_SECONDS": "0"},
        ROOT / "test-results" / "e2e-worklist-server.log",
    )


def test_a_supervisor_resolves_yesterdays_finding_with_a_note(page: Page, browser: Browser, server: Server) -> None:
    server.reset()
    api_login(page, server, "9876543210")
    number = place_by_api(page, {1: 1}, "online")
    order = page.request.get(f"/api/orders/{number}").json()
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
    # The job stores the run within a second or two; the page reads the runs and the day's findings
    # as it loads, so it is read again (bounded) until it shows both: a load while the job was storing
    # the run once listed it beside "No reconciliation run is stored for this day" (a full run).
    stored = worklist.get_by_role("button", name=re.compile(r"1 open"))
    findings = worklist.get_by_role("list", name="Findings of the day")
    for _ in range(10):
        staff.reload()
        try:
            expect(stored).to_be_visible(timeout=2_000)
            expect(findings).to_be_visible(timeout=2_000)
            break
        except AssertionError:
            continue
    expect(stored).to_be_visible()
    # The desk opens on yesterday (India's, on the mocks' clock); the supervisor picks it anyway.
    picker = worklist.get_by_label("Day", exact=True)
    yesterday = date.fromisoformat(server.http.get("/_mocks/clock").json()["today"]) - timedelta(days=1)
    expect(picker).to_have_value(yesterday.isoformat())
    picker.fill(yesterday.isoformat())
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


def test_an_open_chargeback_stays_in_sight_whatever_day_is_picked(page: Page, browser: Browser, server: Server) -> None:
    server.reset()
    # A day after the first test's: the gateway's stored runs outlive the mocks' reset, and that
    # day's run is finished.
    server.http.post("/_mocks/clock", json={"days": 1}).raise_for_status()
    api_login(page, server, "9876543210")
    number = place_by_api(page, {2: 1}, "online")
    order = page.request.get(f"/api/orders/{number}").json()
    pay_at_provider(server, order["payment"]["paymentSessionId"])
    provider_order = order["payment"]["providerOrderId"]
    [payment] = server.http.get(f"/_mocks/payments/pg/orders/{provider_order}/payments", headers=PROVIDER).json()
    back = server.http.post(
        "/_mocks/payments/chargebacks", json={"cfPaymentId": payment["cf_payment_id"], "respondInDays": 3}
    )
    assert back.status_code == 201, back.text
    server.http.post("/_mocks/clock", json={"days": 1}).raise_for_status()
    today = date.fromisoformat(server.http.get("/_mocks/clock").json()["today"])

    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    worklist = staff.get_by_role("region", name="Reconciliation worklist")
    stored = worklist.get_by_role("button", name=re.compile(r"1 open"))
    for _ in range(10):  # the job stores the run within a second or two (see above)
        staff.reload()
        try:
            expect(stored).to_be_visible(timeout=2_000)
            break
        except AssertionError:
            continue
    expect(stored).to_be_visible()
    # A month ago: no run that day, and the chargeback is still there with its deadline.
    worklist.get_by_label("Day", exact=True).fill((today - timedelta(days=30)).isoformat())
    expect(worklist).to_contain_text("No reconciliation run is stored for this day.")
    disputes = worklist.get_by_role("list", name="Open disputes and chargebacks")
    expect(disputes).to_contain_text("Chargeback")
    expect(disputes).to_contain_text(number)
    expect(disputes).to_contain_text("(2 days left)")
    disputes.get_by_label("Note").fill("Delivery proof sent to the provider")
    disputes.get_by_role("button", name="Resolve", exact=True).click()
    expect(disputes).to_have_count(0)


def cash_order_returned_to(page: Page, server: Server, upi_id: str) -> str:
    """A cash order delivered, one socket asked back to `upi_id` and received: its payout made."""
    number = place_by_api(page, {2: 1}, "cod")
    for _ in range(4):  # packed, shipped, out for delivery, delivered
        server.http.post(f"/_mocks/orders/{number}/advance", json={}).raise_for_status()
    order = page.request.get(f"/api/orders/{number}").json()
    asked = page.request.post(
        f"/api/orders/{number}/returns",
        data={
            "lines": [{"productId": 2, "quantity": 1}],
            "reason": "noLongerNeeded",
            "pickup": order["returnOptions"]["pickupSlots"][0],
            "refundTo": {"upiId": upi_id},
        },
        headers={**xsrf(page), "Idempotency-Key": uuid.uuid4().hex},
    )
    assert asked.ok, asked.text()
    for _ in range(3):  # approved, picked up, received (the payout made)
        server.http.post(f"/_mocks/orders/{number}/returns/advance").raise_for_status()
    return number


def test_a_cash_orders_return_refunded_to_a_upi_id_is_reconciled_on_the_desk_for_its_day(
    page: Page, browser: Browser, server: Server
) -> None:
    server.reset()
    # A day no other test of this server stores a run for (the one above stores today's).
    server.http.post("/_mocks/clock", json={"days": 3}).raise_for_status()
    day = date.fromisoformat(server.http.get("/_mocks/clock").json()["today"])
    api_login(page, server, SUNITA)  # another shopper than above's: a login code's resend wait is real time
    number = cash_order_returned_to(page, server, "ramesh@okaxis")
    # refunded: the bank pays it now
    server.http.post(f"/_mocks/orders/{number}/returns/advance").raise_for_status()
    returned = page.request.get(f"/api/orders/{number}").json()["returns"][0]
    assert (returned["status"], returned["payout"]["status"]) == ("refunded", "paid")

    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    # Today's reconciliation: the payout paid and matched with the provider's transfer, nothing unreconciled.
    summary = staff.get_by_role("region", name="Reconciliation", exact=True)
    payouts = summary.get_by_role("list", name="Payouts of the day")
    expect(payouts).to_contain_text(
        f"{number}-R1: {rupees(Decimal(returned['amount']))} paid out and matched, UTR {returned['payout']['utr']}"
    )
    expect(summary).to_contain_text("₹0.00 unreconciled")

    # The next day the job stores the day's run: nothing on it to resolve.
    server.http.post("/_mocks/clock", json={"days": 1}).raise_for_status()
    worklist = staff.get_by_role("region", name="Reconciliation worklist")
    clean = worklist.get_by_text("Every rupee of this day is reconciled.")
    once_stored(staff, worklist, day, clean)
    expect(worklist.get_by_role("list", name="Findings of the day")).not_to_contain_text(number)


def once_stored(staff: Page, worklist: Locator, day: date, shown: Locator) -> None:
    """The day picked on the desk until it shows what the daily job stores for it: the job stores a
    run within a second or two and the page lists a day as it loads, so it is read again (bounded)."""
    for _ in range(10):
        staff.reload()
        worklist.get_by_label("Day", exact=True).fill(day.isoformat())
        try:
            expect(shown).to_be_visible(timeout=2_000)
            break
        except AssertionError:
            continue
    expect(shown).to_be_visible()


def test_a_failed_payout_a_retry_paid_is_shown_closed_by_the_retry_with_its_utr(
    page: Page, browser: Browser, server: Server
) -> None:
    """A cash order's return refunded to a UPI ID the bank says does not exist: the next day's job
    puts the failed payout on its day's worklist; the shopper gives another UPI ID, the retry is
    paid, and once the job has reconciled the retry's day, the failed payout's day shows it closed
    by the retry: its transfer (a link to it) and its UTR, nothing left to do."""
    server.reset()
    server.http.post("/_mocks/clock", json={"days": 6}).raise_for_status()  # a day no other test stores
    day = date.fromisoformat(server.http.get("/_mocks/clock").json()["today"])
    api_login(page, server, SUNITA)
    number = cash_order_returned_to(page, server, "sunita@okaxis")
    closed = {"status": "FAILED", "status_code": "INVALID_VPA"}  # the UPI ID was closed after it was verified
    server.http.post(f"/_mocks/payouts/transfers/{number}_R1/bank", json=closed).raise_for_status()

    server.http.post("/_mocks/clock", json={"days": 1}).raise_for_status()  # the job stores the day's run
    staff = browser.new_page(base_url=server.url)
    desk_login(staff, "vikram.supervisor", "supervisor-demo-secret")
    worklist = staff.get_by_role("region", name="Reconciliation worklist")
    findings = worklist.get_by_role("list", name="Findings of the day")
    failed = findings.get_by_role("listitem").filter(has_text=f"{number}-R1")
    once_stored(staff, worklist, day, failed)
    expect(failed).to_contain_text("Open 0 days")

    # The shopper gives another UPI ID; the retry is paid; the next day the job reconciles it.
    api_login(page, server, SUNITA)  # a day later on the mocks' clock: a fresh login
    given = page.request.post(
        f"/api/orders/{number}/returns/{number}-R1/payee",
        data={"refundTo": {"upiId": "sunita@okicici"}},
        headers={**xsrf(page), "Idempotency-Key": uuid.uuid4().hex},
    )
    assert given.ok, given.text()
    server.http.post(f"/_mocks/orders/{number}/returns/advance").raise_for_status()  # the bank pays it now
    paid = page.request.get(f"/api/orders/{number}").json()["returns"][0]["payout"]
    assert paid["status"] == "paid", paid
    server.http.post("/_mocks/clock", json={"days": 1}).raise_for_status()

    by_retry = failed.filter(has_text="Paid by a retry on")
    once_stored(staff, worklist, day, by_retry)
    expect(by_retry).to_contain_text(f"Bank reference (UTR) {paid['utr']}")
    expect(by_retry).not_to_contain_text("What to do")
    expect(by_retry.get_by_role("button", name="Resolve", exact=True)).to_have_count(0)
    by_retry.get_by_role("link", name=f"The retry: {number}_R1_2").click()
    expect(staff).to_have_url(re.compile(f"find={number}_R1_2"))
    timeline = staff.get_by_role("region", name="Timeline")
    expect(timeline).to_contain_text(f"{number}-R1")
