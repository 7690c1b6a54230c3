"""Strict at the door: what a hostile shopper types is put in its canonical form or refused,
with a message naming the field, before anything reaches an upstream or a tax invoice."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import pytest
from pypdf import PdfReader

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import ADDRESS, fill_cart, place, quote
from tests.integration.test_store_api import log_in

HARYANA_GSTIN = "06AAACR5055K1ZB"  # the delivery pin code 122103 is in Haryana
MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV"


def journal(client: GatewayClient, path: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = client.get("/_mocks/journal", params={"mock": "orders"}).json()
    return [e for e in entries if e["path"].strip("/") == path]


@pytest.mark.parametrize(
    "typed",
    ["06-AAACR-5055K1ZB", "06 AAACR 5055K1ZB", "06\u2013AAACR5055K1ZB", "06aaacr5055k1zb", " 06\u2014aaacr 5055k1zb "],
    ids=["hyphens", "spaces", "en-dash", "lower-case", "em-dash-mixed"],
)
def test_a_gstin_as_people_type_it_goes_upstream_and_comes_back_canonical(client: GatewayClient, typed: str) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    client.delete("/_mocks/journal")
    summary = quote(client, business={"gstin": typed, "legalName": "Kumar Electricals"})
    assert summary["business"] == {"gstin": HARYANA_GSTIN, "legalName": "Kumar Electricals"}
    [sent] = journal(client, "electrician/order/quote")
    assert sent["body"]["business"]["gstin"] == HARYANA_GSTIN
    check = client.get("/api/checkout/gstin", params={"number": typed, "pincode": "122103"}).json()
    assert check == {"gstin": HARYANA_GSTIN, "valid": True, "code": None, "message": None, "state": "Haryana"}


def test_a_gstin_of_another_state_than_the_billing_address_is_refused(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    client.delete("/_mocks/journal")
    answer = client.post(
        "/api/checkout/quote",
        json={
            "address": ADDRESS,
            "paymentMethod": "cod",
            "business": {"gstin": MAHARASHTRA_GSTIN, "legalName": "Kumar Electricals"},
        },
        headers=client.xsrf(),
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == {
        "code": "gstin_wrong_state",
        "message": "This GSTIN is registered in Maharashtra, but the billing address is in Haryana. "
        "Please enter the business's GSTIN for Haryana.",
        "field": "business.gstin",
    }
    assert journal(client, "electrician/order/quote") == []
    # The page's check as the user types: the same rule, the same words.
    check = client.get("/api/checkout/gstin", params={"number": MAHARASHTRA_GSTIN, "pincode": "122103"}).json()
    assert (check["valid"], check["code"], check["message"]) == (
        False,
        "gstin_wrong_state",
        answer.json()["error"]["message"],
    )
    assert client.get("/api/checkout/gstin", params={"number": MAHARASHTRA_GSTIN}).json()["valid"] is True
    typo = client.get("/api/checkout/gstin", params={"number": "27AAPFU0939F1ZW"}).json()
    assert (typo["valid"], typo["code"]) == (False, "gstin_check_digit")


def test_a_forged_city_never_reaches_the_order_or_its_invoice(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {4: 1})
    client.delete("/_mocks/journal")
    forged = {**ADDRESS, "city": "Mumbai", "state": "Maharashtra"}
    business = {"gstin": "06-aaacr-5055k1zb", "legalName": "Kumar Electricals"}
    answer = client.post(
        "/api/checkout/quote",
        json={"address": forged, "paymentMethod": "cod", "business": business},
        headers=client.xsrf(),
    )
    assert answer.status_code == 200, answer.text
    summary = answer.json()
    assert (summary["address"]["city"], summary["address"]["state"]) == ("Gurugram", "Haryana")
    [sent] = journal(client, "electrician/order/quote")
    assert "city" not in sent["body"]["address"] and "state" not in sent["body"]["address"]

    body = {"address": forged, "paymentMethod": "cod", "business": business, "quotedTotal": summary["charges"]["total"]}
    placed = client.post(
        "/api/checkout/orders", json=body, headers={**client.xsrf(), "Idempotency-Key": "forged-city-1"}
    )
    assert placed.status_code == 200, placed.text
    number = placed.json()["orderNumber"]
    for _ in range(2):  # packed, shipped: the invoice is issued
        assert client.post(f"/_mocks/orders/{number}/advance", json={}).status_code == 200
    pdf = client.get(f"/api/orders/{number}/invoice")
    assert pdf.status_code == 200, pdf.text
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert f"GSTIN: {HARYANA_GSTIN}" in text and "Gurugram, Haryana 122103" in text
    assert "Mumbai" not in text and "Maharashtra" not in text and "06-" not in text.replace("\n", " ")


@pytest.mark.parametrize(
    ("field", "value", "label"),
    [
        ("name", "Ramesh\x00Kumar", "The name"),
        ("address1", "Plot 44\r\nSector 18", "Address line 1"),
        ("address2", "Near \u202eortem", "Address line 2"),
    ],
    ids=["NUL", "CRLF", "U+202E"],
)
def test_control_and_direction_characters_are_refused_naming_the_field(
    client: GatewayClient, field: str, value: str, label: str
) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    client.delete("/_mocks/journal")
    answer = client.post(
        "/api/checkout/quote",
        json={"address": {**ADDRESS, field: value}, "paymentMethod": "cod"},
        headers=client.xsrf(),
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == {
        "code": "invalid_characters",
        "message": f"{label} cannot contain line breaks, control characters or text-direction marks. "
        "Please type it again.",
        "field": f"address.{field}",
    }
    assert journal(client, "electrician/order/quote") == []


def test_the_legal_name_and_the_site_forms_refuse_them_too(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    business = {"gstin": HARYANA_GSTIN, "legalName": "Kumar \u202eElectricals"}
    answer = client.post(
        "/api/checkout/quote",
        json={"address": ADDRESS, "paymentMethod": "cod", "business": business},
        headers=client.xsrf(),
    )
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "business.legalName"
    contact = {"name": "Asha\x00", "email": "asha@example.com", "phone": "9876543210", "message": "Hello"}
    refused = client.post("/api/site/contact", json=contact, headers=client.xsrf())
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "name", refused.text
    two_lines = {**contact, "name": "Asha", "message": "Line one\r\nLine two \u202e"}
    refused = client.post("/api/site/contact", json=two_lines, headers=client.xsrf())
    assert refused.status_code == 422 and refused.json()["error"]["field"] == "message"
    # A message keeps its own line breaks.
    kept = client.post(
        "/api/site/contact", json={**two_lines, "message": "Line one\r\nLine two"}, headers=client.xsrf()
    )
    assert kept.status_code == 200, kept.text


@pytest.mark.parametrize("mobile", ["0000000000", "1234567890", "5999999999"])
def test_the_delivery_mobile_is_an_indian_mobile(client: GatewayClient, mobile: str) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    answer = client.post(
        "/api/checkout/quote",
        json={"address": {**ADDRESS, "mobileNumber": mobile}, "paymentMethod": "cod"},
        headers=client.xsrf(),
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == {
        "code": "invalid_request",
        "message": "Please enter a valid 10-digit mobile number.",
        "field": "address.mobileNumber",
    }


@pytest.mark.parametrize(
    ("quantity", "status", "code"),
    [
        ("2", 422, "invalid_type"),
        ("1e2", 422, "invalid_type"),
        (2.5, 422, "invalid_type"),
        (2.0, 422, "invalid_type"),
        (1000, 400, "invalid_request"),
        (-1, 400, "invalid_request"),
        (True, 422, "invalid_type"),
    ],
    ids=["string-2", "string-1e2", "float-2.5", "float-2.0", "1000", "minus-1", "true"],
)
def test_a_quantity_is_a_json_integer_from_0_to_999(
    client: GatewayClient, quantity: Any, status: int, code: str
) -> None:
    log_in(client)
    answer = client.put("/api/store/cart/items/1", json={"quantity": quantity}, headers=client.xsrf())
    assert answer.status_code == status, answer.text
    assert answer.json()["error"] == {
        "code": code,
        "message": "Please choose a quantity from 1 to 999.",
        "field": "quantity",
    }
    assert client.get("/api/store/cart").json()["items"] == []


def test_plus_at_the_stock_is_refused_with_a_message(client: GatewayClient) -> None:
    # The seed holds fewer than 999 of any product, so the stock, not the 999 cap, stops Plus.
    log_in(client)
    on_hand = client.get("/api/store/products/1").json()["stockQuantity"]
    assert 1 < on_hand < 999
    assert (
        client.put("/api/store/cart/items/1", json={"quantity": on_hand - 1}, headers=client.xsrf()).status_code == 200
    )
    up = client.post("/api/store/cart/items/1/increment", headers=client.xsrf())
    assert up.status_code == 200 and up.json()["items"][0]["quantity"] == on_hand, up.text
    refused = client.post("/api/store/cart/items/1/increment", headers=client.xsrf())
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["code"] == "out_of_stock"
    assert refused.json()["error"]["field"] == "quantity"
    assert str(on_hand) in refused.json()["error"]["message"]
    assert client.get("/api/store/cart").json()["items"][0]["quantity"] == on_hand


def cash_cart(client: GatewayClient, above: int) -> str:
    """A cart of FR house wire whose total is just above `above` rupees; answers the total."""
    fill_cart(client, {4: 1})
    unit = Decimal(quote(client)["lines"][0]["unitPrice"])
    fill_cart(client, {4: int(above // unit) + 1})
    total: str = quote(client)["charges"]["total"]
    return total


def test_two_same_day_cash_orders_that_together_pass_the_limit(client: GatewayClient) -> None:
    log_in(client)
    first_total = cash_cart(client, 30_000)
    assert 30_000 < Decimal(first_total) < 50_000
    assert quote(client)["cash"] == {"offered": True, "message": None, "limit": "50000.00", "usedToday": "0.00"}
    first = place(client, "cash-limit-0001", first_total)
    assert first.status_code == 200, first.text

    second_total = cash_cart(client, 30_000)
    cash = quote(client)["cash"]
    assert cash["offered"] is False and cash["usedToday"] == first_total
    assert cash["message"] == (
        f"Cash on delivery is limited to ₹50,000.00 a day. With your cash orders today (₹{Decimal(first_total):,.2f}), "
        f"this order of ₹{Decimal(second_total):,.2f} would go past it. Please pay online or with VoltKhata Credit."
    )
    refused = place(client, "cash-limit-0002", second_total)
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"] == {"code": "cod_limit", "message": cash["message"], "field": "paymentMethod"}
    assert len([e for e in journal(client, "electrician/order/place") if e["status"] == 200]) == 1
    assert quote(client, "online")["charges"]["total"] == second_total  # the other ways stay open

    # A cancelled cash order no longer counts.
    number = first.json()["orderNumber"]
    assert client.post(f"/api/orders/{number}/cancel", headers=client.xsrf()).status_code == 200
    assert quote(client)["cash"]["offered"] is True
    assert place(client, "cash-limit-0003", second_total).status_code == 200


def test_one_cash_order_above_the_limit_is_refused(client: GatewayClient) -> None:
    log_in(client)
    total = cash_cart(client, 50_000)
    assert quote(client)["cash"]["offered"] is False
    refused = place(client, "cash-limit-0004", total)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "cod_limit"


def test_a_forged_host_is_in_no_link_handed_to_a_provider(client: GatewayClient) -> None:
    log_in(client)
    fill_cart(client, {1: 1})
    total = quote(client, "online")["charges"]["total"]
    client.delete("/_mocks/journal")
    body = {"address": ADDRESS, "paymentMethod": "online", "quotedTotal": total}
    forged = {**client.xsrf(), "Idempotency-Key": "forged-host-01", "Host": "evil.example"}
    placed = client.post("/api/checkout/orders", json=body, headers=forged)
    assert placed.status_code == 200, placed.text
    [sent] = [e for e in journal(client, "electrician/order/place") if e["status"] == 200]
    assert sent["body"]["returnUrl"] == "http://127.0.0.1:8000/orders/{order_number}"  # PUBLIC_URL
    every_call = client.get("/_mocks/journal").json()
    assert "evil.example" not in str(every_call)
    # The same key from another Host is the same request: the same order, not a conflict.
    again = client.post("/api/checkout/orders", json=body, headers={**forged, "Host": "other.example"})
    assert again.status_code == 200 and again.json()["orderNumber"] == placed.json()["orderNumber"]
