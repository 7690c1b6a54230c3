"""The checkout API through the in-process mocks: quote, place once per key, credit, the chosen pin code
(paying a pending order is the orders group's: tests/integration/test_orders_api.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_store_api import log_in

RAMESH = "9876543210"  # store user 2001, overdue at the lender
SUNITA = "9123456780"  # nothing owed: a good credit user
ADDRESS = {
    "name": "Ramesh Kumar",
    "mobileNumber": RAMESH,
    "address1": "Plot 44, Sector 18",
    "address2": "Near Metro Station",
    "pincode": "122103",
}


def fill_cart(client: GatewayClient, lines: dict[int, int]) -> None:
    for product_id, quantity in lines.items():
        answer = client.put(f"/api/store/cart/items/{product_id}", json={"quantity": quantity}, headers=client.xsrf())
        assert answer.status_code == 200, answer.text


def quote(client: GatewayClient, method: str = "cod", **extra: Any) -> dict[str, Any]:
    answer = client.post(
        "/api/checkout/quote", json={"address": ADDRESS, "paymentMethod": method, **extra}, headers=client.xsrf()
    )
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def place(client: GatewayClient, key: str, total: str, method: str = "cod") -> Any:
    body = {"address": ADDRESS, "paymentMethod": method, "quotedTotal": total}
    return client.post("/api/checkout/orders", json=body, headers={**client.xsrf(), "Idempotency-Key": key})


def orders_placed(client: GatewayClient) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = client.get("/_mocks/journal", params={"mock": "orders"}).json()
    return [e for e in entries if e["path"].strip("/") == "electrician/order/place" and e["status"] == 200]


def test_the_same_key_twice_makes_one_order_that_agrees_with_the_quote(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 2, 5: 3})
    summary = quote(client)
    first = place(client, "checkout-key-0001", summary["charges"]["total"])
    again = place(client, "checkout-key-0001", summary["charges"]["total"])
    assert first.status_code == again.status_code == 200, first.text
    order = first.json()
    assert again.json()["orderNumber"] == order["orderNumber"]
    assert order["charges"] == summary["charges"] and order["lines"] == summary["lines"]  # to the paisa
    assert order["payment"]["state"] == "onDelivery" and order["payment"]["amount"] == summary["charges"]["total"]
    assert client.get("/api/store/cart").json()["items"] == []  # bought lines leave the cart
    assert len(orders_placed(client)) == 1


def test_twenty_simultaneous_placements_with_one_key_make_one_order(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {2: 1, 3: 4})
    total = quote(client)["charges"]["total"]
    with ThreadPoolExecutor(max_workers=20) as pool:
        answers = list(pool.map(lambda _: place(client, "checkout-key-race", total), range(20)))
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers if a.status_code != 200]
    assert len({a.json()["orderNumber"] for a in answers}) == 1
    assert len({e["body"]["lines"].__repr__() for e in orders_placed(client)}) == 1


def test_fees_under_1199_and_none_above(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    small = quote(client)["charges"]
    assert Decimal(small["subtotal"]) < 1199 and (small["convenienceFee"], small["platformFee"]) == ("79.00", "20.00")
    fill_cart(client, {4: 2})  # FR house wire
    large = quote(client)["charges"]
    assert Decimal(large["subtotal"]) >= 1199 and (large["convenienceFee"], large["platformFee"]) == ("0.00", "0.00")
    assert Decimal(large["total"]) == Decimal(large["subtotal"])  # GST is inside the prices
    assert Decimal(small["total"]) == Decimal(small["subtotal"]) + Decimal("99.00")


def test_refusals_reach_the_client_with_their_message_and_field(client: GatewayClient) -> None:
    log_in(client)
    # More than the stock never enters the cart (the quote refuses it too, when stock fell since).
    stock = client.put("/api/store/cart/items/1", json={"quantity": 500}, headers=client.xsrf())
    assert stock.status_code == 409 and stock.json()["error"]["code"] == "out_of_stock"
    assert "available" in stock.json()["error"]["message"] and stock.json()["error"]["field"] == "quantity"
    fill_cart(client, {1: 1})
    far = client.post(
        "/api/checkout/quote",
        json={"address": {**ADDRESS, "pincode": "600001"}, "paymentMethod": "cod"},
        headers=client.xsrf(),
    )
    assert far.status_code == 422 and far.json()["error"]["field"] == "address.pincode"
    bad_gstin = {"gstin": "27AAPFU0939F1ZW", "legalName": "Kumar Electricals"}
    gst = client.post(
        "/api/checkout/quote",
        json={"address": ADDRESS, "paymentMethod": "cod", "business": bad_gstin},
        headers=client.xsrf(),
    )
    assert gst.status_code == 422 and gst.json()["error"]["code"] == "gstin_check_digit"
    stale = place(client, "checkout-key-stale", "1.00")
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "quote_changed"
    assert orders_placed(client) == []


def test_bad_checkout_input_is_a_4xx_naming_the_field_before_anything_goes_upstream(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    client.delete("/_mocks/journal")

    def refused(body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        path, headers = ("/api/checkout/orders", {"Idempotency-Key": key}) if key else ("/api/checkout/quote", {})
        answer = client.post(path, json=body, headers={**client.xsrf(), **headers})
        assert answer.status_code in (400, 422), answer.text
        error: dict[str, Any] = answer.json()["error"]
        return error

    # A final newline passed a bare `$` in the patterns, and went upstream.
    for field, value in (("pincode", "122103\n"), ("mobileNumber", "9876543210\n")):
        error = refused({"address": {**ADDRESS, field: value}, "paymentMethod": "cod"})
        assert error["field"] == f"address.{field}" and error["message"].startswith("Please enter a valid")
    body = {"address": ADDRESS, "paymentMethod": "cod", "quotedTotal": "149.84"}
    error = refused(body, key="checkout-key-01\n")  # was a 503: the header failed on its way upstream
    assert error["field"] == "idempotency_key" and "Idempotency-Key" in error["message"]
    assert refused({**body, "quotedTotal": "NaN"}, key="checkout-key-02")["field"] == "quotedTotal"
    blank_name = {"gstin": "27AAPFU0939F1ZV", "legalName": "   "}  # was the orders service's schema error
    error = refused({"address": ADDRESS, "paymentMethod": "cod", "business": blank_name})
    assert error == {
        "code": "legal_name_missing",
        "message": "Please enter the legal name of the business.",
        "field": "business.legalName",
    }
    assert client.get("/_mocks/journal", params={"mock": "orders"}).json() == []


def test_pin_codes_fill_city_and_state(client: GatewayClient) -> None:
    client.post("/_mocks/clock", json={"at": "2026-11-27T12:00:00+05:30"})  # the dark stores are open
    one_hour = client.get("/api/checkout/pincodes/122103").json()
    assert (one_hour["city"], one_hour["state"], one_hour["message"]) == ("Gurugram", "Haryana", "Get it in 1 Hour")
    standard = client.get("/api/checkout/pincodes/411001").json()
    assert standard["serviceability"] == "standard" and standard["message"].startswith("Delivery between")
    assert client.get("/api/checkout/pincodes/999999").json()["error"]["code"] == "pincode_unknown"


def test_credit_is_refused_while_overdue_and_owed_after_a_credit_order(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    credit = quote(client, "credit")["credit"]
    assert credit["offered"] is False and "repay it first" in credit["message"] and credit["repayUrl"] == "/paynow"
    refused = place(client, "checkout-key-credit-1", quote(client, "credit")["charges"]["total"], "credit")
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "credit_refused"

    client.delete("/api/session/store", headers=client.xsrf())
    log_in(client, SUNITA)
    fill_cart(client, {1: 1})
    offer = quote(client, "credit")
    assert offer["credit"]["offered"] is True and offer["credit"]["available"] == "500000.00"
    placed = place(client, "checkout-key-credit-2", offer["charges"]["total"], "credit").json()
    assert placed["payment"]["state"] == "onCredit" and placed["payment"]["creditDueOn"]
    owed = client.get(
        "/_mocks/lending/webRepayment/creditLimit",
        params={"mobileNumber": SUNITA},
        headers={"x-partner-key": "mock-partner-key"},
    )
    assert owed.json()["data"]["outstanding"] == offer["charges"]["total"]


def test_credit_refusals_write_their_amounts_in_lakhs(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    overdue = quote(client, "credit")["credit"]["message"]
    assert overdue == "You have an overdue amount of ₹12,450.00. Please repay it first."

    client.delete("/api/session/store", headers=client.xsrf())
    log_in(client, SUNITA)
    fill_cart(client, {148: 70})  # 70 LAN cables at ₹7,600.00: above the ₹5 lakh limit
    big = quote(client, "credit")
    total = Decimal(big["charges"]["total"])
    assert total > Decimal("500000")
    whole, paise = f"{total:.2f}".split(".")
    lakh_grouped = f"₹{whole[:-5]},{whole[-5:-3]},{whole[-3:]}.{paise}"  # ₹5,xx,xxx.xx
    assert big["credit"] == {
        "offered": False,
        "available": "500000.00",
        "message": f"The order total {lakh_grouped} is above your available credit of ₹5,00,000.00.",
        "repayUrl": None,
        "reason": "overLimit",  # the app words it in the shopper's language
        "overdue": None,
        "applyUrl": None,  # only a shopper without credit is led to apply
    }
    # The lender says the same when the order is placed anyway.
    refused = place(client, "checkout-key-credit-lakh", big["charges"]["total"], "credit")
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["message"] == big["credit"]["message"]


def test_the_chosen_pin_code_is_kept_in_a_cookie_and_served_with_its_promise(client: GatewayClient) -> None:
    assert client.get("/api/checkout/delivery-area").json() == {"area": None}
    client.post("/_mocks/clock", json={"at": "2026-11-27T02:50:00+05:30"})  # the dark stores are closed
    chosen = client.put("/api/checkout/delivery-area", json={"pincode": "122103"}, headers=client.xsrf())
    assert chosen.status_code == 200, chosen.text
    assert "pincode=122103" in chosen.headers["set-cookie"]
    area = client.get("/api/checkout/delivery-area").json()["area"]
    assert (area["pincode"], area["city"], area["delivery"]["type"]) == ("122103", "Gurugram", "nextOpening")
    assert area["hours"] == {"opensAt": "07:00", "closesAt": "23:00", "lastOrderAt": "22:00", "openNow": False}
    unknown = client.put("/api/checkout/delivery-area", json={"pincode": "999999"}, headers=client.xsrf())
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "pincode_unknown"
    assert client.get("/api/checkout/delivery-area").json()["area"]["pincode"] == "122103"  # kept
    bad = client.put("/api/checkout/delivery-area", json={"pincode": "12210"}, headers=client.xsrf())
    assert bad.status_code == 400
    assert client.delete("/api/checkout/delivery-area", headers=client.xsrf()).json() == {"area": None}
