"""UPI in Chromium (issue 56): on a 360 px phone a store order is paid through a UPI app's
intent link (the payments mock's UPI app page stands in for the app the link opens); on a
desktop a loan due is paid by QR. The test reads the QR and the `upi://pay` link themselves and
checks the payee, the amount and the reference the payer's app would show."""

from __future__ import annotations

import re
from decimal import Decimal
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.portal_steps import open_payment, type_part_payment
from tests.e2e.store_steps import RAMESH, api_login, rupees, set_clock
from tests.e2e.test_store_promises import NOON, place_online
from tests.upi_links import link_fields, qr_text

PAYEE = ("cf.mockmerchant@axisbank", "Mock Merchant")
LENDER_PAYEE = ("cf.mocklenderclient@axisbank", "Mock Merchant")  # a repayment is paid into the lender's account


def test_a_store_order_is_paid_through_a_upi_app_on_a_phone(server: Server, phone_page: Page) -> None:
    page = phone_page
    set_clock(server, NOON)
    api_login(page, server, RAMESH)
    order = place_online(page, {1: 1})
    amount = order["payment"]["amount"]
    page.goto(f"/orders/{order['orderNumber']}")
    page.get_by_role("button", name="Pay by UPI").click()

    panel = page.get_by_test_id("upi-panel")
    for app in ("Pay with Google Pay", "Pay with PhonePe", "Pay with Paytm", "Any UPI app"):
        expect(panel.get_by_role("link", name=app)).to_be_visible()
    expect(panel.get_by_role("link", name="Pay with Google Pay")).to_have_attribute(
        "href", re.compile(r"^tez://upi/pay\?")
    )
    link = panel.get_by_role("link", name="Any UPI app").get_attribute("href") or ""
    assert link.startswith("upi://pay?")
    fields = link_fields(link)
    assert (fields["pa"], fields["pn"]) == PAYEE
    assert (fields["am"], fields["cu"], fields["tn"]) == (amount, "INR", order["payment"]["providerOrderId"])
    expect(panel.get_by_test_id("upi-waiting")).to_contain_text(re.compile(r"Time left: [45]:\d\d"))

    # The phone opens the UPI app with the link; the mock's app page stands in for it.
    app = page.context.new_page()
    app.goto("/_mocks/payments/upi/app?" + urlsplit(link).query)
    expect(app.get_by_text(PAYEE[1])).to_be_visible()
    expect(app.get_by_text(rupees(Decimal(amount)), exact=True)).to_be_visible()
    app.get_by_role("button", name=f"Pay {rupees(Decimal(amount))}").click()
    expect(app.get_by_role("status")).to_have_text("Paid. You can go back to the shop.")
    app.close()

    # Back in the shop: the page followed the payment and shows the order paid, once.
    expect(page.get_by_test_id("payment-reference")).to_have_text(f"Payment reference: {fields['tr']}")
    expect(page.get_by_test_id("payment-state")).to_have_text(f"Paid online: {rupees(Decimal(amount))}")
    expect(page.get_by_role("button", name="Pay by UPI")).to_have_count(0)


def test_a_loan_due_is_paid_by_qr_on_a_desktop(server: Server, page: Page) -> None:
    open_payment(page, server)
    main = page.locator("main")
    type_part_payment(page, "1000")
    with page.expect_response(lambda r: r.url.endswith("/api/portal/payments") and r.request.method == "POST") as made:
        main.get_by_role("button", name="Pay by UPI").click()
    order_id = made.value.json()["orderId"]

    qr = main.get_by_role("img", name="UPI QR code to pay ₹1,000.00")
    expect(qr).to_be_visible()
    expect(main.get_by_test_id("upi-waiting")).to_contain_text(re.compile(r"Time left: [45]:\d\d"))
    # No second charge while it waits: the Pay buttons are gone.
    expect(main.get_by_role("button", name="Pay", exact=True)).to_have_count(0)
    link = qr_text(qr.get_attribute("src") or "")
    assert link.startswith("upi://pay?")
    fields = link_fields(link)
    assert (fields["pa"], fields["pn"]) == LENDER_PAYEE
    assert (fields["am"], fields["cu"], fields["tn"]) == ("1000.00", "INR", order_id)

    # The borrower scans it with their phone's UPI app and pays there.
    answered = server.http.post("/_mocks/payments/upi/app/answer", json={"tr": fields["tr"], "outcome": "paid"})
    assert answered.status_code == 200, answered.text
    expect(main.get_by_text("Payment process completed")).to_be_visible()
    expect(main.get_by_text("Total overdue")).to_contain_text("₹11,450.00")
