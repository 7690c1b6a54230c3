"""The store API's catalogue through the in-process mocks: one price on every seeded product
(list, detail and a one-unit cart line agree), the tax and stock fields, and the browse filters."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from tests.conftest import GatewayClient
from tests.integration.test_store_api import app_token, log_in

PRICE_FIELDS = ("listingPrice", "mrp", "discountToMerchant", "discount")
EXTENSION_FIELDS = ("brandId", "brandName", "category", "hsnCode", "gstRate", "packSize", "warranty", "stockQuantity")


def exact(answer: Any) -> Any:
    """The answer's JSON with every number kept as the exact Decimal of its text."""
    return json.loads(answer.text, parse_float=Decimal)


def whole_catalogue(client: GatewayClient, **params: str) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for page in range(1, 50):
        answer = client.get("/api/store/products", params={**params, "page": str(page), "pageSize": "48"})
        assert answer.status_code == 200, answer.text
        body = exact(answer)
        records += body["records"]
        if not body["hasMore"]:
            return records
    raise AssertionError("the list never ended")


def amount(text: str) -> Decimal:
    """An amount as the store API writes it: a decimal string with exactly 2 decimals ("1234.50")."""
    assert isinstance(text, str) and re.fullmatch(r"\d+\.\d{2}", text), f"not an exact amount: {text!r}"
    return Decimal(text)


def whole_percent(text: str) -> Decimal:
    assert isinstance(text, str) and re.fullmatch(r"\d{1,3}", text), f"not a whole percent: {text!r}"
    return Decimal(text)


def test_every_product_has_one_price_in_the_list_the_detail_and_the_cart(client: GatewayClient) -> None:
    listed = whole_catalogue(client)
    assert len(listed) == len({p["id"] for p in listed}) >= 150
    for product in listed:
        name = product["productName"]
        mrp, price = amount(product["mrp"]), amount(product["listingPrice"])
        off = whole_percent(product["discountToMerchant"])
        assert 0 < price <= mrp, f"{name}: M.R.P. below the price"
        assert price == mrp * (100 - off) / 100, f"{name}: {off}% off {mrp} is not {price}"
        if price == mrp:
            assert off == 0 and product["discount"] is None, name
        else:
            saving = re.fullmatch(r"Save ₹([\d,]+\.\d\d) on M\.R\.P\.", product["discount"])
            assert saving and Decimal(saving[1].replace(",", "")) == mrp - price, name
        detail = exact(client.get(f"/api/store/products/{product['id']}"))
        for field in PRICE_FIELDS + EXTENSION_FIELDS:
            assert detail[field] == product[field], f"{name}: {field} differs between list and detail"

    # One unit of each in the cart: the line's unit price is the listing price, its M.R.P. line the M.R.P.
    log_in(client)
    user_id, token = app_token(client)
    for product in listed:
        added = client.post(
            "/_mocks/catalogue/electrician/addCart",
            json={"userId": int(user_id), "productId": product["id"], "quantity": 1, "distributorId": 301},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert added.status_code == 200, added.text
    cart = exact(client.get("/api/store/cart"))
    by_id = {p["id"]: p for p in listed}
    assert len(cart["items"]) == len(listed)
    for line in cart["items"]:
        product = by_id[line["productId"]]
        assert line["mrpWithCashDiscount"] == line["linePrice"] == product["listingPrice"], product["productName"]
        assert line["mrpWithCashDiscountGst"] == product["mrp"], product["productName"]
        assert line["discount"] == product["discount"]
        assert line["pictureSources"] == product["pictureSources"], product["productName"]  # the same light picture
    assert amount(cart["subtotal"]) == sum(amount(p["listingPrice"]) for p in listed)


def test_tax_codes_rates_and_stock_fit_the_range(client: GatewayClient) -> None:
    listed = whole_catalogue(client)
    by_category: dict[str, list[dict[str, Any]]] = {}
    for product in listed:
        assert re.fullmatch(r"\d{4}", product["hsnCode"]), product
        assert product["packSize"] and product["stockQuantity"] >= 0
        by_category.setdefault(product["category"]["slug"], []).append(product)
    assert {p["hsnCode"] for p in by_category["home-wires"]} == {"8544"}
    assert {p["hsnCode"] for p in by_category["fans"]} == {"8414"}
    assert {p["hsnCode"] for p in by_category["pvc-conduit-pipes"]} == {"3917"}
    assert {(p["hsnCode"], p["gstRate"]) for p in by_category["led-battens-panels"]} == {("9405", "12")}
    assert {p["gstRate"] for p in by_category["switches"] + by_category["mcb-rccb"]} == {"18"}
    door_phone = next(p for p in by_category["door-bells"] if "Video Door Phone" in p["productName"])
    assert door_phone["hsnCode"] == "8517"  # a door phone is telephone apparatus, not a bell
    stock = [p["stockQuantity"] for p in listed]
    assert 0 in stock and any(0 < s <= 3 for s in stock), "no sold-out or nearly sold-out product to show"


def test_the_list_filters_sorts_and_lists_categories(client: GatewayClient) -> None:
    categories = client.get("/api/store/categories").json()
    assert [c["slug"] for c in categories][-2:] == ["fans", "led-battens-panels"]
    fans = next(c for c in categories if c["slug"] == "fans")
    assert fans == {"slug": "fans", "name": "Fans", "productCount": 12}

    in_fans = whole_catalogue(client, category="fans", sort="priceDesc")
    prices = [amount(p["listingPrice"]) for p in in_fans]
    assert len(in_fans) == 12 and prices == sorted(prices, reverse=True)
    assert {p["category"]["name"] for p in in_fans} == {"Fans"}
    by_brand = whole_catalogue(client, brandId="9")
    assert by_brand and {p["brandName"] for p in by_brand} == {"Sheetal Fans"}
    searched = whole_catalogue(client, search="fan")
    assert {p["id"] for p in in_fans} < {p["id"] for p in searched}  # 'fan' also finds 'Fan Regulator'

    for bad in ({"sort": "cheapest"}, {"category": "Fans!"}, {"brandId": "0"}):
        refused = client.get("/api/store/products", params=bad)
        assert refused.status_code == 400, bad
        assert refused.json()["error"]["field"] in bad, refused.text
