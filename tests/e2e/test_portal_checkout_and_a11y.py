"""The portal's Cashfree adapter (with the SDK's global faked in the page), phone layout and axe."""

from __future__ import annotations

import json
import re
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import Server, axe_violations
from tests.e2e.portal_steps import choose_partial_payment, open_payment, type_part_payment

RAMESH = "9876543210"

# Stands in for the provider's script: the SDK loader uses an existing window.Cashfree, so no
# request leaves the origin. Its checkout "pays" through the mock provider, as a payer would.
FAKE_CASHFREE = """
window.__cashfree = [];
window.Cashfree = function (options) {
  return {
    checkout: async function (checkoutOptions) {
      window.__cashfree.push({ mode: options.mode, ...checkoutOptions });
      await fetch("/_mocks/payments/checkout/" + checkoutOptions.paymentSessionId + "/pay", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ outcome: "success" }),
      });
      return { paymentDetails: { paymentMessage: "Payment finished" } };
    },
  };
};
"""


def use_adapter(page: Page, adapter: str, mode: str) -> None:
    """Serve the app shell with another checkout adapter in its inline configuration (the app
    reads it from the page, not from /api/config)."""

    def rewrite(route: Route) -> None:
        if route.request.resource_type != "document":
            route.fallback()
            return
        response = route.fetch()
        html = response.text()
        found = re.search(r'(<script[^>]*id="app-config"[^>]*>)(.*?)(</script>)', html, re.S)
        assert found, "the app shell carries no inline configuration"
        config: dict[str, Any] = json.loads(found.group(2))
        config["checkout"] = {"adapter": adapter, "mode": mode}
        body = html[: found.start(2)] + json.dumps(config).replace("<", "\\u003c") + html[found.end(2) :]
        route.fulfill(response=response, body=body)

    page.route("**/*", rewrite)


def assert_axe_clean(axe: Axe, page: Page) -> None:
    report = axe_violations(axe, page, impacts=None)  # the portal is held to every impact level
    assert not report, report


def test_the_cashfree_adapter_opens_the_sdk_modal_in_the_configured_mode(page: Page, server: Server) -> None:
    page.add_init_script(FAKE_CASHFREE)
    use_adapter(page, "cashfree", "sandbox")
    open_payment(page, server)
    main = page.locator("main")
    type_part_payment(page, "2450")
    main.get_by_role("button", name="Pay", exact=True).click()

    expect(main.locator(".alert-success")).to_have_text("Payment process completed")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹10,000.00")
    calls = page.evaluate("window.__cashfree")
    assert len(calls) == 1
    assert calls[0]["mode"] == "sandbox"
    assert calls[0]["redirectTarget"] == "_modal"
    assert calls[0]["paymentSessionId"].startswith("session_")


def test_portal_screens_fit_a_phone_and_pass_axe(phone_page: Page, server: Server, axe: Axe) -> None:
    page = phone_page
    page.goto("/paynow")
    expect(page.locator("main").get_by_role("heading", name="Pay Now")).to_be_visible()
    assert_axe_clean(axe, page)

    open_payment(page, server)
    main = page.locator("main")
    expect(main.get_by_text("Total overdue")).to_contain_text("₹12,450.00")
    choose_partial_payment(main)
    expect(main.get_by_label("Amount to pay (₹)")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the payment screen scrolls sideways on a phone ({width}px)"
    pay = main.get_by_role("button", name="Pay", exact=True).bounding_box()
    assert pay is not None and pay["x"] >= 0 and pay["x"] + pay["width"] <= 390
    assert_axe_clean(axe, page)

    main.get_by_role("button", name="View Details").click()
    expect(page.get_by_role("dialog", name="Loan Details")).to_be_visible()
    assert_axe_clean(axe, page)


def test_verify_and_nopayment_screens_pass_axe(page: Page, server: Server, axe: Axe) -> None:
    page.goto("/paynow")
    main = page.locator("main")
    main.get_by_label("Mobile number").fill("9123456780")
    main.get_by_role("button", name="Submit", exact=True).click()
    expect(main.get_by_label("One-time code")).to_be_visible()
    assert_axe_clean(axe, page)
    main.get_by_label("One-time code").fill(server.otp_for("9123456780"))
    main.get_by_role("button", name="Verify", exact=True).click()
    expect(main.get_by_text("Thank You!")).to_be_visible()
    assert_axe_clean(axe, page)


def test_the_mock_checkout_modal_passes_axe(page: Page, server: Server, axe: Axe) -> None:
    open_payment(page, server)
    page.locator("main").get_by_role("button", name="Pay", exact=True).click()
    frame = page.frame_locator('iframe[title="Payment checkout"]')
    expect(frame.get_by_role("button", name="Pay ₹12,450.00")).to_be_visible()
    # The login's toast sits under the modal's backdrop until it closes; the modal is what is judged.
    expect(page.locator(".Toastify__toast")).to_have_count(0, timeout=10_000)
    assert_axe_clean(axe, page)
