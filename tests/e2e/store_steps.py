"""Steps the storefront e2e tests share: log in (through the screens or the gateway), fill the
cart, reach the checkout, place an order (in the browser or through the gateway), and QA's
control call that moves an order along."""

from __future__ import annotations

import re
import uuid
from decimal import Decimal
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import Server
from upstream_mocks.catalogue.seed import products
from upstream_mocks.orders.pricing import charges, priced_line

REFRESH_MS = 15_000  # the order page's refetch interval (frontend/src/features/orders/components/orderRefresh.ts)
RAMESH = "9876543210"  # store user 2001; overdue at the lender
SUNITA = "9123456780"  # nothing owed: a good credit user
SEED = {p.id: p for p in products()}
# Ramesh's address last used (Gurugram, Haryana: within the state of the Gurugram store that ships).
GURUGRAM = {
    "name": "Ramesh Kumar",
    "mobileNumber": RAMESH,
    "address1": "Plot 44, Sector 18",
    "address2": "Near Metro Station",
    "pincode": "122103",
}


def rupees(amount: Decimal) -> str:
    whole, fraction = f"{amount:.2f}".split(".")
    # Indian grouping, as the app shows it: ₹1,25,000.00
    head, tail = whole[:-3], whole[-3:]
    groups = [head[max(i - 2, 0) : i] for i in range(len(head), 0, -2)][::-1] if head else []
    return "₹" + ",".join([*groups, tail]) + "." + fraction


def expected(lines: dict[int, int]) -> Any:
    return charges([priced_line(SEED[pid], qty) for pid, qty in lines.items()])


def xsrf(page: Page) -> dict[str, str]:
    """The XSRF header as the app sends it, read afresh: the token is bound to the session, which
    a code send can start and a login rotates, each with a new cookie."""
    return {"X-XSRF-TOKEN": next(c["value"] for c in page.context.cookies() if c["name"] == "XSRF-TOKEN")}


def login_on_screens(page: Page, server: Server, mobile: str = RAMESH) -> None:
    """On /login (already there): the number, then the code from the SMS outbox."""
    expect(page).to_have_url(re.compile(r"/login$"))
    page.get_by_label("Mobile number").fill(mobile)
    page.get_by_role("button", name="Submit").click()
    expect(page).to_have_url(re.compile(r"/verifyotp$"))
    page.get_by_label("One-time code").fill(server.otp_for(mobile))
    page.get_by_role("button", name="Verify").click()


def ui_login(page: Page, server: Server, mobile: str = RAMESH) -> None:
    """Log in to the store through /login and /verifyotp, as a shopper does."""
    page.goto("/login")
    login_on_screens(page, server, mobile)
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def api_login(page: Page, server: Server, mobile: str) -> None:
    """Log the browser's context in to the store through the gateway, as the login pages do.

    No page is loaded for it: the XSRF cookie comes from `GET /api/session` (the context's
    cookies are shared with `page.request`), so no call of a page can still be in flight, and
    come back 401, when the login replaces the session. The test then opens its own page."""
    assert page.request.get("/api/session").ok
    assert page.request.post("/api/store/otp", data={"mobileNumber": mobile}, headers=xsrf(page)).ok
    verified = page.request.post(
        "/api/store/otp/verify", data={"mobileNumber": mobile, "otp": server.otp_for(mobile)}, headers=xsrf(page)
    )
    assert verified.ok, verified.text()


def fill_cart(page: Page, lines: dict[int, int]) -> None:
    for product_id, quantity in lines.items():
        answer = page.request.put(
            f"/api/store/cart/items/{product_id}", data={"quantity": quantity}, headers=xsrf(page)
        )
        assert answer.ok, answer.text()


def to_checkout(page: Page, payment_label: str) -> None:
    page.goto("/shopping-cart")
    page.get_by_role("radio", name=payment_label).check()
    page.get_by_role("button", name="Proceed to Payment").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_role("heading", name="Checkout", level=1)).to_be_visible()
    expect(page.get_by_role("radio", name=payment_label)).to_be_checked()  # the cart's choice carried over
    # Where to deliver is the address step's: no 'Deliver to' above it saying otherwise.
    expect(page.get_by_test_id("delivery-area")).to_have_count(0)


def new_address(page: Page, pincode: str, name: str = "Sunita Sharma", mobile: str = SUNITA) -> None:
    page.get_by_role("radio", name="Add a new address").check()
    page.get_by_label("Full name").fill(name)
    page.get_by_label("Mobile number").fill(mobile)
    page.get_by_label("Address line 1").fill("Shop 3, Electric Market")
    page.get_by_label("Pin code").fill(pincode)


def pincode_settled(page: Page) -> None:
    """The typed pin code's place is shown (its city filled in, its promise under the form): the
    form has stopped growing, so the steps below it are where they will stay."""
    expect(page.get_by_label("City")).not_to_have_value("")


def place_by_api(page: Page, lines: dict[int, int], method: str = "cod") -> str:
    """An order of `lines` to Gurugram through the gateway (quote, then place), as the checkout
    page would; its order number."""
    fill_cart(page, lines)
    body = {"address": GURUGRAM, "paymentMethod": method}
    quote = page.request.post("/api/checkout/quote", data=body, headers=xsrf(page))
    assert quote.ok, quote.text()
    placed = page.request.post(
        "/api/checkout/orders",
        data={**body, "quotedTotal": quote.json()["charges"]["total"]},
        headers={**xsrf(page), "Idempotency-Key": uuid.uuid4().hex},
    )
    assert placed.ok, placed.text()
    number: str = placed.json()["orderNumber"]
    return number


def advance(server: Server, order_number: str, times: int = 1, step: str = "next") -> None:
    """QA's control call: move the order one step now (the mock's, not the orders contract's)."""
    for _ in range(times):
        server.http.post(f"/_mocks/orders/{order_number}/advance", json={"step": step}).raise_for_status()


def set_clock(server: Server, at: str) -> None:
    """QA's clock of the orders service (the mock's, not the orders contract's): its promises,
    placing and tracking run from `at` (ISO with offset) until the next reset."""
    server.http.post("/_mocks/clock", json={"at": at}).raise_for_status()


def choose_pincode(page: Page, pincode: str) -> None:
    """Choose the store's delivery pin code through the gateway, as the header's picker does."""
    if not any(c["name"] == "XSRF-TOKEN" for c in page.context.cookies()):
        assert page.request.get("/api/session").ok
    chosen = page.request.put("/api/checkout/delivery-area", data={"pincode": pincode}, headers=xsrf(page))
    assert chosen.ok, chosen.text()


def refreshed_to(page: Page, where: Locator, text: str) -> None:
    """Let the page's refresh interval pass (on its fake clock) until `where` says `text`: at most
    three intervals, as the interval starts only once the page has rendered its first answer, which
    may be just after the test moved the clock on (CI once saw the first move miss it)."""
    for _ in range(2):
        page.clock.fast_forward(REFRESH_MS + 1_000)
        try:
            expect(where).to_contain_text(text, timeout=3_000)
            return
        except AssertionError:
            continue
    page.clock.fast_forward(REFRESH_MS + 1_000)
    expect(where).to_contain_text(text)
