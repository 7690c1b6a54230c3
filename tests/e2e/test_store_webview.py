"""Storefront e2e inside the native app's web view: hand-over, addToCart, ChoosePaymentMethod."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PageGuard, Server, storage_secrets

STORE_USER = "9876543210"

# The host app's side of the bridge: record what the page posts.
WEBVIEW_STUB = """
window.__posted = [];
window.ReactNativeWebView = { postMessage: (message) => window.__posted.push(message) };
"""


def app_login(server: Server) -> tuple[str, str]:
    """What the native app does itself before opening the web view: send and verify a code."""
    server.http.post("/_mocks/lending/sendOtp", json={"mobileNumber": STORE_USER}).raise_for_status()
    answer = server.http.post(
        "/_mocks/catalogue/verifyOtp",
        json={
            "mobileNumber": STORE_USER,
            "otp": server.otp_for(STORE_USER),
            "platform": "APP",
            "userType": "USER",
            "businessType": 1,
        },
    )
    answer.raise_for_status()
    body = answer.json()
    return str(body["data"][0]["userId"]), str(body["accessToken"])


def posted(page: Page) -> list[dict[str, Any]]:
    raw: list[str] = page.evaluate("window.__posted")
    return [json.loads(m) for m in raw]


def test_native_hand_over_add_and_choose_payment(server: Server, page: Page) -> None:
    user_id, token = app_login(server)
    page.add_init_script(WEBVIEW_STUB)
    page.goto("/products")
    expect(page.get_by_role("link", name="Login")).to_be_visible()

    # The app injects its login as a JSON string, as react-native-webview's injectJavaScript does.
    page.evaluate(
        "([userId, token]) => window.postMessage(JSON.stringify({type: 'userDataFromNative',"
        " data: {userId, token, verified: true}}), '*')",
        [user_id, token],
    )
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    assert token not in json.dumps(storage_secrets(page))

    # addToCart as a plain object: the page adds it and tells the app.
    page.evaluate("window.postMessage({type: 'addToCart', item: {productId: 3}}, '*')")
    expect(page.get_by_text(re.compile(r"6A One-Way Switch added to cart!"))).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    page.evaluate("window.postMessage({type: 'addToCart', item: {productId: 3}}, '*')")
    expect(page.get_by_role("link", name="Cart, 2 items")).to_be_visible()
    adds = [m for m in posted(page) if m.get("type") == "ADD_TO_CART"]
    assert [m["item"]["productId"] for m in adds] == [3, 3]
    assert [m["item"]["quantity"] for m in adds] == [1, 2]

    page.get_by_role("link", name="Cart, 2 items").click()
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    subtotal_text = page.get_by_test_id("subtotal").inner_text()
    page.get_by_role("radio", name=re.compile(r"^Pay with .+ Credit$")).check()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.get_by_role("button", name="Proceed to Payment").click()
    page.wait_for_function("window.__posted.some((m) => m.includes('ChoosePaymentMethod'))")
    messages = [m for m in posted(page) if m.get("action") == "ChoosePaymentMethod"]
    assert len(messages) == 1, posted(page)
    message = messages[0]
    assert message["paymentType"] == "loan"
    assert message["mode"] == "Mobile App"
    assert message["amount"] == subtotal_text.removeprefix("₹").replace(",", "")  # plain, ungrouped
    lines = message["data"]
    assert [(line["productId"], line["quantity"]) for line in lines] == [(3, 2)]
    # The lines are the cart's as the gateway wrote them: exact 2-decimal strings, never floats.
    unit, line_price = lines[0]["mrpWithCashDiscount"], lines[0]["linePrice"]
    assert re.fullmatch(r"\d+\.\d{2}", unit) and line_price == message["amount"]
    assert Decimal(message["amount"]) == Decimal(unit) * 2
    # The app takes over: the page does not go on to a checkout of its own. A browser's Proceed to
    # Payment does, and asks for the checkout's code in the same tap, before the message is seen
    # here; its heading comes only later, so the requests are what tells.
    # (The checkout's address book was /api/checkout/addresses until it became a group of its own.)
    checkout_calls = ("/CheckoutPage-", "/api/checkout/", "/api/addresses")
    assert not [url for url in asked if any(part in url for part in checkout_calls)], asked
    expect(page.get_by_role("heading", name="Checkout", level=1)).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))


def test_a_token_the_catalogue_rejects_is_not_trusted(server: Server, page: Page, page_guard: PageGuard) -> None:
    page_guard.allow_console.append("status of 401")  # the forged hand-over is refused with a 401
    page.add_init_script(WEBVIEW_STUB)
    page.goto("/products")
    expect(page.get_by_role("link", name="Login")).to_be_visible()
    with page.expect_response("**/api/store/native-session") as answer:
        page.evaluate(
            "window.postMessage({type: 'userDataFromNative',"
            " data: {userId: '2001', token: 'forged', verified: true}}, '*')"
        )
    assert answer.value.status == 401
    expect(page.get_by_role("link", name="Login")).to_be_visible()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    checked = [e for e in server.journal("catalogue") if e["path"].strip("/") == "address"]
    assert checked and all(e["status"] == 401 for e in checked)
    session = page.evaluate("fetch('/api/session').then(r => r.json())")
    assert session["store"] is None
