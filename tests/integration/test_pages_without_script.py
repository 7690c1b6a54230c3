"""What a visitor's browser shows of the pre-rendered pages before any script runs (or with
JavaScript off) is in the HTML the gateway sends: the page's main heading, the product's name
filled in, no leftover token, and for a Hindi visitor the page written in Hindi with the links to
its other language. Read from the real build's HTML; tests/e2e/test_prerendered_pages.py and
test_site_hindi.py show in Chromium that the page hydrates as it was sent."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.conftest import GatewayClient
from tests.integration.page_outline import outline
from tests.integration.real_build import serve_real_build

PRODUCT = "VoltKhata"  # the default product name (settings)

# path -> text of its main heading, as the pre-rendered HTML has it
PRERENDERED = {
    "/": "Buy electrical stock on credit",
    "/buy-products-on-credit": "Buy products on credit",
    "/dpd": "Collections with",
    "/AboutUs": f"About {PRODUCT}",
    "/blog": "Blog",
    "/FAQ's": "Frequently Asked Questions",
    "/contact-us": "Contact us",
    "/delete-data-policy": "Delete Your Data",
    "/privacy-policy": "Privacy and Lending Policy",
    "/terms-and-conditions": "Terms and Conditions",
    "/shipping-policy": "Shipping Policy",
    "/paynow": "Pay Now",
    "/products": "Products",
    "/product-home": "Store",
}
# The site's pages, and the portal's and the store's first pages, served in Hindi too.
HINDI_PAGES = ["/", "/buy-products-on-credit", "/contact-us", "/FAQ's", "/paynow", "/products"]
DEVANAGARI = re.compile(r"[\u0900-\u097F]")


@pytest.fixture(scope="module")
def served() -> Iterator[GatewayClient]:
    """One gateway for the module: every test only reads pages. The products pages wait for their
    first products as the e2e gateway does, so a loaded machine cannot send the shell instead."""
    yield from serve_real_build(first_page_wait_seconds=5.0)


@pytest.fixture
def site(served: GatewayClient) -> GatewayClient:
    """The module's gateway as a new visitor: no cookie from an earlier test."""
    served.cookies.clear()
    return served


@pytest.mark.parametrize(("path", "heading"), PRERENDERED.items(), ids=list(PRERENDERED))
def test_the_page_shows_without_javascript(site: GatewayClient, path: str, heading: str) -> None:
    answer = site.get(path, headers={"Accept-Language": "en-US,en;q=0.9"})
    assert answer.status_code == 200
    html = answer.text
    page = outline(html)
    assert len(page.main_headings) == 1, page.main_headings
    assert heading in page.main_headings[0]
    # The settings were filled in by the gateway: the product's name, no leftover token.
    assert PRODUCT in html
    assert "%%" not in html
    assert PRODUCT in page.title


@pytest.mark.parametrize("path", HINDI_PAGES)
def test_the_server_sends_the_page_in_hindi(site: GatewayClient, path: str) -> None:
    # The visitor's switch (the `lang` cookie) in a browser set to English.
    answer = site.get(path, headers={"Accept-Language": "en-IN", "Cookie": "lang=hi"})
    assert answer.status_code == 200
    page = outline(answer.text)
    assert page.lang == "hi-IN"
    # The page's words are in the HTML, before any script: its main heading among them.
    assert DEVANAGARI.search(page.root_text)
    assert len(page.main_headings) == 1, page.main_headings
    assert DEVANAGARI.search(page.main_headings[0]), page.main_headings
    assert "%%" not in answer.text
    # Search engines find the other language's page, and the one for any browser.
    assert set(page.alternates) == {"en-IN", "hi-IN", "x-default"}
    assert page.alternates["hi-IN"].endswith("?lang=hi")
