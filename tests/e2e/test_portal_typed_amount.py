"""The amount a borrower types is the amount the provider is asked for, to the paisa: it leaves
the page as the exact decimal string typed (never through a JavaScript number), and a typed text
that a number would have rounded into an amount is refused instead of paid."""

from __future__ import annotations

import json
from decimal import Decimal

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.portal_steps import RAMESH, choose_partial_payment, open_payment, type_part_payment
from tests.e2e.store_steps import xsrf
from tests.e2e.test_portal_flows import total_overdue


def provider_asked(server: Server) -> list[Decimal]:
    """The amounts the lender was asked to open provider orders for."""
    started = [e for e in server.journal("lending") if e["path"].strip("/") == "webRepayment/cashFreeRequest"]
    return [Decimal(str(e["body"]["order_amount"])) for e in started]


def test_the_typed_partial_amount_is_exactly_what_the_provider_is_asked_for(page: Page, server: Server) -> None:
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    type_part_payment(page, "2450.5")
    with page.expect_request(lambda r: r.url.endswith("/api/portal/payments") and r.method == "POST") as sent:
        main.get_by_role("button", name="Pay", exact=True).click()
    assert json.loads(sent.value.post_data or "{}")["amount"] == "2450.50"  # a string, as typed, never 2450.5
    page.frame_locator('iframe[title="Payment checkout"]').get_by_role("button", name="Pay ₹2,450.50").click()
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(total_overdue(page)).to_contain_text("₹9,999.50")
    assert provider_asked(server) == [Decimal("2450.50")]


def test_a_typed_amount_a_number_would_round_is_refused_not_paid(page: Page, server: Server) -> None:
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    calls: list[str] = []
    # A payment is asked for by POST; the page may read its payments list (GET) at any time.
    page.on(
        "request",
        lambda r: calls.append(r.url) if r.url.endswith("/api/portal/payments") and r.method == "POST" else None,
    )
    choose_partial_payment(main)
    # As a JavaScript number this is exactly 1000: it must not become a payment of ₹1,000.00.
    main.get_by_label("Amount to pay (₹)").fill("999.99999999999999999")
    main.get_by_role("button", name="Pay", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text("Please enter an amount above 0.")
    assert calls == []
    assert provider_asked(server) == []


def test_a_part_payment_below_the_lenders_minimum_is_refused_before_any_checkout(page: Page, server: Server) -> None:
    """Issue 53: ₹50 against the lender's ₹100 minimum said 'minimum ₹100.00' and opened a checkout
    for ₹50.00 at the same moment. The minimum is known before: said beside the amount, refused on
    Pay, and nothing is started (no payment asked of the gateway or the lender, nothing pending)."""
    open_payment(page, server, RAMESH)
    main = page.locator("main")
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    calls: list[str] = []
    started = "/api/portal/payments"
    page.on("request", lambda r: calls.append(r.url) if r.method == "POST" and started in r.url else None)
    choose_partial_payment(main)
    expect(main.get_by_text("At least ₹100.00 (the lender's minimum part-payment)")).to_be_visible()
    main.get_by_label("Amount to pay (₹)").fill("50")
    main.get_by_role("button", name="Pay", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text("The lender's minimum part-payment is ₹100.00.")
    expect(page.locator('iframe[title="Payment checkout"]')).to_have_count(0)
    assert calls == []
    assert provider_asked(server) == []
    # The gateway holds the same rule for any other client: refused in its words, nothing started.
    refused = page.request.post(
        "/api/portal/payments",
        data={"mode": "partialPayment", "amount": "50"},
        headers={"Idempotency-Key": "below-minimum-0001", **xsrf(page)},
    )
    assert refused.status == 422, refused.text()
    assert refused.json()["error"] == {
        "code": "below_minimum",
        "message": "The lender's minimum part-payment is ₹100.00.",
        "field": "amount",
    }
    assert provider_asked(server) == []
    page.reload()
    expect(total_overdue(page)).to_contain_text("₹12,450.00")
    expect(main.get_by_text("Payment pending confirmation")).to_have_count(0)
