"""Storefront e2e: the login modal on add, the cart count, detail quantity, cart totals, empty cart."""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server, storage_secrets
from upstream_mocks.catalogue.seed import products

STORE_USER = "9876543210"
SEED = {p.id: p for p in products()}


def rupees(value: Decimal) -> str:
    """As the app shows amounts: 2 decimals, Indian grouping (₹1,25,000.00)."""
    whole, paise = f"{value.quantize(Decimal('0.01'), rounding=ROUND_HALF_UP):.2f}".split(".")
    head, tail = whole[:-3], whole[-3:]
    groups = []
    while head:
        groups.insert(0, head[-2:])
        head = head[:-2]
    return f"₹{','.join([*groups, tail])}.{paise}"


def cards(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_test_id("product-card")


def login_in_modal(page: Page, server: Server) -> None:
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_role("heading", name="Login", level=1)).to_be_visible()
    dialog.get_by_label("Mobile number").fill(STORE_USER)
    dialog.get_by_role("button", name="Submit").click()
    expect(dialog.get_by_text(f"Enter the code sent to +91 {STORE_USER}")).to_be_visible()
    dialog.get_by_label("One-time code").fill(server.otp_for(STORE_USER))
    dialog.get_by_role("button", name="Verify").click()
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_add_logged_out_logs_in_in_the_modal_then_adds(server: Server, page: Page) -> None:
    page.goto("/products")
    first, second = SEED[1], SEED[2]
    cards(page).first.get_by_role("button", name="Add to cart").click()
    login_in_modal(page, server)
    expect(page.get_by_text(f"{first.product_name} added to cart!")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()

    # In the cart, the card's 'Add to cart' has turned into minus / quantity / plus.
    expect(cards(page).first.get_by_role("button", name="Add to cart")).to_have_count(0)
    expect(
        cards(page).first.get_by_role("group", name=f"Quantity of {first.product_name}").locator("output")
    ).to_have_text("1")
    # The count is the sum of quantities: two of the second product make 3.
    cards(page).nth(1).get_by_role("button", name="Add to cart").click()
    expect(page.get_by_role("link", name="Cart, 2 items")).to_be_visible()
    cards(page).nth(1).get_by_role("button", name=f"Increase quantity of {second.product_name}").click()
    expect(page.get_by_role("link", name="Cart, 3 items")).to_be_visible()
    expect(cards(page).nth(1).locator("output")).to_have_text("2")

    # The session holds the token: nothing the page's script can read carries it.
    secrets = storage_secrets(page)
    text = json.dumps(secrets)
    assert "cat-" not in text, secrets
    for key in ("accessTokenQuickCommerce", "userIdQuickCommerce", "isVerifiedQuickCommerce", "accessToken"):
        assert key not in secrets["local"] and key not in secrets["session"], key
    assert "session=" not in secrets["cookies"]
    assert secrets["local"].get("quickCommerceMobile") == STORE_USER

    # The detail page shows the cart's quantity, and minus takes one away with its toast.
    page.goto(f"/product-details/{second.id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(second.product_name)
    expect(page.get_by_role("group", name=f"Quantity of {second.product_name}").locator("output")).to_have_text("2")
    page.get_by_role("button", name=f"Decrease quantity of {second.product_name}").click()
    expect(page.get_by_text(f"{second.product_name} removed from cart!")).to_be_visible()
    expect(page.get_by_role("group", name=f"Quantity of {second.product_name}").locator("output")).to_have_text("1")
    expect(page.get_by_role("link", name="Cart, 2 items")).to_be_visible()

    # Logged in, the product home lists the catalogue's brands with their logos.
    page.get_by_role("link", name=re.compile("store home")).click()
    brands = page.get_by_role("region", name="Brands").get_by_role("listitem")
    expect(brands).to_have_count(9)
    expect(brands.first).to_have_text("Voltara")


def test_cart_totals_and_emptying_the_cart(server: Server, page: Page) -> None:
    page.goto("/products")
    # Buy Now on a product not in the cart: the login, then one of it in the cart, then the cart.
    cards(page).nth(2).get_by_role("button", name="Buy Now").click()
    login_in_modal(page, server)
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    expect(page.get_by_test_id("cart-line")).to_contain_text(SEED[3].product_name)
    page.get_by_role("button", name="Remove").click()
    expect(page.get_by_role("heading", name="No item added in cart")).to_be_visible()

    page.goto("/products")
    chosen = {1: 1, 5: 3, 7: 2}  # product id -> quantity
    for product_id, quantity in chosen.items():
        card = cards(page).nth(product_id - 1)
        for step in range(quantity):
            before = page.get_by_role("link", name=re.compile(r"^Cart, ")).get_attribute("aria-label")
            if step == 0:
                card.get_by_role("button", name="Add to cart").click()
            else:
                card.get_by_role("button", name=f"Increase quantity of {SEED[product_id].product_name}").click()
            expect(page.get_by_role("link", name=re.compile(r"^Cart, "))).not_to_have_attribute(
                "aria-label", before or ""
            )
    total_count = sum(chosen.values())
    expect(page.get_by_role("link", name=f"Cart, {total_count} items")).to_be_visible()

    page.get_by_role("link", name=f"Cart, {total_count} items").click()
    expect(page.get_by_role("heading", name=re.compile("Shopping Cart"))).to_contain_text(f"({total_count} items)")
    lines = page.get_by_test_id("cart-line")
    expect(lines).to_have_count(len(chosen))
    subtotal = Decimal(0)
    for index, (product_id, quantity) in enumerate(chosen.items()):
        seed = SEED[product_id]
        price = Decimal(str(seed.mrp_with_cash_discount)) * quantity
        subtotal += price.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        line = lines.nth(index)
        expect(line).to_contain_text(seed.product_name)
        expect(line).to_contain_text(seed.color)
        expect(line).to_contain_text(seed.size)
        expect(line.get_by_test_id("line-price")).to_have_text(rupees(price))
        unit = rupees(Decimal(str(seed.mrp_with_cash_discount)))
        expect(line.get_by_test_id("unit-price")).to_contain_text(f"{quantity} \N{MULTIPLICATION SIGN} {unit} each")
        mrp = Decimal(str(seed.mrp_with_cash_discount_gst))
        if mrp > Decimal(str(seed.mrp_with_cash_discount)):  # struck only when above the price
            expect(line.locator("s")).to_have_text(rupees(mrp))
            expect(line.get_by_test_id("line-saving")).to_have_text(
                f"You save {rupees((mrp - Decimal(str(seed.mrp_with_cash_discount))) * quantity)}"
            )
        else:
            expect(line.locator("s")).to_have_count(0)
            expect(line.get_by_test_id("line-saving")).to_have_count(0)
        expect(line).not_to_contain_text("Limited time deal")
        expect(line).not_to_contain_text("Product Name")
        expect(line.locator("output")).to_have_text(str(quantity))
    expect(page.get_by_test_id("subtotal")).to_have_text(rupees(subtotal))
    expect(page.get_by_role("radio", name="Online (UPI, Credit, Debit Cards)")).to_be_checked()
    expect(page.get_by_role("radio", name="Cash on delivery")).not_to_be_checked()
    expect(page.get_by_role("radio", name=re.compile(r"^Pay with .+ Credit$"))).not_to_be_checked()

    # In a browser, Proceed to Payment opens the checkout with the cart's choice; nothing is ordered yet.
    page.get_by_role("radio", name="Cash on delivery").check()
    page.get_by_role("button", name="Proceed to Payment").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_role("radio", name="Cash on delivery")).to_be_checked()
    expect(page.get_by_role("radio", name=re.compile("Plot 44, Sector 18"))).to_be_checked()  # the one last used
    page.get_by_role("link", name="Back to cart").click()
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))
    assert not [e for e in server.journal("orders") if e["path"].strip("/") == "electrician/order/place"]

    # Delete one line with the icon, the others with Remove: the empty cart leads back to the store.
    first_name = SEED[1].product_name
    page.get_by_role("button", name=f"Delete {first_name}").click()
    expect(page.get_by_text(f"{first_name} removed from cart!")).to_be_visible()
    expect(lines).to_have_count(2)
    page.get_by_role("button", name="Remove").first.click()
    expect(lines).to_have_count(1)
    page.get_by_role("button", name="Remove").click()
    expect(page.get_by_role("heading", name="No item added in cart")).to_be_visible()
    page.get_by_role("button", name="Go to Store").click()
    expect(page).to_have_url(re.compile(r"/product-home$"))


def test_cart_logged_out_goes_to_the_login(server: Server, page: Page) -> None:
    page.goto("/shopping-cart")
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_role("heading", name="Login")).to_be_visible()
