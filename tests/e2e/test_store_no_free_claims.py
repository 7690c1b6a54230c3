"""Issue 33: no screen says "free" where a fee applies. A shopper whose basket is under the fee
threshold (so a convenience and a platform fee apply) walks the store's routes and the site's
home; none of them may promise free delivery or shipping. The delivery times are the delivery
promise's to check; this walks the money claim."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.store_steps import RAMESH, api_login, expected, fill_cart
from upstream_mocks.orders.pricing import FEE_THRESHOLD

FREE_CLAIM = re.compile(
    r"\bfree\s*(?:&\s*\w+\s*)?(?:delivery|shipping)\b|\bdelivered free\b|\bno (?:delivery )?fees?\b", re.I
)
ROUTES = ["/", "/product-home", "/products", "/product-details/1", "/shopping-cart", "/checkout"]


@pytest.mark.parametrize("fixture", ["page", "phone_page"])
def test_no_route_says_free_where_the_baskets_fees_apply(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page: Page = request.getfixturevalue(fixture)
    basket = {1: 1}
    assert expected(basket).subtotal < FEE_THRESHOLD  # the fees apply to this basket
    api_login(page, server, RAMESH)
    fill_cart(page, basket)
    for route in ROUTES:
        page.goto(route)
        expect(page.locator("main, #root").first).not_to_be_empty()
        if route == "/shopping-cart":  # the fees are shown before the check
            expect(page.get_by_test_id("cart-convenience-fee")).to_have_text("₹79.00")
        # Every slide of a carousel, hidden or not, is in the page's text.
        text = page.locator("body").text_content() or ""
        found = FREE_CLAIM.findall(text)
        assert not found, f"{route} says {found} while a fee applies"
