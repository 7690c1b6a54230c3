"""The address book through the gateway and the catalogue mock: add, change, default, remove,
the as-you-type rules, and an order's address remembered for the next one."""

from __future__ import annotations

from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_checkout_api import fill_cart, quote
from tests.integration.test_store_api import log_in

NEW_SHOPPER = "9000000021"
GODOWN = {"name": "Meena Traders", "mobileNumber": "9812345670", "address1": "Godown 3, Phase 2", "pincode": "110020"}


def book(client: GatewayClient) -> list[dict[str, Any]]:
    answer = client.get("/api/addresses")
    assert answer.status_code == 200, answer.text
    addresses: list[dict[str, Any]] = answer.json()["addresses"]
    return addresses


def check(client: GatewayClient, **draft: str) -> dict[str, Any]:
    answer = client.post("/api/addresses/check", json=draft, headers=client.xsrf())
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def test_an_order_s_new_address_is_offered_first_next_time(client: GatewayClient) -> None:
    log_in(client, NEW_SHOPPER)
    assert client.get("/api/addresses").json()["mobileNumber"] == NEW_SHOPPER
    fill_cart(client, {5: 1})
    total = quote(client)["charges"]["total"]
    address = {**GODOWN, "address2": ""}
    body = {"address": address, "paymentMethod": "cod", "quotedTotal": total}
    placed = client.post("/api/checkout/orders", json=body, headers={**client.xsrf(), "Idempotency-Key": "book-0001"})
    assert placed.status_code == 200, placed.text
    [saved] = book(client)
    assert (saved["name"], saved["address1"], saved["pincode"], saved["city"]) == (
        "Meena Traders",
        "Godown 3, Phase 2",
        "110020",
        "Delhi",
    )
    assert saved["default"] is True and saved["lastUsed"] is True


def test_add_change_make_default_and_remove(client: GatewayClient) -> None:
    log_in(client)  # Ramesh: Karol Bagh and Gurugram (used last), no default
    assert [a["city"] for a in book(client)] == ["Gurugram", "New Delhi"]
    added = client.post("/api/addresses", json={"address": GODOWN}, headers=client.xsrf())
    assert added.status_code == 200, added.text
    godown = added.json()
    assert godown["default"] is False and godown["city"] == "Delhi"  # the pin code's, not the browser's

    made = client.put(f"/api/addresses/{godown['id']}/default", headers=client.xsrf())
    assert made.status_code == 200 and made.json()["default"] is True
    assert book(client)[0]["address1"] == "Godown 3, Phase 2"  # the default comes first

    changed = client.put(
        f"/api/addresses/{godown['id']}",
        json={"address": {**GODOWN, "address1": "Godown 4, Phase 2"}},
        headers=client.xsrf(),
    )
    assert changed.status_code == 200 and changed.json()["address1"] == "Godown 4, Phase 2"
    assert [a for a in book(client) if a["default"]] == [changed.json()]  # still the default after a change

    removed = client.delete(f"/api/addresses/{godown['id']}", headers=client.xsrf())
    assert removed.status_code == 204
    assert [a["city"] for a in book(client)] == ["Gurugram", "New Delhi"]
    again = client.delete(f"/api/addresses/{godown['id']}", headers=client.xsrf())
    assert again.status_code == 404 and again.json()["error"]["code"] == "address_not_found"


def test_the_book_refuses_by_the_same_rules_the_form_shows(client: GatewayClient) -> None:
    log_in(client)
    blank = {"address": {**GODOWN, "name": "   "}}
    blank_name = client.post("/api/addresses", json=blank, headers=client.xsrf())
    assert blank_name.status_code == 422
    assert blank_name.json()["error"]["code"] == "name_missing"
    assert blank_name.json()["error"]["field"] == "address.name"
    assert client.post("/api/addresses", json={"address": GODOWN}).status_code == 403  # no XSRF header


def test_each_field_says_why_as_it_is_typed(client: GatewayClient) -> None:
    log_in(client)
    five = check(client, name="Meena", mobileNumber="98123", address1="", pincode="11002")
    assert {p["field"]: p["code"] for p in five["problems"]} == {
        "mobileNumber": "mobile_length",
        "address1": "address_missing",
        "pincode": "pincode_length",
    }
    assert five["place"] is None
    zeros = check(client, pincode="000000")
    assert [p["code"] for p in zeros["problems"] if p["field"] == "pincode"] == ["pincode_leading_zero"]
    assert check(client, mobileNumber="5812345670")["problems"][1]["code"] == "mobile_start"
    good = check(client, **GODOWN)
    assert good["problems"] == [] and good["place"]["state"] == "Delhi"
    unknown = check(client, **{**GODOWN, "pincode": "999999"})
    assert [p["code"] for p in unknown["problems"]] == ["pincode_unknown"]
