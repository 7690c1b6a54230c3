"""Storefront e2e, the quick-commerce points: one price everywhere, Indian grouping, cards that
turn 'Add to cart' into the quantity control, Buy Now, toasts, browsing by category / brand /
price in the address, the detail page's facts, the way back after a login, the banners and the
links between site and store. Each on a desktop (1366) and a phone (360)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright._impl._api_structures import FloatRect
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import Server, axe_violations
from tests.e2e.store_steps import RAMESH, SEED, api_login, login_on_screens, rupees
from upstream_mocks.catalogue.browse import browse
from upstream_mocks.catalogue.ranges import BRANDS, CATEGORIES
from upstream_mocks.catalogue.seed import seed

BY_NAME = {p.product_name: p for p in SEED.values()}
CATEGORY_NAMES = {c.slug: c.name for c in CATEGORIES}
BRAND_NAMES = {b.id: b.name for b in BRANDS}
VIEWPORTS = ["page", "phone_page"]


def test_rupees_groups_as_in_india() -> None:
    assert rupees(Decimal("5356.92")) == "₹5,356.92"
    assert rupees(Decimal("125000")) == "₹1,25,000.00"
    assert rupees(Decimal("50.84")) == "₹50.84"


def cards(page: Page) -> Locator:
    return page.get_by_test_id("product-card")


def at(request: pytest.FixtureRequest, fixture: str) -> Page:
    page: Page = request.getfixturevalue(fixture)
    return page


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.evaluate("window.innerWidth")
    assert width <= viewport, f"{page.url} scrolls sideways ({width}px > {viewport}px)"


def prices_of(product: Any) -> tuple[str, str | None, str | None]:
    """The price, the struck M.R.P. (only when above the price) and the percent off (only above 0)."""
    off = f"{product.discount_to_merchant}% off" if product.discount_to_merchant > 0 else None
    mrp = f"M.R.P: {rupees(product.mrp)}" if product.mrp > product.listing_price else None
    return rupees(product.listing_price), mrp, off


def card_texts(page: Page) -> dict[str, str]:
    # The text, not the rendered text: a card away from the screen is not laid out (it has
    # content-visibility: auto), and innerText reads '' for it.
    texts: list[list[str]] = page.eval_on_selector_all(
        "[data-testid=product-card]", "cards => cards.map((c) => [c.querySelector('h3').textContent, c.textContent])"
    )
    return {name: text for name, text in texts}


# --- one price everywhere, Indian grouping -------------------------------------------------


def test_every_seeded_product_card_shows_its_one_price(server: Server, page: Page) -> None:
    """All 154 cards (scrolling the whole list): listing price, M.R.P. and percent off only above 0."""
    page.goto("/products")
    expect(cards(page)).to_have_count(12)
    while cards(page).count() < len(SEED):
        before = cards(page).count()
        cards(page).last.scroll_into_view_if_needed()
        expect(cards(page)).not_to_have_count(before)
    texts = card_texts(page)
    assert set(texts) == set(BY_NAME)
    for name, text in texts.items():
        price, mrp, off = prices_of(BY_NAME[name])
        assert price in text, (name, text)
        assert (mrp in text) if mrp else ("M.R.P" not in text), (name, text)
        if off:
            assert off in text, (name, text)
        else:
            assert "% off" not in text, (name, text)


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_card_detail_and_a_one_unit_cart_line_agree(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    api_login(page, server, RAMESH)
    # Discounted, at M.R.P., and the dearest (a thousands separator). The same words on both
    # screens: the phone takes the dearest only, the widest price, to tap through and fit.
    chosen = [SEED[2], SEED[4], SEED[148]] if fixture == "page" else [SEED[148]]
    for product in chosen:
        price, mrp, off = prices_of(product)
        page.goto(f"/products?search={product.product_name.replace(' ', '+')}")
        card = cards(page).filter(has=page.get_by_role("heading", name=product.product_name, exact=True))
        expect(card).to_contain_text(price)
        if mrp:
            expect(card).to_contain_text(mrp)
        else:
            expect(card).not_to_contain_text("M.R.P")
        card.get_by_role("link", name=product.product_name, exact=True).click()
        expect(page.get_by_role("heading", level=1)).to_have_text(product.product_name)
        info = page.locator("article")
        expect(info).to_contain_text(price)
        if mrp:
            expect(info).to_contain_text(mrp)
        else:
            expect(info).not_to_contain_text("M.R.P")
        if off:
            expect(info).to_contain_text(off)
        else:
            expect(info).not_to_contain_text("% off")
        page.get_by_role("button", name="Add to cart").click()
        expect(page.get_by_role("group", name=f"Quantity of {product.product_name}").locator("output")).to_have_text(
            "1"
        )
    page.goto("/shopping-cart")
    lines = page.get_by_test_id("cart-line")
    expect(lines).to_have_count(len(chosen))
    for product in chosen:
        line = lines.filter(has_text=product.product_name)
        expect(line.get_by_test_id("line-price")).to_have_text(rupees(product.listing_price))
        expect(line).to_contain_text(rupees(product.mrp))
        off = prices_of(product)[2]
        if off:
            expect(line).to_contain_text(off)
        else:
            expect(line).not_to_contain_text("% off")
    expect(lines.filter(has_text=SEED[148].product_name).get_by_test_id("line-price")).to_have_text("₹7,600.00")
    no_sideways_scroll(page)


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_big_amounts_are_grouped_the_indian_way(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = at(request, fixture)
    api_login(page, server, RAMESH)
    token = next(c["value"] for c in page.context.cookies() if c["name"].endswith("XSRF-TOKEN"))
    answer = page.request.put("/api/store/cart/items/148", data={"quantity": 17}, headers={"X-XSRF-TOKEN": token})
    assert answer.ok, answer.text()
    page.goto("/shopping-cart")
    expect(page.get_by_test_id("line-price")).to_have_text("₹1,29,200.00")
    expect(page.get_by_test_id("subtotal")).to_have_text("₹1,29,200.00")


# --- cards: Add to cart, the quantity control, Buy Now, two columns -------------------------


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_add_to_cart_turns_into_the_quantity_control(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    api_login(page, server, RAMESH)
    page.goto("/products")
    first, name = cards(page).first, SEED[1].product_name
    expect(first.get_by_role("group", name=f"Quantity of {name}")).to_have_count(0)
    first.get_by_role("button", name="Add to cart").click()
    control = first.get_by_role("group", name=f"Quantity of {name}")
    expect(control.locator("output")).to_have_text("1")
    expect(first.get_by_role("button", name="Add to cart")).to_have_count(0)
    control.get_by_role("button", name=f"Increase quantity of {name}").click()
    expect(control.locator("output")).to_have_text("2")
    expect(page.get_by_role("link", name="Cart, 2 items")).to_be_visible()
    control.get_by_role("button", name=f"Decrease quantity of {name}").click()
    expect(control.locator("output")).to_have_text("1")
    control.get_by_role("button", name=f"Decrease quantity of {name}").click()
    # Back to 0: the button returns.
    expect(first.get_by_role("button", name="Add to cart")).to_be_visible()
    expect(page.get_by_role("link", name="Cart, 0 items")).to_be_visible()

    # Buy Now on a product not in the cart adds one and opens the cart.
    cards(page).nth(1).get_by_role("button", name="Buy Now").click()
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))
    expect(page.get_by_test_id("cart-line")).to_have_count(1)
    expect(page.get_by_test_id("cart-line").locator("output")).to_have_text("1")
    # Buy Now on one already in the cart adds nothing more.
    page.goto("/products")
    expect(cards(page).nth(1).locator("output")).to_have_text("1")
    cards(page).nth(1).get_by_role("button", name="Buy Now").click()
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))
    expect(page.get_by_test_id("cart-line").locator("output")).to_have_text("1")
    expect(page.get_by_role("heading", name=re.compile("Shopping Cart"))).to_contain_text("(1 item")


def test_two_cards_a_row_on_a_phone(server: Server, phone_page: Page) -> None:
    phone_page.goto("/products")
    expect(cards(phone_page)).to_have_count(12)
    boxes = [cards(phone_page).nth(i).bounding_box() for i in range(3)]
    assert all(boxes)
    first, second, third = (b for b in boxes if b)
    assert abs(first["y"] - second["y"]) < 1 and second["x"] > first["x"] + first["width"] - 1
    assert third["y"] >= first["y"] + first["height"]
    assert first["width"] >= 150, first
    # Both buttons fit the card and are tap-sized.
    for button in ("Add to cart", "Buy Now"):
        box = cards(phone_page).first.get_by_role("button", name=button).bounding_box()
        assert box and box["height"] >= 44 and box["x"] + box["width"] <= first["x"] + first["width"] + 1
    no_sideways_scroll(phone_page)


# --- toasts -----------------------------------------------------------------------------------


def settle(page: Page) -> None:
    """Let the toasts' entry animations finish, not their 3-second timer bars (evaluate: the CSP
    refuses string polling)."""
    page.evaluate(
        """() => Promise.all(document.getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.target?.classList?.contains('Toastify__toast'))
            .map((a) => a.finished.catch(() => null)))"""
    )


def overlaps(a: FloatRect, b: FloatRect) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_toasts_are_few_and_clear_of_the_header_and_the_tap(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    api_login(page, server, RAMESH)
    page.goto("/products")
    expect(cards(page)).to_have_count(12)
    # Count the toasts on screen at every change.
    page.evaluate(
        """() => {
            window.__mostToasts = 0;
            new MutationObserver(() => {
                const n = document.querySelectorAll('.Toastify__toast').length;
                window.__mostToasts = Math.max(window.__mostToasts, n);
            }).observe(document.body, { childList: true, subtree: true });
        }"""
    )
    header = page.locator("header").first
    for index in range(4):
        card = cards(page).nth(index)
        card.scroll_into_view_if_needed()
        button = card.get_by_role("button", name="Add to cart")
        tapped = button.bounding_box()
        button.click()
        toast = page.get_by_role("alert").filter(has_text=f"{SEED[index + 1].product_name} added to cart!")
        expect(toast).to_be_visible(timeout=15_000)
        # The pointer on it holds its 3-second timer (react-toastify's pause on hover): on a loaded
        # machine it could close while its place is measured. The next tap moves the pointer away.
        toast.hover()
        settle(page)
        box, head = toast.bounding_box(), header.bounding_box()
        assert box and head and tapped
        # Toasts open inside the store's header (docs/decisions/toasts.md), never over its controls.
        # Read in one go: an earlier toast may close (and its close button go) meanwhile.
        places = header.evaluate(
            """(header) => [...header.querySelectorAll('a, button')]
                .filter((el) => el.closest('[role=alert], .Toastify') === null)  // a toast's own close button
                .map((el) => el.getBoundingClientRect())
                .filter((r) => r.width > 0 && r.height > 0)
                .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }))"""
        )
        for place in places:
            assert not overlaps(box, place), ("toast over a header control", box, place)
        assert not overlaps(box, tapped), ("toast over the control just tapped", box, tapped)
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]  # type: ignore[index]
        page.mouse.move(1, page.viewport_size["height"] - 1)  # type: ignore[index]  # off the toast: its timer runs on
    expect(page.get_by_role("link", name="Cart, 4 items")).to_be_visible()
    assert page.evaluate("window.__mostToasts") <= 2
    # The words and the 3000 ms of the specification: the toasts' timer is the same on any
    # screen, so it is waited out once (on the desktop).
    if fixture == "page":
        expect(page.locator(".Toastify__toast")).to_have_count(0, timeout=12_000)


# --- browsing: categories, brand, sort, search, empty result -------------------------------


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_credit_page_categories_open_the_store_list(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    page.goto("/buy-products-on-credit")
    links = page.get_by_role("link", name=re.compile(r"^Buy on Credit: "))
    expect(links).to_have_count(10)
    hrefs = [links.nth(i).get_attribute("href") for i in range(10)]
    assert hrefs == [f"/products?category={c.slug}" for c in CATEGORIES[:10]], hrefs
    # The app has taken the pre-rendered page over: a click while it hydrates is another subject
    # (a full run once lost one: the page stayed, live, on the credit page).
    expect(page.locator("html[data-app-live]")).to_be_attached()
    page.get_by_role("link", name="Buy on Credit: MCB & RCCB").click()
    expect(page).to_have_url(re.compile(r"/products\?category=mcb-rccb$"))
    expect(page.get_by_role("navigation", name="Categories").get_by_role("link", name="MCB & RCCB")).to_have_attribute(
        "aria-current", "true"
    )
    names = cards(page).get_by_role("heading", level=3)
    expect(names.first).to_be_visible()
    for name in names.all_text_contents():
        assert BY_NAME[name].category == "mcb-rccb", name


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_filters_live_in_the_address(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = at(request, fixture)
    page.goto("/products")
    expect(cards(page)).to_have_count(12)
    chips = page.get_by_role("navigation", name="Categories")
    chips.get_by_role("link", name="Fans", exact=True).click()
    expect(page).to_have_url(re.compile(r"/products\?category=fans$"))
    names = cards(page).get_by_role("heading", level=3)
    expect(names).to_have_count(12)
    assert all(BY_NAME[n].category == "fans" for n in names.all_text_contents())

    page.get_by_label("Brand", exact=True).select_option(label="Sheetal Fans")
    expect(page).to_have_url(re.compile(r"category=fans&brandId=9$"))
    expect(names).to_have_count(4)
    page.get_by_label("Sort by", exact=True).select_option(label="Price: high to low")
    expect(page).to_have_url(re.compile(r"category=fans&brandId=9&sort=priceDesc$"))
    expected = sorted((p for p in SEED.values() if p.brand_id == 9), key=lambda p: (-p.listing_price, p.id))
    expect(names).to_have_text([p.product_name for p in expected])

    # Back steps through the choices; a shared link shows the same list.
    page.go_back()
    expect(page).to_have_url(re.compile(r"category=fans&brandId=9$"))
    expect(page.get_by_label("Sort by", exact=True)).to_have_value("")
    page.go_back()
    expect(page).to_have_url(re.compile(r"\?category=fans$"))
    expect(page.get_by_label("Brand", exact=True)).to_have_value("")
    expect(names).to_have_count(12)
    page.goto("/products?category=led-battens-panels&sort=priceAsc")
    expect(names).to_have_count(12)
    prices = [BY_NAME[n].listing_price for n in names.all_text_contents()]
    assert prices == sorted(prices) and all(
        BY_NAME[n].category == "led-battens-panels" for n in names.all_text_contents()
    )
    no_sideways_scroll(page)


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_search_finds_fans_and_an_empty_result_suggests_categories(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    page.goto("/products")
    search = page.get_by_label("Search products")
    names = cards(page).get_by_role("heading", level=3)
    search.fill("fan")
    expect(page).to_have_url(re.compile(r"\?search=fan$"))
    expect(names.first).to_contain_text("Fan")
    search.fill("ceiling fan")
    expect(page).to_have_url(re.compile(r"\?search=ceiling\+fan$"))
    ceiling = [p.product_name for p in browse(seed(), search="ceiling fan")]
    assert any("Ceiling Fan" in n for n in ceiling)
    expect(names).to_have_count(len(ceiling))
    assert sorted(names.all_text_contents()) == sorted(ceiling)

    search.fill("zzzz")
    expect(page.get_by_text("No products found.")).to_be_visible()
    suggestions = page.get_by_role("link", name="Switches", exact=True)
    expect(suggestions.last).to_have_attribute("href", "/products?category=switches")
    suggestions.last.click()
    expect(page).to_have_url(re.compile(r"/products\?category=switches$"))
    expect(search).to_have_value("")
    expect(names.first).to_be_visible()
    no_sideways_scroll(page)


# --- product detail -------------------------------------------------------------------------


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_detail_shows_specifications_delivery_and_returns(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    product = SEED[2]
    page.goto(f"/product-details/{product.id}")
    expect(page.get_by_role("heading", level=1)).to_have_text(product.product_name)
    specs = page.get_by_role("region", name="Specifications")
    for label, value in (
        ("Brand", BRAND_NAMES[product.brand_id]),
        ("Category", CATEGORY_NAMES[product.category]),
        ("Pack size", product.pack_size),
        ("Warranty", product.warranty),
        ("HSN code", product.hsn_code),
        ("GST rate", f"{product.gst_rate}% (included in the price)"),
    ):
        expect(specs.get_by_role("row", name=label)).to_contain_text(str(value))
    # No pin code chosen: the page claims no delivery time (issue 33).
    expect(page.get_by_role("region", name="Delivery")).to_contain_text("Choose your pin code to see delivery time")
    returns = page.get_by_role("region", name="Returns")
    expect(returns).to_contain_text("7-day return window")
    expect(returns.get_by_role("link", name="Cancellation and refunds")).to_have_attribute(
        "href", "/cancellation-and-refunds"
    )
    image = page.get_by_role("img", name=product.product_name)
    expect(image).to_have_attribute("src", re.compile(rf"/products/{product.id}\.svg$"))
    # decode() waits for the picture itself (it fails if the picture does not load).
    size = image.evaluate(
        "async (img) => { await img.decode(); return [img.naturalWidth, img.getBoundingClientRect().width]; }"
    )
    assert size[0] > 0 and 0 < size[1] <= page.viewport_size["width"]  # type: ignore[index]
    page.get_by_role("link", name=CATEGORY_NAMES[product.category]).first.click()
    expect(page).to_have_url(re.compile(rf"/products\?category={product.category}$"))
    no_sideways_scroll(page)


# --- the way back after a login -------------------------------------------------------------


def login_from_header_and_return(page: Page, server: Server, where: str) -> None:
    """Tap the header's 'Login' at `where` (shown), log in, land on `where` again, log out."""
    page.get_by_role("link", name="Login").click()
    login_on_screens(page, server)
    expect(page).to_have_url(re.compile(re.escape(where) + "$"))
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Login")).to_be_visible()


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_login_returns_to_where_the_shopper_was(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = at(request, fixture)
    # A list with its query.
    page.goto("/products?category=fans&sort=priceAsc")
    expect(cards(page).first).to_be_visible()
    login_from_header_and_return(page, server, "/products?category=fans&sort=priceAsc")
    if fixture == "phone_page":
        return  # the way back is the same on any screen: the phone walks the screens once

    # A product.
    page.goto("/product-details/7")
    expect(page.get_by_role("heading", level=1)).to_have_text(SEED[7].product_name)
    login_from_header_and_return(page, server, "/product-details/7")

    # The cart sends a logged-out shopper to the login, and the login sends them back.
    page.goto("/shopping-cart")
    login_on_screens(page, server)
    expect(page).to_have_url(re.compile(r"/shopping-cart$"))
    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"/login$"))  # the cart, logged out

    # Straight to /login from elsewhere: /products, as the specification says.
    page.goto("/product-home")
    expect(page.get_by_role("link", name="Login")).to_be_visible()
    page.goto("/login")
    login_on_screens(page, server)
    expect(page).to_have_url(re.compile(r"/products$"))


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_the_login_modal_keeps_the_shopper_on_the_page(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    page.goto("/products?category=switches")
    expect(cards(page).first).to_be_visible()
    cards(page).first.get_by_role("button", name="Add to cart").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Mobile number").fill(RAMESH)
    dialog.get_by_role("button", name="Submit").click()
    expect(dialog.get_by_text(f"Enter the code sent to +91 {RAMESH}")).to_be_visible()
    dialog.get_by_label("One-time code").fill(server.otp_for(RAMESH))
    dialog.get_by_role("button", name="Verify").click()
    expect(page.get_by_role("link", name="Cart, 1 item")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/products\?category=switches$"))


# --- banners and the links between site and store ------------------------------------------


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_banners_are_words_and_buttons_over_the_art(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    page.goto("/product-home")
    offers = page.get_by_role("region", name="Offers")
    # Back to the first banner (the autoplay waits 3000 ms from the click).
    offers.locator(".swiper-pagination-bullet").first.click()
    # The click brings Swiper in place of the plain banners: measure its nodes, not the ones it replaces.
    expect(offers.locator("span.swiper-pagination-bullet")).to_have_count(3)
    slide = offers.locator("[data-banner='1']").first
    expect(slide).to_have_class(re.compile("swiper-slide-active"))
    expect(slide).to_contain_text("Electricals delivered")
    button = slide.get_by_role("link", name=re.compile("Order now"))
    expect(button).to_have_attribute("href", "/products")
    # Legible on a phone: real text of at least 14 px inside the screen; the button is tap-sized.
    title = slide.get_by_text("Electricals delivered")
    size = title.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 20, size
    box = button.bounding_box()
    assert box and box["height"] >= 44 and box["x"] + box["width"] <= page.viewport_size["width"]  # type: ignore[index]
    # The art has no words of its own.
    for n in (1, 2, 3):
        svg = page.request.get(f"/img/store/banner-{n}.svg").text()
        assert "<text" not in svg, n
    targets = {
        offers.locator(f"[data-banner='{n}']").first.get_by_role("link").get_attribute("href") for n in (1, 2, 3)
    }
    assert targets == {"/products", "/products?category=home-wires", "/products?category=led-bulbs"}
    button.click()
    expect(page).to_have_url(re.compile(r"/products$"))
    no_sideways_scroll(page)


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_site_and_store_link_both_ways(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = at(request, fixture)
    page.goto("/")
    shop = page.get_by_role("contentinfo").get_by_role("link", name="Shop")
    expect(shop).to_have_attribute("href", "/product-home")
    shop.click()
    expect(page).to_have_url(re.compile(r"/product-home$"))
    page.goto("/products?category=fans")
    expect(page.get_by_role("link", name=re.compile("store home"))).to_have_attribute("href", "/product-home")
    page.get_by_role("link", name=re.compile("store home")).click()
    expect(page).to_have_url(re.compile(r"/product-home$"))
    # The store home's list in place first: twelve cards arriving move the footer down the page,
    # and a tap aimed at it a moment before lands where it was.
    expect(page.get_by_test_id("product-card")).to_have_count(12)
    back = page.get_by_role("link", name="← Back to the main site")
    expect(back).to_have_attribute("href", "/")
    # Followed from the keyboard: a tap aimed at the footer was lost once in a full run, the
    # pictures above it still arriving (its place is checked by the phone layout tests).
    back.press("Enter")
    expect(page).to_have_url(re.compile(r"/$"))


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_the_site_headers_shop_entry_opens_the_store(request: pytest.FixtureRequest, fixture: str) -> None:
    page = at(request, fixture)
    page.goto("/buy-products-on-credit")
    nav = page.get_by_role("navigation", name="Main")
    if fixture == "phone_page":
        # On a phone the header's links sit behind the menu button.
        expect(nav).to_be_hidden()
        page.get_by_role("button", name="Open menu").click()
    shop = nav.get_by_role("link", name="Shop", exact=True)
    expect(shop).to_be_visible()
    expect(shop).to_have_attribute("href", "/product-home")
    shop.click()
    expect(page).to_have_url(re.compile(r"/product-home$"))
    expect(page).to_have_title(re.compile(r"^Store \| "))
    expect(cards(page).first).to_be_visible()


# --- axe on the new screens ----------------------------------------------------------------


@pytest.mark.parametrize("fixture", VIEWPORTS)
@pytest.mark.parametrize(
    "path",
    [
        "/products?category=fans&brandId=9&sort=priceAsc",
        "/products?search=zzzz",
        "/product-details/148",
        # /product-home logged out: test_store_a11y.py's test_logged_out_screens, on both screens.
    ],
)
def test_new_screens_are_axe_clean(request: pytest.FixtureRequest, axe: Axe, fixture: str, path: str) -> None:
    page = at(request, fixture)
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_be_attached()
    page.wait_for_load_state("networkidle")
    assert not (report := axe_violations(axe, page)), report
    no_sideways_scroll(page)


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_in_cart_card_and_toast_are_axe_clean(
    request: pytest.FixtureRequest, axe: Axe, server: Server, fixture: str
) -> None:
    page = at(request, fixture)
    api_login(page, server, RAMESH)
    page.goto("/products")
    cards(page).first.get_by_role("button", name="Add to cart").click()
    expect(page.get_by_role("alert").filter(has_text="added to cart!")).to_be_visible()
    expect(cards(page).first.locator("output")).to_have_text("1")
    assert not (report := axe_violations(axe, page)), report
    # The toast was read, not waited out: it is still there after the scan.
    expect(page.get_by_role("alert").filter(has_text="added to cart!")).to_be_visible(timeout=1)
