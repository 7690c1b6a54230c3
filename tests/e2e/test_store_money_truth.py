"""Storefront e2e, issue 33's money half: one truth for fees, tax and stock on every screen.

The cart's fees are the checkout quote's and the tax invoice's (the PDF read back with pypdf);
the GST on the checkout and the order page is the invoice's to the paisa, with and without fees,
within the shipping store's state (CGST + SGST: Gurugram from its Haryana store, issue 53) and
across states (IGST), the fees' rows exact to the paisa (79.00: 66.95 + 12.05); an out-of-stock product
cannot enter the cart by any button; a stock shortfall found at checkout is told with its fix.
Desktop and a 360 px phone. Expected figures come from the orders mock's own pricing.
"""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.store_steps import (
    RAMESH,
    SEED,
    SUNITA,
    advance,
    api_login,
    fill_cart,
    new_address,
    pincode_settled,
    place_by_api,
    rupees,
    to_checkout,
    xsrf,
)
from upstream_mocks.orders.pricing import FEE_THRESHOLD, charges, priced_line

# Bengaluru and Gurugram are shipped by their own dark stores (Karnataka, Haryana: CGST + SGST);
# Ludhiana (Punjab) by courier from the Bengaluru warehouse (IGST).
WITHIN, GURUGRAM, ACROSS = "560103", "122103", "141001"
BUYER_GSTINS = {GURUGRAM: "06AAACR5055K1ZB", WITHIN: "29AAPFU0939F1ZR", ACROSS: "03AAACR5055K1ZH"}
SUPPLIER_GSTINS = {GURUGRAM: "06AAJCV4821K1Z2", WITHIN: "29AAJCV4821K1ZU", ACROSS: "29AAJCV4821K1ZU"}
WITH_FEES = {1: 1, 13: 3}  # far under Rs. 1,199: convenience and platform fees
NO_FEES = {4: 2, 2: 3}  # FR house wire: above Rs. 1,199
SOLD_OUT = 23  # the seed's stock 0
LOW_STOCK = 38  # the seed's stock 3


def pdf_rupees(amount: object) -> str:
    return f"₹{amount:,.2f}"


def invoice_text(page: Page, number: str) -> str:
    answer = page.request.get(f"/api/orders/{number}/invoice")
    assert answer.ok, answer.text()
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(answer.body())).pages)


def shown(page: Page, prefix: str, keys: tuple[str, ...]) -> dict[str, str]:
    return {key: page.get_by_test_id(f"{prefix}-{key}").inner_text() for key in keys}


CASES = [
    pytest.param("page", GURUGRAM, WITH_FEES, id="desktop-gurugram-fees"),
    pytest.param("page", WITHIN, WITH_FEES, id="desktop-within-fees"),
    pytest.param("page", ACROSS, NO_FEES, id="desktop-across-no-fees"),
    pytest.param("page", WITHIN, NO_FEES, id="desktop-within-no-fees"),
    pytest.param("page", ACROSS, WITH_FEES, id="desktop-across-fees"),
    pytest.param("phone_page", GURUGRAM, WITH_FEES, id="phone-gurugram-fees"),
    pytest.param("phone_page", ACROSS, NO_FEES, id="phone-across-no-fees"),
]


def test_the_terms_state_the_fees_the_cart_charges(server: Server, page: Page) -> None:
    api_login(page, server, RAMESH)
    fill_cart(page, WITH_FEES)
    page.goto("/shopping-cart")
    cart = shown(page, "cart", ("convenience-fee", "platform-fee"))
    hint = page.get_by_test_id("cart-fee-hint").inner_text()
    threshold = re.search(r"none on orders of (₹[\d,]+)\.00 or more", hint)
    assert threshold, hint
    page.goto("/terms-and-conditions")
    row = page.get_by_role("row", name=re.compile("^Orders below"))
    # The terms write whole rupees: ₹79 where the cart shows ₹79.00.
    convenience, platform = (cart[fee].removesuffix(".00") for fee in ("convenience-fee", "platform-fee"))
    expect(row).to_have_text(f"Orders below {threshold[1]}{convenience}{platform}")


@pytest.mark.parametrize(("fixture", "pincode", "lines"), CASES)
def test_the_carts_fees_and_the_gst_on_screen_are_the_quotes_and_the_invoices(
    request: pytest.FixtureRequest, server: Server, fixture: str, pincode: str, lines: dict[int, int]
) -> None:
    page: Page = request.getfixturevalue(fixture)
    intra = pincode != ACROSS
    figures = charges([priced_line(SEED[pid], qty) for pid, qty in lines.items()], intra)
    fees = figures.subtotal < FEE_THRESHOLD
    api_login(page, server, RAMESH)
    fill_cart(page, lines)

    # The cart: every fee charged, what removes them, the GST and the total, before any address.
    page.goto("/shopping-cart")
    expect(page.get_by_test_id("cart-total")).to_have_text(rupees(figures.total))
    cart = shown(page, "cart", ("subtotal", "gst", "total"))
    if fees:
        cart |= shown(page, "cart", ("convenience-fee", "platform-fee"))
        assert (cart["convenience-fee"], cart["platform-fee"]) == ("₹79.00", "₹20.00")
        more = rupees(FEE_THRESHOLD - figures.subtotal)
        expect(page.get_by_test_id("cart-fee-hint")).to_have_text(
            f"Add {more} more for no convenience or platform fee (none on orders of ₹1,199.00 or more)."
        )
    else:
        expect(page.get_by_test_id("cart-convenience-fee")).to_have_count(0)
        expect(page.get_by_test_id("cart-platform-fee")).to_have_count(0)
    assert cart["gst"] == rupees(figures.gst_total)

    # The checkout's quote, for a buyer with a GSTIN: the same figures, the GST split, and without GST.
    to_checkout(page, "Cash on delivery")
    new_address(page, pincode, name="Ramesh Kumar", mobile=RAMESH)
    pincode_settled(page)
    page.get_by_role("checkbox", name="Use a GSTIN for a business invoice").check()
    page.get_by_label("GSTIN", exact=True).fill(BUYER_GSTINS[pincode])
    page.get_by_label("Legal name of the business").fill("Kumar Electricals")
    expect(page.get_by_test_id("summary-taxable")).to_have_text(rupees(figures.taxable_total))
    summary = shown(page, "summary", tuple(cart))
    assert summary == cart, (summary, cart)
    split = ("cgst", "sgst") if intra else ("igst",)
    taxes = shown(page, "summary", split)
    if intra:
        assert (taxes["cgst"], taxes["sgst"]) == (rupees(figures.cgst), rupees(figures.sgst))
        expect(page.get_by_test_id("summary-igst")).to_have_count(0)
    else:
        assert taxes["igst"] == rupees(figures.gst_total)
        expect(page.get_by_test_id("summary-cgst")).to_have_count(0)
    expect(page.get_by_test_id("summary-line-taxable")).to_have_count(len(lines))

    page.get_by_role("button", name="Place order", exact=True).click()
    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))
    number = page.get_by_test_id("order-number").inner_text()
    advance(server, number, 2)  # shipped: the tax invoice is issued
    page.reload()
    expect(page.get_by_role("link", name=re.compile("^Download invoice"))).to_be_visible()
    on_order_page = shown(page, "order", (*summary.keys(), *split, "taxable"))
    assert on_order_page == summary | taxes | {"taxable": rupees(figures.taxable_total)}

    # The tax invoice: its GST, split and total are the screens', to the paisa; the fees are its rows.
    text = invoice_text(page, number)
    assert f"Invoice total {pdf_rupees(figures.total)}" in text
    assert f"Taxable value {pdf_rupees(figures.taxable_total)}" in text
    # The supplier is the registration of the store that ships; the place of supply the buyer's state.
    assert f"GSTIN: {SUPPLIER_GSTINS[pincode]}" in text
    if intra:
        assert f"CGST {pdf_rupees(figures.cgst)}" in text and f"SGST {pdf_rupees(figures.sgst)}" in text
        assert "IGST" not in text
    else:
        assert f"IGST {pdf_rupees(figures.gst_total)}" in text and "CGST" not in text
    assert ("Convenience fee" in text and "Platform fee" in text) is fees
    if fees:  # 79 x 18/118 = 12.0508: GST 12.05 on taxable 66.95; 20: 3.05 on 16.95, to the paisa
        tax = r"6\.03\s+6\.02" if intra else r"12\.05"
        assert re.search(rf"Convenience fee\s+9985\s+1\s+79\.00\s+66\.95\s+18%\s+{tax}\s+79\.00", text), text
        tax = r"1\.53\s+1\.52" if intra else r"3\.05"
        assert re.search(rf"Platform fee\s+9985\s+1\s+20\.00\s+16\.95\s+18%\s+{tax}\s+20\.00", text), text


@pytest.mark.parametrize("fixture", ["page", "phone_page"])
def test_an_out_of_stock_product_cannot_enter_the_cart_by_any_button(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page: Page = request.getfixturevalue(fixture)
    api_login(page, server, RAMESH)
    sold_out, low = SEED[SOLD_OUT], SEED[LOW_STOCK]

    # Its card in the list: "Out of stock", and neither button can be pressed.
    page.goto(f"/products?search={sold_out.product_name}")
    card = page.get_by_test_id("product-card").filter(has_text=sold_out.product_name)
    expect(card.get_by_role("button", name="Out of stock")).to_be_disabled()
    expect(card.get_by_role("button", name="Buy Now")).to_be_disabled()
    expect(card.get_by_role("button", name="Add to cart")).to_have_count(0)

    # Its page: the same.
    page.goto(f"/product-details/{SOLD_OUT}")
    expect(page.get_by_role("heading", name=sold_out.product_name, level=1)).to_be_visible()
    expect(page.get_by_role("button", name="Out of stock")).to_be_disabled()
    expect(page.get_by_role("button", name="Buy Now")).to_be_disabled()

    # Nor past the screens: the gateway refuses it, in the orders service's words.
    for call in (
        lambda: page.request.post(f"/api/store/cart/items/{SOLD_OUT}/increment", headers=xsrf(page)),
        lambda: page.request.put(f"/api/store/cart/items/{SOLD_OUT}", data={"quantity": 1}, headers=xsrf(page)),
    ):
        refused = call()
        assert (
            refused.status == 409 and refused.json()["error"]["message"] == f"{sold_out.product_name} is out of stock."
        )

    # A product with 3 left: plus stops at 3 and says so.
    page.goto(f"/product-details/{LOW_STOCK}")
    page.get_by_role("button", name="Add to cart").click()
    plus = page.get_by_role("button", name=f"Increase quantity of {low.product_name}")
    for quantity in (2, 3):
        expect(plus).to_be_enabled()
        plus.click()
        expect(page.get_by_role("group", name=f"Quantity of {low.product_name}")).to_contain_text(str(quantity))
    expect(plus).to_be_disabled()
    expect(page.get_by_role("status").filter(has_text="Only 3 left").first).to_be_visible()
    # The off button says why, and three adds of one product made one toast, not three.
    expect(plus).to_have_accessible_description("Only 3 left")
    expect(page.get_by_role("alert").filter(has_text=f"{low.product_name} added to cart!")).to_have_count(1)

    cart = page.request.get("/api/store/cart").json()
    assert [(line["productId"], line["quantity"]) for line in cart["items"]] == [(LOW_STOCK, 3)]


@pytest.mark.parametrize("fixture", ["page", "phone_page"])
def test_stock_that_fell_since_the_cart_is_told_at_checkout_with_the_fix(
    request: pytest.FixtureRequest, server: Server, browser: Browser, page_guard: PageGuard, fixture: str
) -> None:
    page_guard.allow_console.append("409 (Conflict)")  # the quote's stock refusal is an answer the page shows
    page: Page = request.getfixturevalue(fixture)
    low = SEED[LOW_STOCK]
    api_login(page, server, RAMESH)
    fill_cart(page, {LOW_STOCK: 3})

    to_checkout(page, "Cash on delivery")  # the cart let 3 through: all 3 were there

    # Meanwhile another shopper buys 2 of the 3: an open order holds them.
    other = browser.new_context(base_url=server.url, locale="en-IN")
    try:
        buyer = other.new_page()
        api_login(buyer, server, SUNITA)
        place_by_api(buyer, {LOW_STOCK: 2})
    finally:
        other.close()

    new_address(page, GURUGRAM, name="Ramesh Kumar", mobile=RAMESH)

    pincode_settled(page)
    problem = page.get_by_test_id("summary-stock")
    expect(problem).to_contain_text(f"Only 1 of {low.product_name} available; you asked for 3.")
    expect(problem).to_contain_text(f"{low.product_name}: only 1 left.")
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_disabled()
    problem.get_by_role("button", name="Change to 1").click()

    one = charges([priced_line(low, 1)], False)
    expect(page.get_by_test_id("summary-total")).to_have_text(rupees(one.total))
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_enabled()
    page.get_by_role("button", name="Place order", exact=True).click()
    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))
    expect(page.get_by_test_id("order-total")).to_have_text(rupees(one.total))
