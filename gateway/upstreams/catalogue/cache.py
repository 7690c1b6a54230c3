"""The catalogue client with a short-lived cache of the answers that are the same for everyone.

Product pages (keyed by every parameter: page, page size, search, category, brand, sort and
language), single products and the category list (by language) are cached for
CATALOGUE_CACHE_SECONDS; brands are cached per access token, so one shopper's answer is never
another's. Carts, addresses and logins are never cached. Concurrent misses of one key share
one upstream call (async-lru), and a failed call is not cached. 0 seconds turns it off.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar, cast

from async_lru import alru_cache

from gateway.language.codes import DEFAULT, Language
from gateway.upstreams.catalogue.client import CatalogueClient, ProductSort
from gateway.upstreams.catalogue.wire import Brand, CategoryRecord, Product
from gateway.upstreams.http import UpstreamHttp

P = ParamSpec("P")
R = TypeVar("R")

MAX_ENTRIES = 1024


def _cached(call: Callable[P, Coroutine[Any, Any, R]], ttl_seconds: float) -> Callable[P, Coroutine[Any, Any, R]]:
    if ttl_seconds <= 0:
        return call
    return cast(Callable[P, Coroutine[Any, Any, R]], alru_cache(maxsize=MAX_ENTRIES, ttl=ttl_seconds)(call))


class CachedCatalogueClient(CatalogueClient):
    def __init__(self, http: UpstreamHttp, ttl_seconds: float) -> None:
        super().__init__(http)
        upstream = CatalogueClient(http)
        self._products = _cached(upstream.products, ttl_seconds)
        self._product = _cached(upstream.product, ttl_seconds)
        self._categories = _cached(upstream.categories, ttl_seconds)
        self._brands = _cached(upstream.brands, ttl_seconds)

    async def products(
        self,
        page: int,
        page_size: int,
        search: str | None = None,
        *,
        category: str | None = None,
        brand_id: int | None = None,
        sort: ProductSort | None = None,
        language: Language = DEFAULT,
    ) -> list[Product]:
        return await self._products(
            page, page_size, search, category=category, brand_id=brand_id, sort=sort, language=language
        )

    async def categories(self, language: Language = DEFAULT) -> list[CategoryRecord]:
        return await self._categories(language)

    async def product(self, product_id: int, language: Language = DEFAULT) -> Product | None:
        return await self._product(product_id, language)

    async def brands(self, token: str) -> list[Brand]:
        return await self._brands(token)
