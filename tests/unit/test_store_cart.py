"""Cart rules of the storefront's service, with respx standing in for the catalogue service."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from decimal import Decimal
from typing import Any

import httpx
import msgspec
import pytest
import respx

from gateway.otp import CodeLog, CodeSender, build_limiter
from gateway.plumbing.errors import NotAuthenticated, UpstreamRefused, UpstreamUnavailable
from gateway.sessions import Session, SessionManager, StoreLogin
from gateway.sessions.store import ClaimingMemoryStore
from gateway.settings import Settings
from gateway.store.service import StoreService, cart_view, product_view
from gateway.upstreams.catalogue import CartItem, CatalogueClient, Product
from gateway.upstreams.http import UpstreamHttp
from gateway.upstreams.lenders.native import NativeLender

BASE = "http://catalogue.test/"
LOGIN = StoreLogin(user_id="2001", access_token="tok-2001", mobile_number="9876543210")


def envelope(data: Any = None, status: int = 200, message: str = "Success") -> httpx.Response:
    return httpx.Response(status, json={"statusCode": status, "message": message, "data": data})


def line(product_id: int, quantity: int, price: float = 10.0, distributor: int = 301) -> dict[str, Any]:
    return {
        "id": product_id * 10,
        "productId": product_id,
        "productName": f"Product {product_id}",
        "quantity": quantity,
        "distributorId": distributor,
        "mrpWithCashDiscount": price,
    }


PRODUCT_5 = {
    "records": [
        {"id": 5, "productName": "Product 5", "listingPrice": 90.0, "mrp": 100.0, "distributorId": 304},
    ]
}


class Rules:
    """The service's cart calls for one logged-in shopper."""

    def __init__(self, service: StoreService, session: Session) -> None:
        self.service = service
        self.session = session

    async def increment(self, product_id: int) -> list[tuple[int, int]]:
        return lines(await self.service.increment(self.session, LOGIN, product_id))

    async def decrement(self, product_id: int) -> list[tuple[int, int]]:
        return lines(await self.service.decrement(self.session, LOGIN, product_id))

    async def set_quantity(self, product_id: int, quantity: int) -> list[tuple[int, int]]:
        return lines(await self.service.set_quantity(self.session, LOGIN, product_id, quantity))


def lines(view: Any) -> list[tuple[int, int]]:
    return [(line.product_id, line.quantity) for line in view.items]


@pytest.fixture
async def rules(make_settings: Callable[..., Settings]) -> AsyncIterator[Rules]:
    settings = make_settings()
    client = httpx.AsyncClient(base_url=BASE)
    codes = CodeSender(
        NativeLender(UpstreamHttp("lending", client), "k"),
        build_limiter(settings),
        settings.otp,
        CodeLog(ClaimingMemoryStore(), 1.0),
    )
    session = Session(SessionManager(ClaimingMemoryStore(), settings), {}, None, None)
    session.record.store = LOGIN
    yield Rules(StoreService(CatalogueClient(UpstreamHttp("catalogue", client)), codes), session)
    await client.aclose()


@pytest.fixture
def catalogue() -> respx.MockRouter:
    with respx.mock(base_url=BASE, assert_all_called=False) as router:
        yield router


def body(route: respx.Route, call: int = 0) -> Any:
    return json.loads(route.calls[call].request.content)


async def test_a_400_on_get_cart_is_an_empty_cart_and_the_add_proceeds(
    rules: Rules, catalogue: respx.MockRouter
) -> None:
    get_cart = catalogue.get("electrician/getCart/2001").mock(
        side_effect=[envelope(status=400, message="Cart is empty"), envelope([line(5, 1, distributor=304)])]
    )
    catalogue.get("electrician/getProductCatalogListMobile").mock(return_value=envelope(PRODUCT_5))
    add = catalogue.post("electrician/addCart").mock(return_value=envelope())
    update = catalogue.post("electrician/updateCart").mock(return_value=envelope())

    items = await rules.increment(5)

    assert add.call_count == 1 and update.call_count == 0
    assert body(add) == {"userId": 2001, "productId": 5, "quantity": 1, "distributorId": 304}
    assert add.calls[0].request.headers["Authorization"] == "Bearer tok-2001"
    assert get_cart.calls[0].request.headers["Authorization"] == "Bearer tok-2001"
    assert items == [(5, 1)]


@pytest.mark.parametrize("status", [404, 409])
async def test_other_cart_errors_stop_the_add(rules: Rules, catalogue: respx.MockRouter, status: int) -> None:
    catalogue.get("electrician/getCart/2001").mock(return_value=envelope(status=status, message="Nope"))
    add = catalogue.post("electrician/addCart").mock(return_value=envelope())
    update = catalogue.post("electrician/updateCart").mock(return_value=envelope())

    with pytest.raises(UpstreamRefused) as raised:
        await rules.increment(5)

    assert raised.value.status == status
    assert add.call_count == 0 and update.call_count == 0


@pytest.mark.parametrize("status", [401, 403])
async def test_a_refused_token_stops_the_add_and_ends_the_login(
    rules: Rules, catalogue: respx.MockRouter, status: int
) -> None:
    catalogue.get("electrician/getCart/2001").mock(return_value=envelope(status=status, message="Nope"))
    add = catalogue.post("electrician/addCart").mock(return_value=envelope())
    update = catalogue.post("electrician/updateCart").mock(return_value=envelope())

    with pytest.raises(NotAuthenticated) as raised:
        await rules.increment(5)

    assert raised.value.status_code == 401 and raised.value.code == "session_expired"
    assert rules.session.record.store is None
    assert add.call_count == 0 and update.call_count == 0


async def test_an_unreachable_cart_stops_the_add(rules: Rules, catalogue: respx.MockRouter) -> None:
    catalogue.get("electrician/getCart/2001").mock(return_value=envelope(status=503))
    add = catalogue.post("electrician/addCart").mock(return_value=envelope())

    with pytest.raises(UpstreamUnavailable):
        await rules.set_quantity(5, 2)

    assert add.call_count == 0


async def test_a_product_in_the_cart_is_updated_with_one_more(rules: Rules, catalogue: respx.MockRouter) -> None:
    catalogue.get("electrician/getCart/2001").mock(
        side_effect=[envelope([line(5, 2, distributor=302)]), envelope([line(5, 3, distributor=302)])]
    )
    add = catalogue.post("electrician/addCart").mock(return_value=envelope())
    update = catalogue.post("electrician/updateCart").mock(return_value=envelope())

    items = await rules.increment(5)

    assert add.call_count == 0
    # The increment path carries the distributor.
    assert body(update) == {"userId": 2001, "productId": 5, "quantity": 3, "distributorId": 302}
    assert items == [(5, 3)]


async def test_minus_does_nothing_at_zero(rules: Rules, catalogue: respx.MockRouter) -> None:
    catalogue.get("electrician/getCart/2001").mock(
        side_effect=[envelope([line(7, 1)]), envelope(status=400, message="Cart is empty")]
    )
    update = catalogue.post("electrician/updateCart").mock(return_value=envelope())

    assert await rules.decrement(5) == [(7, 1)]  # product 5 is not in the cart
    assert await rules.decrement(5) == []  # nor in an empty one
    assert update.call_count == 0


async def test_minus_posts_one_less_and_reloads_the_cart(rules: Rules, catalogue: respx.MockRouter) -> None:
    get_cart = catalogue.get("electrician/getCart/2001").mock(
        side_effect=[envelope([line(5, 2)]), envelope([line(5, 1)])]
    )
    update = catalogue.post("electrician/updateCart").mock(return_value=envelope())

    items = await rules.decrement(5)

    assert body(update) == {"userId": 2001, "productId": 5, "quantity": 1}
    assert get_cart.call_count == 2
    assert items == [(5, 1)]


async def test_quantity_zero_deletes_and_nothing_happens_for_a_missing_line(
    rules: Rules, catalogue: respx.MockRouter
) -> None:
    catalogue.get("electrician/getCart/2001").mock(
        side_effect=[envelope([line(5, 4)]), envelope(status=400), envelope(status=400)]
    )
    update = catalogue.post("electrician/updateCart").mock(return_value=envelope())
    add = catalogue.post("electrician/addCart").mock(return_value=envelope())

    assert await rules.set_quantity(5, 0) == []
    assert body(update) == {"userId": 2001, "productId": 5, "quantity": 0}
    assert await rules.set_quantity(5, 0) == []
    assert update.call_count == 1 and add.call_count == 0


def test_count_is_the_sum_of_quantities_and_prices_round_to_two_decimals() -> None:
    # The catalogue's JSON numbers decode straight into Decimal, digits as written.
    upstream = b"""[
        {"productId": 1, "productName": "A", "quantity": 3, "mrpWithCashDiscount": 1.005},
        {"productId": 2, "productName": "B", "quantity": 2, "mrpWithCashDiscount": 75.35},
        {"productId": 3, "productName": "C", "quantity": 1, "mrpWithCashDiscount": 0.1,
         "mrpWithCashDiscountGst": 0.125}
    ]"""
    items = msgspec.json.decode(upstream, type=list[CartItem])
    assert [i.mrp_with_cash_discount for i in items] == [Decimal("1.005"), Decimal("75.35"), Decimal("0.1")]
    view = cart_view(items)
    assert view.count == 6
    # 1.005 x 3 is 3.015: half-up in decimal gives 3.02 (binary floats would give 3.01).
    answer = json.loads(msgspec.json.encode(view))
    assert [line["linePrice"] for line in answer["items"]] == ["3.02", "150.70", "0.10"]
    assert [line["mrpWithCashDiscount"] for line in answer["items"]] == ["1.01", "75.35", "0.10"]
    assert [line["mrpWithCashDiscountGst"] for line in answer["items"]] == [None, None, "0.13"]
    assert answer["subtotal"] == "153.82"


def test_an_empty_cart_counts_zero() -> None:
    view = cart_view([])
    assert (view.count, view.subtotal, view.items) == (0, Decimal("0.00"), [])
    assert json.loads(msgspec.json.encode(view))["subtotal"] == "0.00"


def test_product_amounts_go_out_as_exact_strings_and_percents_as_written() -> None:
    upstream = b"""[
        {"id": 1, "productName": "A", "listingPrice": 50.84, "mrp": 62, "discountToMerchant": 18.00,
         "gstRate": 12.50, "ratings": 4.5, "distributorId": 301},
        {"id": 2, "productName": "B", "listingPrice": 20, "mrp": 20, "gstRate": 20, "distributorId": 301}
    ]"""
    products = msgspec.json.decode(upstream, type=list[Product])
    answer = json.loads(msgspec.json.encode([product_view(p, 0) for p in products]))
    fields = ("listingPrice", "mrp", "discountToMerchant", "gstRate", "ratings")
    assert [tuple(a[f] for f in fields) for a in answer] == [
        ("50.84", "62.00", "18", "12.5", 4.5),  # the star rating is not money: still a number
        ("20.00", "20.00", "0", "20", 0.0),  # 20, never 2E+1
    ]


def test_every_product_field_lands_in_its_own_key() -> None:
    upstream = b"""{"id": 7, "productName": "Fan", "productDetail": "1200 mm", "filePath1": "/f.png",
        "listingPrice": 1999.5, "mrp": 2500, "discount": "Save 500", "ratings": 4.2, "discountToMerchant": 5,
        "distributorId": 301, "brandId": 9, "brandName": "Breeze", "category": {"slug": "fans", "name": "Fans"},
        "hsnCode": "8414", "gstRate": 18, "packSize": "1 piece", "warranty": "2 years", "stockQuantity": 40,
        "returnDays": 7, "images": [{"width": 160, "type": "image/webp", "url": "/f-160.webp"}]}"""
    answer = json.loads(msgspec.json.encode(product_view(msgspec.json.decode(upstream, type=Product), 3)))
    assert answer == {
        "id": 7,
        "productName": "Fan",
        "productDetail": "1200 mm",
        "filePath1": "/f.png",
        "listingPrice": "1999.50",
        "mrp": "2500.00",
        "discount": "Save 500",
        "ratings": 4.2,
        "discountToMerchant": "5",
        "distributorId": 301,
        "quantity": 3,
        "brandId": 9,
        "brandName": "Breeze",
        "category": {"slug": "fans", "name": "Fans"},
        "hsnCode": "8414",
        "gstRate": "18",
        "packSize": "1 piece",
        "warranty": "2 years",
        "stockQuantity": 40,
        "priceText": "₹1,999.50",
        "mrpText": "₹2,500.00",
        "returnDays": 7,
        "pictureSources": [{"type": "image/webp", "srcset": "/f-160.webp 160w", "lightSrcset": "/f-160.webp 160w"}],
    }
