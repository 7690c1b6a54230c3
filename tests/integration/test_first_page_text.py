"""The first page of products the gateway fills into the HTML shows, for every product of the
catalogue mock's seed, the text the app renders for it: the cards are React's markup with tokens
(frontend/scripts/prerender.mjs), filled by gateway/store/first_page.py, and the amounts in them
are the gateway's own texts (priceText, mrpText) that the app shows as they are. Each page of the
catalogue is filled in as the gateway fills the first one, and rendered by the app's own code in
Node (frontend/scripts/render-first-pages.mjs, the render the browser hydrates with); the card
texts must be equal, card for card, in every language the app has (each has its template).
tests/e2e/test_prerendered_pages.py shows in Chromium that the served first page
hydrates as it is."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import msgspec
import pytest

from gateway.language.codes import LANGUAGES
from gateway.store.first_page import FirstPageTemplate, filled_page
from gateway.store.schemas import ProductListView
from tests.conftest import GatewayClient
from tests.integration.real_build import DIST as STATIC_DIR
from tests.integration.real_build import serve_real_build
from upstream_mocks.catalogue.seed import products

ROOT = Path(__file__).resolve().parents[2]
PAGE_SIZE = 12


@pytest.fixture(scope="module")
def gateway() -> Iterator[GatewayClient]:
    """One gateway for the module: its tests only read the catalogue and the configuration."""
    yield from serve_real_build()


class CardTexts(HTMLParser):
    """The text of each product card (li[data-testid=product-card]) in a page's markup."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[str] = []
        self._depth = 0  # open elements inside the card being read; 0 outside any card

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._depth:
            self._depth += tag not in {"img", "br", "input"}
        elif tag == "li" and ("data-testid", "product-card") in attrs:
            self._depth = 1
            self.cards.append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass  # <img ... />: opens nothing

    def handle_endtag(self, tag: str) -> None:
        if self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.cards[-1] += data


def card_texts(markup: str) -> list[str]:
    parser = CardTexts()
    parser.feed(markup)
    return [" ".join(text.split()) for text in parser.cards]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_seed_product_shows_the_same_text_pre_rendered_and_rendered_by_the_app(
    gateway: GatewayClient, language: str
) -> None:
    listings: list[dict[str, Any]] = []
    while not listings or listings[-1]["hasMore"]:
        answer = gateway.get("/api/store/products", params={"page": len(listings) + 1, "pageSize": PAGE_SIZE})
        answer.raise_for_status()
        listings.append(answer.json())
    shown = [product["id"] for listing in listings for product in listing["records"]]
    assert sorted(shown) == sorted(p.id for p in products())

    pages = json.loads((STATIC_DIR / ".prerendered" / "routes.json").read_text())
    shell = (STATIC_DIR / ".prerendered" / pages["/products"][language]).read_bytes()
    template = msgspec.json.decode(
        (STATIC_DIR / ".prerendered" / f"products-first-page.{language}.json").read_bytes(), type=FirstPageTemplate
    )
    pre_rendered = [
        card_texts(filled_page(shell, template, msgspec.convert(listing, ProductListView, strict=False)).decode())
        for listing in listings
    ]

    config = gateway.get("/api/config").json()
    rendered = subprocess.run(
        ["node", str(ROOT / "frontend" / "scripts" / "render-first-pages.mjs")],
        input=json.dumps({"config": config, "locale": language, "listings": listings}),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    by_the_app = [card_texts(markup) for markup in json.loads(rendered.stdout)]

    # Every page is filled in, those with a sold-out product (Out of stock on its card) and those
    # with a product sold at its M.R.P. (nothing struck) among them.
    assert [len(cards) for cards in pre_rendered] == [len(listing["records"]) for listing in listings]
    records = [product for listing in listings for product in listing["records"]]
    assert any(p["stockQuantity"] == 0 for p in records) and any(p["mrp"] == p["listingPrice"] for p in records)
    for listing, html_cards, app_cards in zip(listings, pre_rendered, by_the_app, strict=True):
        for product, html_card, app_card in zip(listing["records"], html_cards, app_cards, strict=True):
            assert html_card == app_card, product["id"]
            assert product["priceText"] in html_card and product["productName"] in html_card
            # The M.R.P. is struck only above the price: then it is a second amount on the card.
            struck = product["mrp"] != product["listingPrice"]
            amounts = {product["priceText"], product["mrpText"]}
            assert sum(html_card.count(amount) for amount in amounts) == (2 if struck else 1), product["id"]
