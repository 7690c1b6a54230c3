"""Returns in the browser (issue 37): what a product page promises, a delivered cash order
returned in part with a photo to a UPI ID (its steps as the returns desk moves them, the credit
note read back for exactly the returned lines' tax, where the money went), and a credit order
returned so that the amount owed on /payment is lower, and an online order returned in part,
refunded at the provider with its credit note. The many refusals are integration tests
(tests/integration/test_returns_api.py)."""

from __future__ import annotations

import io
import re
from decimal import Decimal

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import PageGuard, Server, axe_violations
from tests.e2e.store_steps import RAMESH, SEED, SUNITA, advance, api_login, place_by_api, rupees
from tests.e2e.test_store_promises import place_online
from tests.integration.test_payments_follow_orders import PROVIDER
from upstream_mocks.orders.gst import split
from upstream_mocks.orders.pricing import priced_line

CUT_WIRE = 100  # cut to the length ordered: not returnable
SOCKET = 2
PIPE = 1
# A 1x1 PNG, as a phone's photo would be picked.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)


def desk(server: Server, number: str, times: int) -> None:
    """The returns desk (QA) moves the order's open return one step at a time."""
    for _ in range(times):
        server.http.post(f"/_mocks/orders/{number}/returns/advance").raise_for_status()


def return_steps(page: Page) -> list[tuple[str, str]]:
    steps = page.get_by_test_id("return-step")
    expect(steps.first).to_be_visible()
    return [
        (steps.nth(i).get_by_test_id("return-step-label").inner_text(), steps.nth(i).get_attribute("data-state") or "")
        for i in range(steps.count())
    ]


def test_a_cash_order_returned_in_part_to_a_upi_id_with_its_credit_note(
    page: Page, server: Server, axe: Axe, page_guard: PageGuard
) -> None:
    page_guard.allow_failed_status.add(422)  # the UPI ID typed wrong first is refused
    page_guard.allow_console.append("status of 422")
    # The product pages say each product's own terms.
    page.goto(f"/product-details/{CUT_WIRE}")
    expect(page.get_by_test_id("return-window")).to_contain_text(
        "Cut to the length you order, so this item cannot be returned"
    )
    page.goto(f"/product-details/{SOCKET}")
    expect(page.get_by_test_id("return-window")).to_contain_text("7-day return window from delivery")

    api_login(page, server, RAMESH)
    number = place_by_api(page, {SOCKET: 3, PIPE: 1, CUT_WIRE: 1})  # to Gurugram from its own store: CGST + SGST
    page.goto(f"/orders/{number}")
    expect(page.get_by_role("heading", name="Thank you! Your order is placed", level=1)).to_be_visible()
    expect(page.get_by_role("button", name="Return items")).to_have_count(0)  # not delivered yet
    advance(server, number, 3)  # out for delivery: no cancelling, refusing at the door instead
    page.reload()
    expect(page.get_by_test_id("refuse-at-delivery")).to_contain_text("refuse it at the door: you pay nothing")
    expect(page.get_by_role("button", name="Cancel order")).to_have_count(0)
    advance(server, number)
    page.reload()
    expect(page.get_by_role("heading", name="Your order was delivered", level=1)).to_be_visible()

    page.get_by_role("button", name="Return items").click()
    form = page.get_by_test_id("return-form")
    wire = form.get_by_test_id("return-line").filter(has_text=SEED[CUT_WIRE].product_name)
    expect(wire.get_by_test_id("not-returnable")).to_have_text("Cut to length: this item cannot be returned.")
    expect(wire.get_by_role("combobox")).to_have_count(0)
    form.get_by_label(f"Quantity of {SEED[SOCKET].product_name} to return").select_option("2")
    unit = priced_line(SEED[SOCKET], 1).unit_price
    expect(form.get_by_test_id("return-total")).to_have_text(f"Refund for these items: {rupees(unit * 2)}")
    form.get_by_role("radio", name="It arrived damaged").check()
    form.get_by_role("button", name="Request return").click()
    expect(form.get_by_test_id("return-problem")).to_have_text(
        "Please add a photo that shows the damage, the fault or the wrong item."
    )
    form.get_by_test_id("return-photos").set_input_files(
        files=[{"name": "cracked.png", "mimeType": "image/png", "buffer": PNG}]
    )
    expect(form.get_by_test_id("photo-count")).to_contain_text("1 of 4 photos added.")
    form.get_by_label("Anything we should know? (optional)").fill("Two sockets arrived cracked.")
    form.get_by_role("radio", name=re.compile(r", 2 pm to 6 pm$")).first.check()
    form.get_by_label("Your UPI ID").fill("ramesh at okaxis")
    form.get_by_role("button", name="Request return").click()
    expect(form.get_by_test_id("return-problem")).to_have_text("This is not a UPI ID. It looks like name@bank.")
    form.get_by_label("Your UPI ID").fill("ramesh@okaxis")
    assert not axe_violations(axe, page)
    form.get_by_role("button", name="Request return").click()
    expect(form).to_be_hidden()

    ret = page.get_by_test_id("return")
    expect(ret.get_by_role("heading", name=f"Return {number}-R1")).to_be_visible()
    expect(ret.get_by_test_id("return-item")).to_have_text(f"2 x {SEED[SOCKET].product_name}: {rupees(unit * 2)}")
    assert return_steps(page) == [
        ("Return requested", "current"),
        ("Approved", "upcoming"),
        ("Picked up", "upcoming"),
        ("Received by us", "upcoming"),
        ("Refunded", "upcoming"),
    ]
    expect(ret.get_by_test_id("return-money")).to_contain_text(
        f"{rupees(unit * 2)} will be sent to the UPI ID ramesh@okaxis once the items reach us."
    )
    expect(ret.get_by_test_id("return-credit-note")).to_have_count(0)  # not before the items reach us
    # Still one socket and the pipe to return: the button stays.
    expect(page.get_by_role("button", name="Return items")).to_be_visible()

    desk(server, number, 3)  # approved, picked up, received: the credit note and the payout
    page.reload()
    assert [state for _, state in return_steps(page)] == ["done", "done", "done", "current", "upcoming"]
    expect(ret.get_by_test_id("return-money")).to_contain_text(
        f"{rupees(unit * 2)} is sent to the UPI ID ramesh@okaxis. It usually reaches you within 1 business day."
    )
    with page.expect_download() as download_info:
        ret.get_by_test_id("return-credit-note").click()
    download = download_info.value
    assert download.suggested_filename == f"credit-note-{number}-R1.pdf"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(download.path().read_bytes())).pages)
    returned = priced_line(SEED[SOCKET], 2)
    tax = split(returned.gst_amount, intra_state=True)  # Gurugram, from the Gurugram store
    assert "Reason: Goods returned by the buyer" in text
    assert f"CGST ₹{tax.cgst:,.2f}" in text and f"SGST ₹{tax.sgst:,.2f}" in text  # exactly the two sockets' tax
    assert f"Credit note total ₹{returned.line_total:,.2f}" in text
    assert SEED[PIPE].product_name not in text  # the pipe stays sold

    desk(server, number, 1)
    page.reload()
    assert [state for _, state in return_steps(page)] == ["done"] * 5
    assert not axe_violations(axe, page)


def test_a_credit_order_returned_lowers_what_is_owed_on_the_payment_page(page: Page, server: Server) -> None:
    api_login(page, server, SUNITA)
    number = place_by_api(page, {PIPE: 4}, "credit")
    order = page.request.get(f"/api/orders/{number}").json()
    total = Decimal(order["charges"]["total"])
    # Sunita owed nothing at login: /paynow asks the lender again and opens /payment.
    page.goto("/paynow")
    expect(page.get_by_role("radio", name=f"Total overdue {rupees(total)}")).to_be_visible()

    advance(server, number, 4)
    page.goto(f"/orders/{number}")
    page.get_by_role("button", name="Return items").click()
    form = page.get_by_test_id("return-form")
    form.get_by_label(f"Quantity of {SEED[PIPE].product_name} to return").select_option("1")
    form.get_by_role("radio", name="I no longer need it").check()
    expect(form).to_contain_text("taken off what you owe on your VoltKhata Credit")
    form.get_by_role("button", name="Request return").click()
    expect(page.get_by_test_id("return")).to_be_visible()
    desk(server, number, 3)  # received: taken off what is owed at once, so refunded
    page.reload()
    unit = priced_line(SEED[PIPE], 1).line_total
    expect(page.get_by_test_id("return-money")).to_contain_text(
        f"{rupees(unit)} is taken off what you owe on your VoltKhata Credit"
    )
    page.goto("/payment")
    expect(page.get_by_role("radio", name=f"Total overdue {rupees(total - unit)}")).to_be_visible()


def test_an_online_order_returned_in_part_is_refunded_at_the_provider_with_its_credit_note(
    page: Page, server: Server
) -> None:
    api_login(page, server, RAMESH)
    order = place_online(page, {SOCKET: 2, PIPE: 1})  # to Gurugram from its own store: CGST + SGST
    number = order["orderNumber"]
    session = order["payment"]["paymentSessionId"]
    server.http.post(f"/_mocks/payments/checkout/{session}/pay", json={"outcome": "success"}).raise_for_status()
    advance(server, number, 4)
    page.goto(f"/orders/{number}")
    page.get_by_role("button", name="Return items").click()
    form = page.get_by_test_id("return-form")
    form.get_by_label(f"Quantity of {SEED[SOCKET].product_name} to return").select_option("1")
    form.get_by_role("radio", name="I no longer need it").check()
    form.get_by_role("radio", name=re.compile(r", 2 pm to 6 pm$")).first.check()
    expect(form).to_contain_text("The refund goes back to the card or UPI you paid with, once the items reach us.")
    form.get_by_role("button", name="Request return").click()
    ret = page.get_by_test_id("return")
    returned = priced_line(SEED[SOCKET], 1)
    expect(ret.get_by_test_id("return-money")).to_contain_text(
        f"{rupees(returned.line_total)} will be refunded to the card or UPI you paid with once the items reach us."
    )

    desk(server, number, 3)  # received: the credit note, and the refund asked of the provider
    page.reload()
    expect(ret.get_by_test_id("return-money")).to_contain_text(
        f"{rupees(returned.line_total)} is refunded to the card or UPI you paid with."
    )
    provider = server.http.get(
        f"/_mocks/payments/pg/orders/{order['payment']['providerOrderId']}/refunds", headers=PROVIDER
    )
    provider.raise_for_status()
    assert [(r["refund_id"], Decimal(str(r["refund_amount"]))) for r in provider.json()] == [
        (f"{number}-R1-refund", returned.line_total)
    ]
    answer = page.request.get(f"/api/orders/{number}/returns/{number}-R1/credit-note")
    assert answer.ok, answer.status
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.body())).pages)
    assert f"CGST ₹{split(returned.gst_amount, intra_state=True).cgst:,.2f}" in text  # one socket's tax
    assert f"Credit note total ₹{returned.line_total:,.2f}" in text
