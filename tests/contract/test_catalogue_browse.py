"""Browsing the catalogue mock through the gateway's client: categories, word-prefix search,
category and brand filters, price sort. Every exchange is held to contracts/catalogue.openapi.yaml."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import pytest

from gateway.upstreams.catalogue import CatalogueClient, Product
from gateway.upstreams.http import UpstreamHttp
from tests.contract.conftest import Recorded, RecordingMock, assert_conforms, contract_for
from upstream_mocks.contract import Contract

CREDIT_PAGE_CATEGORIES = [
    "PVC conduit pipes",
    "Socket & Switchgears",
    "Switches",
    "Home Wires",
    "Lamps & Bulbs",
    "Home Door Bells",
    "MCB & RCCB",
    "LED Bulbs",
    "Casing & Capping",
    "Boxes and Enclosures",
]


@pytest.fixture(scope="module")
def contract() -> Contract:
    return contract_for("catalogue")


@pytest.fixture
async def browsing(
    recording_mock: Callable[..., AbstractAsyncContextManager[RecordingMock]],
) -> AsyncIterator[tuple[CatalogueClient, Recorded, RecordingMock]]:
    async with recording_mock("catalogue", check_contracts=True) as mock:
        yield CatalogueClient(UpstreamHttp("catalogue", mock.client)), mock.recorded, mock


async def everything(client: CatalogueClient, **filters: Any) -> list[Product]:
    """Every page of a browse, as a client scrolling to the end would get it."""
    found: list[Product] = []
    for page in range(1, 50):
        chunk = await client.products(page, 100, **filters)
        found += chunk
        if len(chunk) < 100:
            return found
    raise AssertionError("the list never ended")


async def test_categories_are_the_credit_page_ten_plus_fans_and_battens(
    contract: Contract, browsing: tuple[CatalogueClient, Recorded, RecordingMock]
) -> None:
    client, recorded, _ = browsing
    categories = await client.categories()
    names = [c.name for c in categories]
    assert names[:10] == CREDIT_PAGE_CATEGORIES
    assert names[10:] == ["Fans", "LED Battens & Panels"]
    products = await everything(client)
    assert sum(c.product_count or 0 for c in categories) == len(products)
    for category in categories:
        inside = await everything(client, category=category.slug)
        assert len(inside) == category.product_count
        assert {p.category.slug if p.category else None for p in inside} == {category.slug}
    assert await client.products(1, 12, category="no-such-range") == []
    assert_conforms(contract, recorded.exchanges)


async def test_search_matches_word_prefixes_in_name_detail_brand_and_category(
    contract: Contract, browsing: tuple[CatalogueClient, Recorded, RecordingMock]
) -> None:
    client, recorded, _ = browsing
    fans = await everything(client, search="fan")
    names = [p.product_name for p in fans]
    # 'fan' finds the Fans category (by its name) and other products with a word starting 'fan'.
    assert {p.id for p in await everything(client, category="fans")} <= {p.id for p in fans}
    assert any("Fan Regulator" in n for n in names) and any("Fan Box" in n for n in names)
    assert [p.id for p in await everything(client, search="FAN")] == [p.id for p in fans]
    # Every word must start a word: 'ceiling fan' is narrower than 'fan', and an infix finds nothing.
    ceiling = await everything(client, search="ceiling fan")
    assert ceiling and all("Ceiling" in p.product_name for p in ceiling) and len(ceiling) < len(fans)
    assert await client.products(1, 12, "itch") == []  # inside 'switch', not the start of a word
    # Detail and brand words count too.
    assert {p.product_name for p in await everything(client, search="child-safe")} == {"Voltara 6A 3-Pin Socket"}
    sheetal = await everything(client, search="sheetal")
    assert sheetal and all(p.brand_name == "Sheetal Fans" for p in sheetal)
    assert await client.products(1, 12, "--") == []  # punctuation alone finds nothing
    assert_conforms(contract, recorded.exchanges)


async def test_brand_filter_and_price_sort_page_consistently(
    contract: Contract, browsing: tuple[CatalogueClient, Recorded, RecordingMock]
) -> None:
    client, recorded, _ = browsing
    voltara = await everything(client, brand_id=1)
    assert voltara and {(p.brand_id, p.brand_name) for p in voltara} == {(1, "Voltara")}

    ascending = await everything(client, sort="priceAsc")
    prices = [p.listing_price for p in ascending]
    assert prices == sorted(prices) and prices[0] < prices[-1]
    assert len(ascending) == len(await everything(client))
    descending = await everything(client, sort="priceDesc")
    assert [p.listing_price for p in descending] == sorted(prices, reverse=True)
    # Pages of a sorted list join into the sorted list: no product twice, none lost.
    paged = [p.id for page in range(1, 15) for p in await client.products(page, 12, sort="priceAsc")]
    assert paged == [p.id for p in ascending]

    fans_cheapest_first = await everything(client, category="fans", sort="priceAsc", search="fan")
    assert [p.listing_price for p in fans_cheapest_first] == sorted(p.listing_price for p in fans_cheapest_first)
    assert_conforms(contract, recorded.exchanges)


async def test_the_mock_refuses_an_unknown_sort(browsing: tuple[CatalogueClient, Recorded, RecordingMock]) -> None:
    _, _, mock = browsing
    answer = await mock.client.get(
        "electrician/getProductCatalogListMobile", params={"productType": "quickCommerce", "sort": "cheapest"}
    )
    assert answer.status_code == 400
    assert "priceAsc" in answer.json()["message"]  # it names what is accepted
