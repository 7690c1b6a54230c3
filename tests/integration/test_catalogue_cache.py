"""The anonymous catalogue cache: answers are shared only between requests that ask the same thing.

Each test compares what the gateway answers with what the catalogue itself holds, after the
cache has been warmed by a different request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gateway.settings import Settings
from tests.conftest import GatewayClient
from tests.integration.test_store_api import catalogue_calls, log_in

LIST = "electrician/getProductCatalogListMobile"


def ids(answer: Any) -> list[int]:
    assert answer.status_code == 200, answer.text
    return [p["id"] for p in answer.json()["records"]]


def test_repeated_anonymous_pages_cost_one_upstream_call(client: GatewayClient) -> None:
    client.delete("/_mocks/journal")
    first = client.get("/api/store/products", params={"page": 1}).json()
    for _ in range(3):
        assert client.get("/api/store/products", params={"page": 1}).json() == first
    assert len(catalogue_calls(client, LIST)) == 1


def test_page_page_size_and_search_each_get_their_own_answer(client: GatewayClient) -> None:
    page_1 = ids(client.get("/api/store/products", params={"page": 1}))
    page_2 = ids(client.get("/api/store/products", params={"page": 2}))
    small = ids(client.get("/api/store/products", params={"page": 1, "pageSize": 5}))
    led = client.get("/api/store/products", params={"search": "led"})
    fan = client.get("/api/store/products", params={"search": "fan"})
    assert page_1 == list(range(1, 13))
    assert page_2 == list(range(13, 25))
    assert small == [1, 2, 3, 4, 5]
    assert ids(led) == upstream_ids(client, search="led")
    assert ids(fan) == upstream_ids(client, search="fan")
    assert ids(led) != ids(fan)
    # Asked again, each still gets its own (now cached) answer.
    assert ids(client.get("/api/store/products", params={"page": 2})) == page_2
    assert ids(client.get("/api/store/products", params={"search": "fan"})) == ids(fan)


def upstream_ids(client: GatewayClient, **params: Any) -> list[int]:
    """What the catalogue itself answers for the same question (the mock, not through the cache)."""
    query = {"productType": "quickCommerce", "page": 1, "pageSize": 12, **params}
    answer = client.get(f"/_mocks/catalogue/{LIST}", params=query)
    assert answer.status_code == 200, answer.text
    return [p["id"] for p in answer.json()["data"]["records"]]


def test_category_brand_and_sort_each_get_their_own_answer(client: GatewayClient) -> None:
    fans = ids(client.get("/api/store/products", params={"category": "fans"}))
    fans_cheap_first = ids(client.get("/api/store/products", params={"category": "fans", "sort": "priceAsc"}))
    fans_dear_first = ids(client.get("/api/store/products", params={"category": "fans", "sort": "priceDesc"}))
    brand_1 = ids(client.get("/api/store/products", params={"brandId": 1}))
    assert fans == upstream_ids(client, category="fans")
    assert fans_cheap_first == upstream_ids(client, category="fans", sort="priceAsc")
    assert fans_dear_first == upstream_ids(client, category="fans", sort="priceDesc")
    assert brand_1 == upstream_ids(client, brandId=1)
    assert fans_cheap_first != fans_dear_first
    # The cached answers stay apart when asked again.
    assert ids(client.get("/api/store/products", params={"category": "fans", "sort": "priceAsc"})) == fans_cheap_first
    assert ids(client.get("/api/store/products", params={"category": "fans"})) == fans


def test_one_product_is_cached_by_its_id(client: GatewayClient) -> None:
    one = client.get("/api/store/products/1").json()
    two = client.get("/api/store/products/2").json()
    assert (one["id"], two["id"]) == (1, 2)
    assert client.get("/api/store/products/2").json() == two
    assert client.get("/api/store/products/999999").status_code == 404


def test_a_cached_page_carries_each_shoppers_own_cart(client: GatewayClient) -> None:
    """The page is shared; the cart quantities on it are read per request, never cached."""
    log_in(client, "9123456780")
    other = client.cookies["session"]
    log_in(client)
    shopper = client.cookies["session"]
    assert other != shopper
    assert all(p["quantity"] == 0 for p in client.get("/api/store/products").json()["records"])
    added = client.post("/api/store/cart/items/3/increment", headers=client.xsrf())
    assert added.status_code == 200, added.text

    def as_(session_id: str | None) -> dict[str, int]:
        client.cookies.delete("session")
        if session_id:
            client.cookies.set("session", session_id)
        records = client.get("/api/store/products").json()["records"]
        one = client.get("/api/store/products/3").json()["quantity"]
        return {"list": next(p["quantity"] for p in records if p["id"] == 3), "detail": one}

    assert as_(shopper) == {"list": 1, "detail": 1}  # at once, although page and product are cached
    assert as_(other) == {"list": 0, "detail": 0}
    assert as_(None) == {"list": 0, "detail": 0}
    assert as_(shopper) == {"list": 1, "detail": 1}


def test_a_failed_call_is_not_cached(client: GatewayClient) -> None:
    client.post("/_mocks/scenarios", json={"mock": "catalogue", "path": LIST, "status": 500, "times": 1})
    assert client.get("/api/store/products", params={"page": 3}).status_code == 503
    assert ids(client.get("/api/store/products", params={"page": 3})) == list(range(25, 37))


def test_zero_seconds_turns_the_cache_off(
    make_client: Callable[[Settings], GatewayClient], make_settings: Callable[..., Settings]
) -> None:
    client = make_client(make_settings(catalogue_cache_seconds=0))
    client.delete("/_mocks/journal")
    for _ in range(3):
        client.get("/api/store/products", params={"page": 1})
    assert len(catalogue_calls(client, LIST)) == 3


def test_a_replayed_answer_has_the_headers_of_a_fresh_one(client: GatewayClient) -> None:
    client.delete("/_mocks/journal")
    first, replayed = (client.get("/api/store/products", params={"page": 4}) for _ in range(2))
    assert len(catalogue_calls(client, LIST)) == 1  # the second was replayed
    assert replayed.content == first.content
    for name in ("content-security-policy", "x-content-type-options", "x-frame-options", "content-type"):
        assert replayed.headers[name] == first.headers[name]
    # A product list may be kept for reading offline, never reused unasked (docs/decisions/offline-reading.md).
    assert replayed.headers["cache-control"] == first.headers["cache-control"] == "private, no-cache"
    # Each answer has its own request id, and neither hands out a cookie.
    assert first.headers["x-request-id"] != replayed.headers["x-request-id"]
    assert "set-cookie" not in replayed.headers and "set-cookie" not in first.headers
