"""The product list's first page in the HTML of /products and of the store home, for a visitor.

Both are pre-rendered as their shells (an empty list, 'Loading...'); the products would otherwise
wait for the app's scripts and then for its catalogue call, which on a slow phone is seconds after
the page itself (on /products the first product's image is the largest paint; the store home
showed 'Loading...' under its banners until then). For a visitor (no session cookie: no cart,
the same page for everyone) the gateway fills the first page in:

- the cards, from the markup React renders for them (frontend/scripts/prerender.mjs renders each
  page once with sample products and keeps, per place in the list, each card with %%tokens%%;
  one template per page, as a card's markup differs between them);
- the same answer as `GET /api/store/products?page=1&pageSize=12` gives, as a JSON script
  element the app starts its list from (features/store/api/first-page.ts), so it hydrates the
  cards as they are instead of asking again and drawing them anew.

Both pages also carry the store's categories (`GET /api/store/categories`'s answer, for every
request: they are the same for everyone), which the app's chips start from, so neither page calls
the gateway as it starts (docs/decisions/bundle-budgets.md).

Each page and language has its template (the cards' words are the page's language).
A shopper with a session (a cart to show), an address with a query other than `?lang=` (the app
renders those pages anew) or a catalogue that does not answer within `wait_seconds` gets the shell as before.
"""

from __future__ import annotations

import asyncio
import math
import re
from html import escape
from pathlib import Path
from typing import Any

import msgspec
import structlog
from litestar import Request

from gateway.language.codes import LANGUAGES, Language
from gateway.language.resolution import QUERY_NAME
from gateway.plumbing.errors import GatewayError
from gateway.spa.build_files import BuildFile
from gateway.spa.pages import with_data
from gateway.store.schemas import CategoryListItem, ProductListView, ProductView
from gateway.store.service import StoreService

# Written by frontend/scripts/prerender.mjs (its FIRST_PAGES), one per page whose list it fills in
# and language: products-first-page.hi.json.
FIRST_PAGE_TEMPLATES = {"/products": "products-first-page", "/product-home": "product-home-first-page"}
DATA_ELEMENT = "products-first-page"  # the id the app reads (features/store/api/first-page.ts)
CATEGORIES_ELEMENT = "store-categories"  # the id the app reads (features/store/api/get-categories.ts)
NO_IMAGE = "/img/logo-mark.svg"  # the card's own stand-in (ProductCard.tsx)
_TOKEN = re.compile(r"%%(id|name|detail|image|sources|type|srcset|price|mrp|mrpstruck|actions|off|rating|percent)%%")
SAVE_DATA = "save-data"  # the request header a browser sends when its user asked it to save data
# The client hint of the link's measured speed (Chromium sends it once a page asked: Accept-CH in
# gateway/spa/pages.py), and the speeds the app goes light on (frontend/src/lib/connection.ts).
EFFECTIVE_TYPE = "ect"
SLOW_TYPES = frozenset({"slow-2g", "2g", "3g"})

log = structlog.get_logger("gateway.store")


class CardActions(msgspec.Struct, frozen=True, rename="camel"):
    """A card's buttons: Add to cart and Buy Now, or Out of stock and a disabled Buy Now."""

    buy: str
    sold_out: str


class FirstPageTemplate(msgspec.Struct, frozen=True, rename="camel"):
    """What the pre-renderer keeps (see its firstPageTemplate)."""

    replaced: str  # the shell's empty list, to replace
    list_open: str  # the list's own tag, as it is with cards in it
    list_close: str
    cards: list[str]  # by place in the list
    ratings: list[str]  # the stars for 0, 0.5, ... 5
    off: str  # '18% off'
    mrp: str  # the struck M.R.P.'s span, shown where the M.R.P. is above the price
    actions: CardActions
    source: str  # one <source> of a card's <picture>, with %%type%% and %%srcset%%
    sizes: str  # the card's picture's `sizes`, for the first picture's preload
    page_size: int
    # The list is the first thing on the page, so its first image is the largest paint (/products);
    # below the store home's banners it is not, and is not asked for ahead of them.
    opens_the_page: bool = True


def _fill(template: str, values: dict[str, str]) -> str:
    # One pass: a value that happens to contain a token is not filled again.
    return _TOKEN.sub(lambda m: values[m.group(1)], template)


def rating_index(rating: float) -> int:
    """Stars in halves, as StarRating.tsx rounds them: Math.round(clamp(rating, 0, 5) * 2)."""
    return math.floor(min(5.0, max(0.0, rating)) * 2 + 0.5)


def wants_light(request: Request[Any, Any, Any]) -> bool:
    """The visitor asked their browser to save data (`Save-Data: on`) or it measures a slow link
    (`ECT`): the smallest pictures, as the app chooses them (lib/connection.ts's prefersLight)."""
    headers = request.headers
    return headers.get(SAVE_DATA, "").strip().lower() == "on" or headers.get(EFFECTIVE_TYPE, "").strip() in SLOW_TYPES


def sources_html(template: FirstPageTemplate, product: ProductView, light: bool) -> str:
    """The card's <source> elements, as ProductPicture.tsx renders them (light: the smallest file)."""
    return "".join(
        _fill(template.source, {"type": escape(s.type), "srcset": escape(s.light_srcset if light else s.srcset)})
        for s in product.picture_sources
    )


def card_html(template: FirstPageTemplate, place: int, product: ProductView, light: bool = False) -> str:
    """The card at `place`, as ProductCard.tsx renders `product` there."""
    off = (
        _fill(template.off, {"percent": escape(str(product.discount_to_merchant))})
        if product.discount_to_merchant > 0
        else ""
    )
    values = {
        "id": str(product.id),
        "name": escape(product.product_name),
        "detail": escape(product.product_detail or "-"),
        "image": escape(product.file_path1 if product.file_path1 is not None else NO_IMAGE),
        "sources": sources_html(template, product, light),
        # The texts the app shows as they are, from the answer sent beside the cards.
        "price": escape(product.price_text),
        "mrpstruck": (
            _fill(template.mrp, {"mrp": escape(product.mrp_text)}) if product.mrp > product.listing_price else ""
        ),
        # As ProductActions.tsx decides for a visitor (nothing in the cart yet); its buttons are
        # named by ids with the product's in them.
        "actions": _fill(
            template.actions.sold_out
            if product.stock_quantity is not None and product.stock_quantity <= 0
            else template.actions.buy,
            {"id": str(product.id)},
        ),
        "off": off,
        "rating": template.ratings[rating_index(product.ratings)],
    }
    return _fill(template.cards[place], values)


def first_picture_preload(template: FirstPageTemplate, product: ProductView, light: bool) -> str | None:
    """The head's request for the first card's picture: the file the browser will pick from its
    first source (a browser that cannot show that type skips the preload), else filePath1."""
    if product.picture_sources:
        best = product.picture_sources[0]
        srcset = best.light_srcset if light else best.srcset
        return (
            f'<link rel="preload" as="image" type="{escape(best.type)}" imagesrcset="{escape(srcset)}" '
            f'imagesizes="{escape(template.sizes)}" fetchpriority="high">'
        )
    if product.file_path1:
        return f'<link rel="preload" as="image" href="{escape(product.file_path1)}" fetchpriority="high">'
    return None


def filled_page(page: bytes, template: FirstPageTemplate, listing: ProductListView, light: bool = False) -> bytes:
    """`page` with the listing's cards in place of the empty list, and the listing beside them
    (`light`: each picture's smallest file, for a visitor who asked to save data)."""
    records = listing.records[: len(template.cards)]
    html = page.decode()
    if not records or template.replaced not in html:
        return page
    cards = "".join(card_html(template, place, product, light) for place, product in enumerate(records))
    html = html.replace(template.replaced, f"{template.list_open}{cards}{template.list_close}", 1)
    # "<" escaped, so no product text can close the script element early.
    data = msgspec.json.encode(listing).decode().replace("<", "\\u003c")
    script = f'<script id="{DATA_ELEMENT}" type="application/json">{data}</script>'
    html = html.replace("</body>", f"{script}\n  </body>", 1)
    preload = first_picture_preload(template, records[0], light)
    if preload and template.opens_the_page:  # the largest paint: asked for ahead of everything below the head
        html = html.replace("</head>", f"  {preload}\n  </head>", 1)
    return html.encode()


def template_file(directory: Path, name: str, language: Language) -> Path:
    """Where the build keeps the template `name` (FIRST_PAGE_TEMPLATES) in `language`."""
    return directory / f"{name}.{language}.json"


def _reads_query(request: Request[Any, Any, Any]) -> bool:
    """Whether the address has a query the page reads (a search, a filter); ?lang= it does not."""
    return any(key != QUERY_NAME for key in request.query_params)


class FirstProductsPage:
    """Fills one page's first page of products in for visitors, from the template the build wrote
    for it in each language (`template_files`); a template is re-read when the build changes."""

    def __init__(
        self, template_files: dict[Language, Path], store: StoreService, session_cookie: str, wait_seconds: float
    ) -> None:
        self.store = store
        self.session_cookie = session_cookie
        self.wait_seconds = wait_seconds
        self._templates = {
            lang: BuildFile(template_files[lang], lambda raw: msgspec.json.decode(raw, type=FirstPageTemplate))
            for lang in LANGUAGES
        }

    async def __call__(self, request: Request[Any, Any, Any], page: bytes, language: Language) -> bytes:
        template = self._templates[language].read()
        visitor = not (_reads_query(request) or self.session_cookie in request.cookies)
        listing: ProductListView | None = None
        categories: list[CategoryListItem] | None = None
        try:
            async with asyncio.timeout(self.wait_seconds):
                if visitor and template is not None:
                    listing, categories = await asyncio.gather(
                        self.store.products(None, 1, template.page_size, None, language=language),
                        self.store.categories(language),
                    )
                else:
                    categories = await self.store.categories(language)
        except (GatewayError, TimeoutError) as exc:
            # The shell is still a working page: the app asks for the list and the categories itself.
            log.warning("first_page_not_filled", reason=type(exc).__name__)
            return page
        if listing is not None and template is not None:
            page = filled_page(page, template, listing, wants_light(request))
        return with_data(page.decode(), CATEGORIES_ELEMENT, categories).encode()
