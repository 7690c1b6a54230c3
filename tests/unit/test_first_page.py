"""The first page of products as the gateway fills it in (gateway/store/first_page.py), on a small
template of the shape the pre-renderer writes; the real build's is exercised by the integration
and e2e tiers."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import msgspec
import pytest

from gateway.store.first_page import CardActions, FirstPageTemplate, filled_page, rating_index
from gateway.store.schemas import PictureSource, ProductListView, ProductView

TEMPLATE = FirstPageTemplate(
    replaced='<ul class="list" aria-busy="true"></ul><p>Loading...</p>',
    list_open='<ul class="list" aria-busy="false">',
    list_close="</ul>",
    cards=[
        f'<li data-place="{place}"><a href="/product-details/%%id%%">'
        '<picture>%%sources%%<img src="%%image%%"></picture></a>'
        "<h3>%%name%%</h3><p>%%detail%%</p><p>%%price%% %%mrpstruck%%%%off%%</p>%%rating%%%%actions%%</li>"
        for place in range(3)
    ],
    ratings=[f'<span aria-label="{n / 2} stars"></span>' for n in range(11)],
    off="<span>%%percent%%<!-- -->% off</span>",
    mrp="<span><s>%%mrp%%</s></span>",
    actions=CardActions(buy="<button>Add to cart</button>", sold_out="<button disabled>Out of stock</button>"),
    source='<source type="%%type%%" srcset="%%srcset%%" sizes="50vw"/>',
    sizes="50vw",
    page_size=3,
)
PAGE = (
    b"<html><head><title>Products</title></head><body><div id=root>"
    b'<ul class="list" aria-busy="true"></ul><p>Loading...</p></div></body></html>'
)


def product(id: int = 1, **fields: object) -> ProductView:
    values: dict[str, object] = {
        "id": id,
        "product_name": "Wire 1.5 sq mm",
        "product_detail": "90 m coil",
        "file_path1": "/media/1.svg",
        "listing_price": Decimal("1234.50"),
        "mrp": Decimal("1500.00"),
        "discount": None,
        "ratings": 4.0,
        "discount_to_merchant": Decimal("18"),
        "distributor_id": 1,
        "quantity": 0,
        "brand_id": None,
        "brand_name": None,
        "category": None,
        "hsn_code": None,
        "gst_rate": None,
        "pack_size": None,
        "warranty": None,
        "stock_quantity": None,
        "price_text": "₹1,234.50",
        "mrp_text": "₹1,500.00",
    }
    values.update(fields)
    return ProductView(**values)  # type: ignore[arg-type]


def listing(*records: ProductView) -> ProductListView:
    return ProductListView(records=list(records), page=1, page_size=3, has_more=False)


def cards(html: str) -> list[str]:
    return re.findall(r"<li .*?</li>", html)


def test_each_card_is_filled_in_at_its_place() -> None:
    html = filled_page(PAGE, TEMPLATE, listing(product(1), product(2, product_name="Switch"))).decode()
    assert "Loading..." not in html
    assert '<ul class="list" aria-busy="false">' in html
    first, second = cards(html)
    assert first == (
        '<li data-place="0"><a href="/product-details/1"><picture><img src="/media/1.svg"></picture></a>'
        "<h3>Wire 1.5 sq mm</h3>"
        "<p>90 m coil</p><p>₹1,234.50 <span><s>₹1,500.00</s></span><span>18<!-- -->% off</span></p>"
        '<span aria-label="4.0 stars"></span><button>Add to cart</button></li>'
    )
    assert second.startswith('<li data-place="1"><a href="/product-details/2">')
    assert "<h3>Switch</h3>" in second
    assert '<span aria-label="4.0 stars"></span>' in second  # each card its own rating


def test_the_first_image_is_asked_for_from_the_head_only_where_the_list_opens_the_page() -> None:
    preload = '<link rel="preload" as="image" href="/media/1.svg" fetchpriority="high">'
    opening = filled_page(PAGE, TEMPLATE, listing(product(1))).decode()
    assert preload in opening.split("</head>")[0]
    below_the_banners = msgspec.structs.replace(TEMPLATE, opens_the_page=False)
    html = filled_page(PAGE, below_the_banners, listing(product(1))).decode()
    assert 'rel="preload"' not in html
    assert '<img src="/media/1.svg">' in html  # the cards are filled in all the same


PICTURED = [
    PictureSource(
        type="image/avif", srcset="/p/1-160.avif 160w, /p/1-320.avif 320w", light_srcset="/p/1-160.avif 160w"
    ),
    PictureSource(
        type="image/webp", srcset="/p/1-160.webp 160w, /p/1-320.webp 320w", light_srcset="/p/1-160.webp 160w"
    ),
]


def test_a_card_s_picture_offers_each_format_in_every_width() -> None:
    html = filled_page(PAGE, TEMPLATE, listing(product(1, picture_sources=PICTURED))).decode()
    (card,) = cards(html)
    assert (
        '<picture><source type="image/avif" srcset="/p/1-160.avif 160w, /p/1-320.avif 320w" sizes="50vw"/>'
        '<source type="image/webp" srcset="/p/1-160.webp 160w, /p/1-320.webp 320w" sizes="50vw"/>'
        '<img src="/media/1.svg"></picture>'
    ) in card
    # The head asks for the file the browser will pick from the first source, not for filePath1.
    head = html.split("</head>")[0]
    assert (
        '<link rel="preload" as="image" type="image/avif" imagesrcset="/p/1-160.avif 160w, /p/1-320.avif 320w" '
        'imagesizes="50vw" fetchpriority="high">'
    ) in head
    assert 'href="/media/1.svg"' not in head


def test_a_visitor_who_saves_data_is_offered_the_smallest_file_alone() -> None:
    html = filled_page(PAGE, TEMPLATE, listing(product(1, picture_sources=PICTURED)), light=True).decode()
    (card,) = cards(html)
    assert '<source type="image/avif" srcset="/p/1-160.avif 160w" sizes="50vw"/>' in card
    assert '<source type="image/webp" srcset="/p/1-160.webp 160w" sizes="50vw"/>' in card
    assert "320w" not in card
    assert 'imagesrcset="/p/1-160.avif 160w"' in html.split("</head>")[0]


def test_text_is_escaped_and_tokens_in_it_are_left_alone() -> None:
    sneaky = product(1, product_name='<script>alert("x")</script> %%price%%', product_detail="A & B")
    html = filled_page(PAGE, TEMPLATE, listing(sneaky)).decode()
    assert "<h3>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; %%price%%</h3>" in html
    assert "<p>A &amp; B</p>" in html
    # The answer beside the cards cannot close its script element either.
    data = re.search(r'<script id="products-first-page" type="application/json">(.*?)</script>', html, re.S)
    assert data
    assert "<" not in data.group(1)
    assert json.loads(data.group(1))["records"][0]["productName"].startswith("<script>")


def test_what_the_card_shows_when_fields_are_missing() -> None:
    bare = product(1, product_detail=None, file_path1=None, discount_to_merchant=Decimal(0))
    (card,) = cards(filled_page(PAGE, TEMPLATE, listing(bare)).decode())
    assert '<img src="/img/logo-mark.svg">' in card  # the card's own stand-in image
    assert "<p>-</p>" in card
    assert "% off" not in card  # no percent off at 0, as ProductPrices.tsx shows it


@pytest.mark.parametrize(
    ("rating", "halves"),
    # As Math.round(clamp(r, 0, 5) * 2): halves round up (2.25 -> 2.5 stars), out of range clamps.
    [(0.0, 0), (0.24, 0), (0.25, 1), (2.25, 5), (2.74, 5), (2.75, 6), (4.8, 10), (5.0, 10), (-1.0, 0), (7.5, 10)],
)
def test_stars_round_as_the_app_rounds_them(rating: float, halves: int) -> None:
    assert rating_index(rating) == halves


def test_an_empty_page_or_a_changed_shell_is_left_as_it_is() -> None:
    assert filled_page(PAGE, TEMPLATE, listing()) == PAGE
    other = PAGE.replace(b"Loading...", b"Wait...")
    assert filled_page(other, TEMPLATE, listing(product(1))) == other


def test_no_more_cards_than_the_template_has_places() -> None:
    html = filled_page(PAGE, TEMPLATE, listing(*(product(i) for i in range(1, 6)))).decode()
    assert len(cards(html)) == 3


def test_a_sold_out_product_says_so_and_an_mrp_not_above_the_price_is_not_struck() -> None:
    sold_out = product(1, stock_quantity=0)
    at_mrp = product(2, listing_price=Decimal("1500.00"), price_text="₹1,500.00")
    first, second = cards(filled_page(PAGE, TEMPLATE, listing(sold_out, at_mrp)).decode())
    assert "<button disabled>Out of stock</button>" in first and "Add to cart" not in first
    assert "<s>₹1,500.00</s>" in first
    assert "<button>Add to cart</button>" in second
    assert "<s>" not in second and "<p>₹1,500.00 <span>18" in second
