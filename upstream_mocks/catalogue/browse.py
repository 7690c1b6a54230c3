"""Narrowing and ordering the product list: category, brand, word-prefix search (in English or
Hindi: a shopper reading the catalogue in Hindi types its Hindi words), price sort."""

from __future__ import annotations

import re
from typing import Literal

from upstream_mocks.catalogue.hindi import hindi
from upstream_mocks.catalogue.seed import CatalogueState, Product

Sort = Literal["priceAsc", "priceDesc"]
_WORD = re.compile(r"[0-9a-z\u0900-\u097f]+")


def words(text: str) -> list[str]:
    """Lower-case runs of letters (Latin or Devanagari) and digits: '3-Pin' gives '3' and 'pin'."""
    return _WORD.findall(text.lower())


def searchable_words(state: CatalogueState, product: Product) -> set[str]:
    brand = next((b.name for b in state.brands if b.id == product.brand_id), "")
    category = next((c.name for c in state.categories if c.slug == product.category), "")
    detail = product.product_detail
    texts = (product.product_name, detail, brand, category, hindi(detail), hindi(category))
    return set(words(" ".join(texts)))


def matches(query_words: list[str], product_words: set[str]) -> bool:
    """Every word of the query starts some word of the product ('fan' finds 'Fans', 'ceiling fan')."""
    return all(any(w.startswith(q) for w in product_words) for q in query_words)


def browse(
    state: CatalogueState,
    *,
    search: str | None = None,
    category: str | None = None,
    brand_id: int | None = None,
    sort: Sort | None = None,
) -> list[Product]:
    items = state.products
    if category is not None:
        items = [p for p in items if p.category == category]
    if brand_id is not None:
        items = [p for p in items if p.brand_id == brand_id]
    if search and search.strip():
        query = words(search)  # a search of punctuation alone finds nothing
        items = [p for p in items if query and matches(query, searchable_words(state, p))]
    if sort == "priceAsc":
        items = sorted(items, key=lambda p: (p.listing_price, p.id))
    elif sort == "priceDesc":
        items = sorted(items, key=lambda p: (-p.listing_price, p.id))
    return items
