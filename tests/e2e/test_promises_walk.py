"""Every page, walked with a shopper's pin code and basket: no page promises what they contradict.

The shopper chose Pune (411001: by courier, no one-hour service at any hour) and has a basket
below the small-order threshold (so fees apply). Every route of the site, the store, the
checkout and the portal is opened (the pre-rendered list read from frontend/src/app/prerendered.ts,
so a new public page is walked too), and each fails on a delivery time within the hour, a
"free" delivery or "no hidden fees", or next-day delivery; every delivery label on it must give
Pune's promise, a date.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.store_steps import SUNITA, api_login, choose_pincode, expected, fill_cart, set_clock, xsrf
from upstream_mocks.catalogue.seed import products
from upstream_mocks.orders.pricing import FEE_THRESHOLD

PRERENDERED = Path(__file__).resolve().parents[2] / "frontend" / "src" / "app" / "prerendered.ts"
PUNE = {"name": "Sunita Sharma", "mobileNumber": SUNITA, "address1": "Shop 3, Electric Market", "pincode": "411001"}
BASKET = {1: 1}  # one conduit pipe: fees apply

# Claims a Pune shopper with a small basket would find untrue.
CONTRADICTED = [
    re.compile(r"\b(get it|delivery|delivered|deliver|arrives?|reach(es)? you)\s+(with)?in\s+(1|one|an)\s+hour", re.I),
    re.compile(r"free\s*(&|and)?\s*(fastest\s+)?(delivery|shipping)|(delivery|shipping)\s+(is\s+)?free", re.I),
    re.compile(r"\bno\s+(delivery\s+|convenience\s+|platform\s+|extra\s+)?(fees?|charges?)\b", re.I),
    re.compile(r"hidden\s+(fee|charge)", re.I),
    re.compile(r"next[- ]day", re.I),
    re.compile(r"\b6500\b"),
]


def prerendered_paths() -> list[str]:
    block = PRERENDERED.read_text(encoding="utf-8").split("PRERENDERED_PATHS", 1)[1].split("];", 1)[0]
    return re.findall(r'"(/[^"]*)"', block)


def walked_paths(order_number: str) -> list[str]:
    app_pages = ["/aboutUs_VoltKhata", "/AboutUs_MobileApp", "/FAQ's_MobileApp", "/contact-us_MobileApp"]
    store = ["/product-details/1", "/shopping-cart", "/checkout", "/orders", f"/orders/{order_number}"]
    return [*prerendered_paths(), *app_pages, *store]


def page_is_in(page: Page, path: str, order_number: str) -> None:
    """What the page shows once it has what it loads for itself: before that, a claim it would
    make (a promise beside a product, a fee line) is not on it yet, and its absence says nothing."""
    expect(page.locator("html[data-app-live]")).to_have_count(1)
    if path == "/product-details/1":
        name = next(p.product_name for p in products() if p.id == 1)
        expect(page.get_by_role("heading", level=1)).to_have_text(name)
    elif path == "/shopping-cart":
        expect(page.get_by_test_id("cart-line")).to_have_count(len(BASKET))
        expect(page.get_by_test_id("cart-total")).to_be_visible()
    elif path == "/checkout":
        expect(page.get_by_test_id("summary-total")).to_be_visible()
    elif path == "/orders":
        expect(page.get_by_test_id("order-row").filter(has_text=order_number)).to_be_visible()
    elif path == f"/orders/{order_number}":
        expect(page.get_by_test_id("order-number")).to_have_text(order_number)
    else:
        expect(page.get_by_role("heading", level=1).first).to_be_visible()


def test_no_page_promises_what_the_shoppers_pin_code_and_basket_contradict(page: Page, server: Server) -> None:
    set_clock(server, "2026-11-27T12:00:00+05:30")  # noon: a one-hour area would get one hour now
    api_login(page, server, SUNITA)
    choose_pincode(page, "411001")
    fill_cart(page, BASKET)
    assert expected(BASKET).subtotal < FEE_THRESHOLD
    body = {"address": PUNE, "paymentMethod": "cod"}
    quote = page.request.post("/api/checkout/quote", data=body, headers=xsrf(page))
    assert quote.ok, quote.text()
    placed = page.request.post(
        "/api/checkout/orders",
        data={**body, "quotedTotal": quote.json()["charges"]["total"]},
        headers={**xsrf(page), "Idempotency-Key": "walk-order-0001"},
    )
    assert placed.ok, placed.text()
    fill_cart(page, BASKET)  # placing emptied it: the basket again, for the cart and the checkout

    number = placed.json()["orderNumber"]
    paths = walked_paths(number)
    assert len(paths) > 20, paths
    for path in paths:
        page.goto(path)
        page_is_in(page, path, number)
        # Wait for every promise on the page to be the gateway's, not a placeholder.
        expect(page.get_by_text("Checking delivery time…")).to_have_count(0)
        for label in page.get_by_test_id("delivery-label").all():
            expect(label).to_have_text(re.compile(r"^Delivery (between|by) "))
        text = page.locator("body").inner_text()
        for claim in CONTRADICTED:
            found = claim.search(text)
            around = text[max(found.start() - 80, 0) : found.end() + 80] if found else ""
            assert found is None, f"{path} says {found.group(0)!r}: {around!r}"
