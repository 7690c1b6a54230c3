"""Storefront e2e after the order: /orders, the order's timeline as QA moves it (also without a
reload), cancelling with the refund timeline, the GST invoice and the credit note of an order
cancelled after it (their text read back with pypdf), 'Buy again', nobody else's orders, the
header in one row on a phone, and the same screens in the native app's web view. Desktop and a
360 px phone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import PageGuard, Server, axe_violations, run_out_toasts
from tests.e2e.store_steps import (
    RAMESH,
    SEED,
    SUNITA,
    advance,
    api_login,
    expected,
    fill_cart,
    login_on_screens,
    new_address,
    pincode_settled,
    place_by_api,
    refreshed_to,
    rupees,
    to_checkout,
    xsrf,
)
from tests.e2e.test_store_webview import WEBVIEW_STUB, app_login
from upstream_mocks.orders.gst import split
from upstream_mocks.orders.pricing import priced_line

# The registration of the store that ships (upstream_mocks/orders/seller.py): a one-hour area's dark
# store (Gurugram's in Haryana), else the Bengaluru warehouse.
SUPPLIER_GSTINS = {"122103": "06AAJCV4821K1Z2", "560103": "29AAJCV4821K1ZU", "141001": "29AAJCV4821K1ZU"}
# A buyer's GSTIN in the delivery pin code's state (the gateway refuses one of another state).
BUYER_GSTINS = {"122103": "06AAACR5055K1ZB", "560103": "29AAPFU0939F1ZR", "141001": "03AAACR5055K1ZH"}
LOW_STOCK = 38  # 3 in stock: an order of all 3 leaves none for 'Buy again'


def priced_lines(lines: dict[int, int]) -> list[Any]:
    return [priced_line(SEED[pid], qty) for pid, qty in lines.items()]


def fits_the_screen(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def clean(axe: Axe, page: Page) -> None:
    assert not (report := axe_violations(axe, page)), report
    fits_the_screen(page)


def steps(page: Page) -> list[tuple[str, str]]:
    """The timeline as (label, state) pairs, oldest first."""
    items = page.get_by_test_id("timeline-step")
    expect(items.first).to_be_visible()
    return [
        (item.get_by_test_id("step-label").inner_text(), item.get_attribute("data-state") or "") for item in items.all()
    ]


def current_step(page: Page) -> str:
    current = page.locator('[data-testid="timeline-step"][aria-current="step"]')
    expect(current).to_have_count(1)
    return current.get_by_test_id("step-label").inner_text()


@pytest.mark.parametrize(
    ("fixture", "pincode", "intra_state"),
    # Ludhiana (Punjab) by courier from Bengaluru: IGST; Bengaluru from its own store: CGST+SGST.
    [("page", "141001", False), ("phone_page", "560103", True)],
)
def test_place_follow_invoice_and_buy_again(
    request: pytest.FixtureRequest, server: Server, axe: Axe, fixture: str, pincode: str, intra_state: bool
) -> None:
    page: Page = request.getfixturevalue(fixture)
    lines = {1: 2, LOW_STOCK: 3}
    figures = expected(lines)
    assert figures.convenience_fee == 0  # above Rs. 1,199: no fees, so the invoice's GST is the order's

    # Place an order in the browser, with a GSTIN for a business invoice.
    api_login(page, server, RAMESH)
    fill_cart(page, lines)
    to_checkout(page, "Cash on delivery")
    new_address(page, pincode, name="Ramesh Kumar", mobile=RAMESH)
    pincode_settled(page)
    page.get_by_role("checkbox", name="Use a GSTIN for a business invoice").check()
    buyer_gstin = BUYER_GSTINS[pincode]
    # Typed as on a letterhead: the gateway keeps and prints it in its canonical form.
    page.get_by_label("GSTIN", exact=True).fill(f"{buyer_gstin[:2]}-{buyer_gstin[2:7].lower()} {buyer_gstin[7:]}")
    page.get_by_label("Legal name of the business").fill("Kumar Electricals")
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(figures.total))
    page.get_by_role("button", name="Place order", exact=True).click()
    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))
    number = page.get_by_test_id("order-number").inner_text()

    # It is in /orders, reached from the header.
    page.get_by_role("link", name="My orders").first.click()
    expect(page).to_have_url(re.compile(r"/orders$"))
    expect(page.get_by_role("heading", name="My orders", level=1)).to_be_visible()
    row = page.get_by_test_id("order-row").filter(has_text=number)
    expect(row.get_by_test_id("order-status")).to_have_text("Order placed")
    expect(row.get_by_test_id("order-row-total")).to_have_text(rupees(figures.total))
    expect(row.get_by_test_id("order-payment")).to_have_text("Pay on delivery")
    expect(row.get_by_test_id("order-date")).to_have_text(re.compile(r"^\d{1,2} [A-Z][a-z]{2} \d{4}$"))
    clean(axe, page)

    # Its page: the timeline starts at 'Order placed', the lines carry their HSN code and GST rate.
    row.get_by_role("link", name=f"Order {number}").click()
    expect(page).to_have_url(re.compile(rf"/orders/{number}$"))
    assert steps(page) == [
        ("Order placed", "current"),
        ("Packed", "upcoming"),
        ("Shipped", "upcoming"),
        ("Out for delivery", "upcoming"),
        ("Delivered", "upcoming"),
    ]
    assert current_step(page) == "Order placed"
    expect(page.get_by_test_id("order-line").filter(has_text=SEED[1].product_name)).to_contain_text("HSN 3917")
    expect(page.get_by_test_id("order-line").filter(has_text=SEED[LOW_STOCK].product_name)).to_contain_text("GST 18%")
    expect(page.get_by_test_id("order-business")).to_have_text(f"Kumar Electricals (GSTIN {buyer_gstin})")
    expect(page.get_by_role("button", name="Cancel order")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("^Download invoice"))).to_have_count(0)  # not shipped yet
    clean(axe, page)

    # QA moves it along; each reload shows the timeline where the order is.
    advance(server, number)
    page.reload()
    assert current_step(page) == "Packed"
    advance(server, number)
    page.reload()
    assert current_step(page) == "Shipped"
    expect(page.get_by_role("heading", name="Your order has shipped", level=1)).to_be_visible()
    advance(server, number, 2)
    page.reload()
    expect(page.get_by_role("heading", name="Your order was delivered", level=1)).to_be_visible()
    assert [state for _, state in steps(page)] == ["done"] * 5
    expect(page.get_by_test_id("order-status").first).to_have_text("Delivered")
    expect(page.get_by_role("button", name="Cancel order")).to_have_count(0)  # not after delivery
    clean(axe, page)

    # The invoice: a real download of the gateway's PDF, with the GSTINs, the tax split and the total.
    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("^Download invoice")).click()
    download = download_info.value
    assert download.suggested_filename == f"invoice-{number}.pdf"
    text = PdfReader(Path(download.path())).pages[0].extract_text()
    assert f"GSTIN: {SUPPLIER_GSTINS[pincode]}" in text and f"GSTIN: {buyer_gstin}" in text
    total = f"{figures.total:,.2f}"  # lakh grouping only from Rs. 1,00,000: this is thousands
    assert f"Invoice total ₹{total}" in text
    # Each row's GST split as the invoice states (docs/decisions/one-tax-rule.md), summed.
    rows = [split(line.gst_amount, intra_state=intra_state) for line in priced_lines(lines)]
    if intra_state:
        cgst, sgst = sum(r.cgst for r in rows), sum(r.sgst for r in rows)
        assert cgst + sgst == figures.gst_total
        assert "IGST" not in text
        assert f"CGST ₹{cgst:,.2f}" in text and f"SGST ₹{sgst:,.2f}" in text
    else:
        assert sum(r.igst for r in rows) == figures.gst_total
        assert "CGST" not in text and f"IGST ₹{figures.gst_total:,.2f}" in text
    assert "Amount in words: Rupees" in text

    # The delivered mail carried the same invoice, through the mail upstream.
    outbox = server.http.get("/_mocks/mail/outbox").json()
    delivered = [m for m in outbox if m.get("orderNumber") == number and m.get("status") == "delivered"]
    assert delivered and delivered[0]["attachment"] == f"invoice-{number}.pdf", outbox

    # Buy again: the in-stock line goes back in the cart, the sold-out one is named.
    page.get_by_role("button", name="Buy again").click()
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))
    skipped = re.escape(SEED[LOW_STOCK].product_name)
    # Said on the cart itself, where it stays (not only in a toast that closes).
    expect(page.get_by_test_id("cart-notice")).to_contain_text(re.compile(f"Out of stock, not added: {skipped}"))
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    expect(page.get_by_test_id("cart-line")).to_contain_text(SEED[1].product_name)


@pytest.mark.parametrize("fixture", ["page", "phone_page"])
def test_cancel_while_packed_shows_the_refund_timeline(
    request: pytest.FixtureRequest, server: Server, axe: Axe, fixture: str
) -> None:
    page: Page = request.getfixturevalue(fixture)
    lines = {4: 1}
    figures = expected(lines)
    api_login(page, server, RAMESH)
    fill_cart(page, lines)
    to_checkout(page, "Online (UPI, Credit, Debit Cards)")
    page.get_by_role("button", name="Place order and pay").click()
    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))
    page.frame_locator('iframe[title="Payment checkout"]').get_by_role(
        "button", name=f"Pay {rupees(figures.total)}"
    ).click()
    expect(page.get_by_test_id("payment-state")).to_have_text(f"Paid online: {rupees(figures.total)}")
    number = page.get_by_test_id("order-number").inner_text()

    advance(server, number)
    page.reload()
    assert current_step(page) == "Packed"
    page.get_by_role("button", name="Cancel order").click()
    dialog = page.get_by_role("dialog", name="Cancel this order?")
    expect(dialog).to_contain_text(f"{rupees(figures.total)} will be refunded to the card or UPI account")
    expect(dialog).to_contain_text("2 to 4 business days")
    clean(axe, page)
    dialog.get_by_role("radio", name="I ordered it by mistake").check()
    # Marks the page once the cancellation's toast is there, however briefly.
    page.evaluate(
        """() => new MutationObserver(() => {
            if (document.querySelector('.Toastify__toast')) document.documentElement.dataset.toastSeen = '1';
        }).observe(document.body, { childList: true, subtree: true })"""
    )
    dialog.get_by_role("button", name="Yes, cancel order").click()
    expect(dialog).to_be_hidden()

    # The provider gave the money back at once (the mock's bank settles at once): the page says so
    # in the desk's words, with no date to wait for (issue 53).
    refund = page.get_by_test_id("refund")
    expect(refund.get_by_role("heading", name="Refund given back")).to_be_visible()
    expect(refund).to_contain_text(f"{rupees(figures.total)} has been given back to the card or UPI you paid with.")
    expect(refund.get_by_test_id("refund-amount")).to_have_text(rupees(figures.total))
    expect(refund.get_by_test_id("refund-timeline")).to_have_text("done")
    expect(refund.get_by_test_id("refund-expected")).to_have_count(0)
    expect(page.get_by_role("heading", name="Your order is cancelled", level=1)).to_be_visible()
    assert [label for label, _ in steps(page)] == ["Order placed", "Packed", "Cancelled"]
    assert current_step(page) == "Cancelled"
    expect(page.get_by_role("button", name="Cancel order")).to_have_count(0)
    # The page as the shopper is left reading it, once the cancellation's toast has come and gone
    # (toasts have their own axe check in test_store_quick_commerce).
    expect(page.locator("html[data-toast-seen]")).to_be_attached()
    run_out_toasts(page)
    expect(page.locator(".Toastify__toast")).to_have_count(0, timeout=10_000)
    clean(axe, page)

    page.goto("/orders")
    row = page.get_by_test_id("order-row").filter(has_text=number)
    expect(row.get_by_test_id("order-status")).to_have_text("Cancelled")
    # The row says where the refund stands as the order's page does: given back (issue 53).
    expect(row.get_by_test_id("order-payment")).to_have_text("Refund given back")


def test_orders_page_after_login_pages_and_the_empty_state(page: Page, server: Server, axe: Axe) -> None:
    newcomer = "9000012345"  # a new store user: no orders yet
    page.goto("/orders")
    login_on_screens(page, server, newcomer)
    expect(page).to_have_url(re.compile(r"/orders$"))  # back where the login was asked for
    expect(page.get_by_text("You have not ordered anything yet.")).to_be_visible()
    clean(axe, page)
    page.get_by_role("link", name="Go to Store").click()
    expect(page).to_have_url(re.compile(r"/product-home$"))


def test_newest_first_ten_at_a_time_with_load_more(page: Page, server: Server) -> None:
    api_login(page, server, SUNITA)
    numbers = [place_by_api(page, {2: 1}) for _ in range(11)]
    page.goto("/orders")
    rows = page.get_by_test_id("order-row")
    expect(rows).to_have_count(10)
    expect(page.get_by_text("Showing 10 of 11 orders")).to_be_visible()
    expect(rows.first).to_contain_text(numbers[-1])  # newest first
    page.get_by_role("button", name="Load more").click()
    expect(rows).to_have_count(11)
    expect(rows.last).to_contain_text(numbers[0])
    expect(page.get_by_role("button", name="Load more")).to_have_count(0)


def test_another_shoppers_order_is_not_found(page: Page, server: Server, page_guard: PageGuard) -> None:
    page_guard.allow_console.append("404 (Not Found)")  # the answer the page shows
    api_login(page, server, RAMESH)
    theirs = place_by_api(page, {1: 1})
    api_login(page, server, SUNITA)
    with page.expect_response(f"**/api/orders/{theirs}") as answer:
        page.goto(f"/orders/{theirs}")
    assert answer.value.status == 404
    expect(page.get_by_role("heading", name="Order not found", level=1)).to_be_visible()
    expect(page.get_by_text("Ramesh")).to_have_count(0)
    expect(page.get_by_test_id("order-number")).to_have_count(0)


def test_the_orders_screens_in_the_web_view_keep_the_store_layout(page: Page, server: Server) -> None:
    user_id, token = app_login(server)
    page.add_init_script(WEBVIEW_STUB)
    page.goto("/products")
    expect(page.get_by_role("link", name="Login")).to_be_visible()  # the page listens for the app now
    page.evaluate(
        "([userId, token]) => window.postMessage(JSON.stringify({type: 'userDataFromNative',"
        " data: {userId, token, verified: true}}), '*')",
        [user_id, token],
    )
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    number = place_by_api(page, {1: 2})

    page.get_by_role("link", name="My orders").click()
    expect(page.get_by_role("heading", name="My orders", level=1)).to_be_visible()
    # The store's own wrapper: no site header, navigation or footer around it.
    expect(page.locator("main.store-shell")).to_have_count(1)
    expect(page.get_by_role("contentinfo")).to_have_count(0)
    expect(page.get_by_role("navigation")).to_have_count(0)
    page.get_by_role("link", name=f"Order {number}").click()
    expect(page.get_by_test_id("order-timeline")).to_be_visible()
    expect(page.locator("main.store-shell")).to_have_count(1)
    expect(page.get_by_role("contentinfo")).to_have_count(0)
    # Nothing was posted to the app on the way: the bridge is only for the cart and the payment.
    assert page.evaluate("window.__posted.length") == 0

    # 'Buy again' tells the app of each line it put back, with the cart's quantity, as an add does:
    # the app's own cart badge follows.
    page.get_by_role("button", name="Buy again").click()
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))
    posted = [json.loads(message) for message in page.evaluate("window.__posted")]
    assert [(m["type"], m["item"]["productId"], m["item"]["quantity"]) for m in posted] == [("ADD_TO_CART", 1, 2)]


def test_an_order_cancelled_after_shipping_offers_its_invoice_and_a_credit_note(page: Page, server: Server) -> None:
    lines = {1: 2, 4: 2}
    figures = expected(lines)
    assert figures.convenience_fee == 0  # above Rs. 1,199: no fees, so the documents' GST is the order's
    api_login(page, server, RAMESH)
    number = place_by_api(page, lines)  # to Gurugram, from the Gurugram store: CGST + SGST
    advance(server, number, 2)  # shipped: the tax invoice is issued
    page.goto(f"/orders/{number}")
    expect(page.get_by_role("heading", name="Your order has shipped", level=1)).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("^Download invoice"))).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("^Download credit note"))).to_have_count(0)
    invoice = page.get_by_text(re.compile(r"^Tax invoice VKI/")).inner_text().removeprefix("Tax invoice ")

    page.get_by_role("button", name="Cancel order").click()
    page.get_by_role("dialog", name="Cancel this order?").get_by_role(
        "radio", name="I found it cheaper elsewhere"
    ).check()
    page.get_by_role("dialog", name="Cancel this order?").get_by_role("button", name="Yes, cancel order").click()
    expect(page.get_by_role("heading", name="Your order is cancelled", level=1)).to_be_visible()
    # The invoice stays (GST never withdraws one); the credit note answers it.
    expect(page.get_by_role("link", name=re.compile("^Download invoice"))).to_be_visible()
    expect(page.get_by_test_id("credit-note")).to_contain_text(f"against invoice {invoice}: Order cancelled")

    with page.expect_download() as download_info:
        page.get_by_role("link", name=re.compile("^Download credit note")).click()
    download = download_info.value
    assert download.suggested_filename == f"credit-note-{number}.pdf"
    text = PdfReader(Path(download.path())).pages[0].extract_text()
    assert "Credit Note" in text and re.search(r"Credit note number: VKC/\d{2}-\d{2}/\d{6}", text)
    assert f"Against tax invoice: {invoice}" in text and "Reason: Order cancelled" in text
    assert f"GSTIN: {SUPPLIER_GSTINS['122103']}" in text
    # The invoice's rows and tax split, credited: CGST + SGST within Haryana, the whole order's GST.
    rows = [split(line.gst_amount, intra_state=True) for line in priced_lines(lines)]
    assert "IGST" not in text and f"CGST ₹{sum(r.cgst for r in rows):,.2f}" in text
    assert sum(r.cgst + r.sgst for r in rows) == figures.gst_total
    assert f"Credit note total ₹{figures.total:,.2f}" in text

    # Cancelled before it shipped: no invoice was issued, so there is nothing to credit.
    early = place_by_api(page, {2: 1})
    assert page.request.post(f"/api/orders/{early}/cancel", headers=xsrf(page)).ok
    page.goto(f"/orders/{early}")
    expect(page.get_by_role("heading", name="Your order is cancelled", level=1)).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("^Download invoice"))).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("^Download credit note"))).to_have_count(0)


def test_the_order_page_follows_the_order_without_a_reload(page: Page, server: Server) -> None:
    # The page's clock is the test's: 16 s pass at once instead of being waited for.
    page.clock.install()
    api_login(page, server, RAMESH)
    number = place_by_api(page, {2: 1})
    page.goto(f"/orders/{number}")
    assert current_step(page) == "Order placed"
    for label in ("Packed", "Shipped", "Out for delivery"):
        advance(server, number)
        refreshed_to(page, page.locator('[data-testid="timeline-step"][aria-current="step"]'), label)
    expect(page.get_by_role("heading", name="Your order is out for delivery", level=1)).to_be_visible()
    advance(server, number)
    refreshed_to(page, page.get_by_role("heading", level=1), "Your order was delivered")
    assert [state for _, state in steps(page)] == ["done"] * 5


def test_the_store_header_stays_one_row_on_a_phone(phone_page: Page, server: Server) -> None:
    page = phone_page
    screen_width = page.viewport_size["width"] if page.viewport_size else 0
    api_login(page, server, RAMESH)
    number = place_by_api(page, {2: 1})
    fill_cart(page, {1: 12})  # a two-digit count in the badge
    for path in ["/product-home", "/products", "/orders", f"/orders/{number}"]:
        page.goto(path)
        header = page.get_by_test_id("store-header")
        items = [
            header.get_by_role("link", name=re.compile("store home$")),
            header.get_by_role("link", name="My orders"),
            header.get_by_role("button", name="Log out"),
            header.get_by_role("link", name="Cart, 12 items"),
        ]
        boxes = []
        for item in items:
            expect(item).to_be_visible()
            box = item.bounding_box()
            assert box is not None
            boxes.append(box)
        top = min(b["y"] for b in boxes)
        bottom = max(b["y"] + b["height"] for b in boxes)
        assert bottom - top <= 48, f"{path}: the header's items take {bottom - top}px, more than one row"
        assert all(b["x"] + b["width"] <= screen_width for b in boxes), path
        assert header.get_by_test_id("cart-count").inner_text() == "12"
        # The logo is never cut short ("VoltK…"): its name shows whole or, this narrow, not at all.
        cut = header.get_by_role("link", name=re.compile("store home$")).evaluate(
            "link => [...link.querySelectorAll('span')].some(s => s.offsetWidth > 0 && s.scrollWidth > s.offsetWidth)"
        )
        assert not cut, f"{path}: the logo's name is cut short"
        if path.startswith("/orders/"):
            # The order's cards start where the header's logo does, not indented past it.
            card = page.locator(".card").first.bounding_box()
            assert card is not None and abs(card["x"] - boxes[0]["x"]) <= 1, (card, boxes[0])
        if path != "/orders":  # /orders adds its Back link under the row
            height = header.bounding_box()
            # One row of items and the 'Deliver to' bar under it.
            assert height is not None and height["height"] <= 120, f"{path}: header {height['height']}px tall"
        fits_the_screen(page)


def test_an_order_returned_after_three_failed_deliveries(page: Page, server: Server) -> None:
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 2, 4: 2})  # cash on delivery
    advance(server, number, 3)  # packed, shipped, out for delivery: the tax invoice is issued on shipping
    for _ in range(2):  # the courier fails, takes it back, and goes out again
        advance(server, number, step="deliveryFailed")
        advance(server, number)
    page.goto(f"/orders/{number}")
    expect(page.get_by_role("heading", name="Your order is out for delivery", level=1)).to_be_visible()
    expect(page.get_by_test_id("order-timeline")).to_contain_text("Delivery attempt 2 of 3 failed")
    expect(page.get_by_role("button", name="Cancel order")).to_have_count(0)  # not once it is out

    advance(server, number, step="deliveryFailed")  # the third: the goods go back to the seller
    page.reload()
    expect(page.get_by_role("heading", name="Your order went back to the seller", level=1)).to_be_visible()
    current = page.locator('[data-testid="timeline-step"][aria-current="step"]')
    expect(current).to_contain_text("Returned to seller")
    expect(current).to_contain_text("Delivery attempt 3 of 3 failed; the order went back to the seller")
    # Paid on delivery, never delivered: nothing was paid, so nothing is refunded.
    expect(page.get_by_test_id("refund")).to_contain_text("Nothing to refund")
    # The invoice stays and a credit note answers it; the order can be bought again.
    expect(page.get_by_role("link", name=re.compile("^Download invoice"))).to_be_visible()
    expect(page.get_by_test_id("credit-note")).to_contain_text("Goods returned to the seller after failed deliveries")
    expect(page.get_by_role("button", name="Buy again")).to_be_visible()
    # The orders list says so too.
    page.goto("/orders")
    expect(page.get_by_text(number).locator("xpath=ancestor::li[1]")).to_contain_text("Returned to seller")
