"""Pre-rendered pages: their content shows with JavaScript off, and with it on
the page hydrates without a console error (a hydration mismatch is one) and answers a click."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from bench.bundle_budget import BUDGETS, first_visit_files, idle_files, started_by_starter
from tests.e2e.conftest import PHONE, STATIC_DIR, Server
from tests.e2e.star_pixels import shown_stars
from tests.e2e.test_site_pages import PUBLIC
from tests.integration.test_pages_without_script import PRERENDERED

# The pages' HTML without a script (their headings, the settings filled in) is read in
# tests/integration/test_pages_without_script.py; here what a browser makes of it.
# Once the app has taken the page over it marks the document (never part of the HTML).
HYDRATED = "html[data-app-live]"


@pytest.fixture
def no_js_page(browser: Browser, server: Server) -> Iterator[Page]:
    context = browser.new_context(base_url=server.url, java_script_enabled=False, **PHONE)
    page = context.new_page()
    yield page
    context.close()


def test_the_lazily_loaded_parts_are_in_the_html(no_js_page: Page) -> None:
    # The home page's sections below the hero and the footer load in chunks of their own; the HTML
    # has them in place (no inline script moves them there: the Content-Security-Policy forbids it).
    no_js_page.goto("/")
    expect(no_js_page.get_by_role("heading", name="Brands we work with")).to_be_visible()
    expect(no_js_page.get_by_role("heading", name="Newsletter")).to_be_visible()
    expect(no_js_page.get_by_label("Email address")).to_be_disabled()


# The public site's pages are checked for the same with their headings (test_site_pages).
HYDRATED_HERE = {path: heading for path, heading in PRERENDERED.items() if path not in PUBLIC}


@pytest.mark.parametrize(("path", "heading"), HYDRATED_HERE.items(), ids=list(HYDRATED_HERE))
def test_the_page_hydrates_without_a_console_error(page: Page, path: str, heading: str) -> None:
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_contain_text(heading)
    expect(page.locator(HYDRATED)).to_be_attached()
    # Every control came alive with the part of the page that owns it, lazy parts included.
    expect(page.locator("[data-until-hydrated]")).to_have_count(0)
    # The fixture fails the test on any console error, hydration warnings included.


# path -> how its hero's address ends, the largest paint (marked high priority)
HEROES = {
    "/": r"/hero\.svg",
    "/dpd": r"/collections-hero\.svg",
    "/product-home": r"/banner-1\.svg",
    # The first product of the first page the gateway fills in: the picture's AVIF file.
    "/products": r"/products/1-\d+\.[0-9a-f]{10}\.avif",
}


@pytest.mark.parametrize(("path", "hero"), HEROES.items(), ids=list(HEROES))
def test_the_app_is_fetched_only_once_the_hero_has_arrived(page: Page, path: str, hero: str) -> None:
    # Fetched before, the app's scripts would hold the hero's paint back on a slow phone.
    events: list[str] = []
    ends = re.compile(f"{hero}$")
    page.on("requestfinished", lambda r: events.append(f"done {r.url}") if ends.search(r.url) else None)
    page.on("request", lambda r: events.append(f"asked {r.url}") if r.resource_type == "script" else None)
    page.goto(path)
    expect(page.locator(HYDRATED)).to_be_attached()
    hero_done = next(i for i, e in enumerate(events) if e.startswith("done "))
    first_app_script = next(i for i, e in enumerate(events) if e.startswith("asked ") and "/assets/" in e)
    assert hero_done < first_app_script, events


@pytest.mark.parametrize(("path", "hero"), HEROES.items(), ids=list(HEROES))
def test_the_app_is_fetched_only_once_the_hero_is_decoded(page: Page, path: str, hero: str) -> None:
    # Loaded is not drawn: a picture is decoded first, and the app's download must not come in
    # between (Lighthouse counts the page's largest paint after it: store-page-speed.md).
    page.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => {
            const hero = document.querySelector('#root img[fetchpriority="high"]');
            hero.decode().then(() => { window.__decoded = [hero.currentSrc, performance.now()]; });
        });"""
    )
    page.goto(path)
    expect(page.locator(HYDRATED)).to_be_attached()
    (source, decoded), first_app_script = page.evaluate(
        """() => [
            window.__decoded,
            Math.min(...performance.getEntriesByType("resource")
                .filter((r) => r.name.includes("/assets/") && r.name.endsWith(".js"))
                .map((r) => r.startTime)),
        ]"""
    )
    assert re.search(f"{hero}$", source), source
    assert decoded < first_app_script, (decoded, first_app_script)


@pytest.mark.parametrize("path", ["/paynow", "/FAQ's"])
def test_a_page_without_a_hero_fetches_the_app_after_its_first_frame(page: Page, path: str) -> None:
    # When the browser first draws the page (the first animation frame after the document starts).
    page.add_init_script("requestAnimationFrame(() => { window.__firstFrame = performance.now(); });")
    page.goto(path)
    expect(page.locator(HYDRATED)).to_be_attached()
    first_frame, first_app_script = page.evaluate(
        """() => [
            window.__firstFrame,
            Math.min(...performance.getEntriesByType("resource")
                .filter((r) => r.name.includes("/assets/") && r.name.endsWith(".js"))
                .map((r) => r.startTime)),
        ]"""
    )
    assert first_frame is not None
    assert first_frame < first_app_script


def test_a_page_scrolled_before_the_app_started_stays_where_it_was(page: Page) -> None:
    held: list[Route] = []
    page.route(re.compile(r"/assets/index-[^/]+\.js$"), lambda route: held.append(route))
    # The app's entry is asked for as the page starts, and held until released below (the held
    # script would hold the load event, so the address is taken as loaded at DOMContentLoaded).
    with page.expect_request(re.compile(r"/assets/index-[^/]+\.js$")):
        page.goto("/", wait_until="domcontentloaded")
    page.evaluate("window.scrollTo(0, 1500)")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(HYDRATED)).to_be_attached()
    assert page.evaluate("window.scrollY") == 1500


def test_the_hydrated_home_page_answers_a_click(phone_page: Page) -> None:
    phone_page.goto("/")
    expect(phone_page.locator(HYDRATED)).to_be_attached()
    menu = phone_page.get_by_role("button", name="Open menu")
    menu.click()
    expect(phone_page.get_by_role("button", name="Close menu")).to_have_attribute("aria-expanded", "true")
    # A link is followed inside the app (no new document): the history grows, the shell stays.
    phone_page.evaluate("() => { window.__samePage = true; }")
    phone_page.get_by_role("navigation", name="Main").get_by_role("link", name="Contact").click()
    expect(phone_page.get_by_role("heading", level=1)).to_contain_text("Contact us")
    assert phone_page.evaluate("() => window.__samePage === true")


def test_the_products_shell_fills_in_once_hydrated(page: Page) -> None:
    page.goto("/products")
    expect(page.get_by_test_id("product-card")).to_have_count(12)


# The text, not the rendered text: a card away from the screen is not laid out (it has
# content-visibility: auto), and innerText reads '' for it.
CARD_TEXTS = "() => [...document.querySelectorAll('[data-testid=product-card]')].map((card) => card.textContent)"


# The pages whose first page of products the gateway fills in for a visitor.
FIRST_PAGE_PATHS = ["/products", "/product-home"]


@pytest.mark.parametrize("path", FIRST_PAGE_PATHS)
def test_the_products_first_page_shows_without_javascript(no_js_page: Page, path: str) -> None:
    # The gateway filled the first page of the catalogue into the HTML: it paints before any script.
    no_js_page.goto(path)
    first = no_js_page.request.get("/api/store/products?page=1&pageSize=12").json()["records"][0]
    cards = no_js_page.get_by_test_id("product-card")
    expect(cards).to_have_count(12)
    expect(cards.first.get_by_role("heading", level=3)).to_have_text(first["productName"])
    expect(cards.first).to_contain_text("M.R.P:")
    expect(cards.first.get_by_role("button", name="Add to cart")).to_be_disabled()  # until the app runs
    # Named by the product too, as the app names them (the gateway fills its id into the buttons).
    name = first["productName"]
    expect(cards.first.get_by_role("button", name=f"Add to cart {name}", exact=True)).to_be_attached()
    expect(cards.first.get_by_role("button", name=f"Buy Now {name}", exact=True)).to_be_attached()
    # The stars are drawn by the page's own styles: the first product's 3.5 shows three and a half.
    rating = cards.first.get_by_role("img", name=re.compile("^Rated "))
    expect(rating).to_have_accessible_name(f"Rated {first['ratings']:g} out of 5")
    assert shown_stars(rating) == first["ratings"]


@pytest.mark.parametrize("path", FIRST_PAGE_PATHS)
def test_the_products_first_page_is_hydrated_as_it_is(page: Page, path: str) -> None:
    # What the HTML showed, remembered before the app starts.
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " window.__firstName = document.querySelector('[data-testid=product-card] h3 a');"
        f" window.__htmlCards = ({CARD_TEXTS})(); }});"
    )
    lists: list[str] = []
    page.on("request", lambda r: lists.append(r.url) if "/api/store/products" in r.url else None)
    page.goto(path)
    expect(page.locator(HYDRATED)).to_be_attached()
    expect(page.locator("[data-until-hydrated]")).to_have_count(0)
    # The app took the cards over as they were (no new nodes, the same text) from the answer
    # sent with the page, without asking for it again; a mismatch would also log an error.
    assert page.evaluate("() => document.querySelector('[data-testid=product-card] h3 a') === window.__firstName")
    assert page.evaluate(CARD_TEXTS) == page.evaluate("() => window.__htmlCards")
    assert lists == []
    # And the list goes on past the first page as before.
    page.get_by_test_id("load-more-sentinel").scroll_into_view_if_needed()
    # The next page at least: while the sentinel stays in sight (cards far below are laid out
    # small until seen) the list goes on loading further pages.
    expect(page.get_by_test_id("product-card")).not_to_have_count(12)
    assert page.get_by_test_id("product-card").count() >= 24


def test_the_brand_filter_gains_the_brands_of_the_cards_the_html_came_with(page: Page) -> None:
    page.goto("/products")
    expect(page.locator(HYDRATED)).to_be_attached()
    expect(page.get_by_label("Brand").locator("option")).not_to_have_count(1)


# Chunks (Vite names them after their first module) that belong to the store, the portal, the
# Markdown renderer and Swiper.
STORE_AND_PORTAL = (
    "StoreShell-",
    "StoreContext-",
    "storefront-",
    "ProductGrid-",
    "PayNowPage-",
    "PaymentPage-",
    "portal.module-",
)
MARKDOWN = ("Markdown-", "MarkdownPage-")
SWIPER = ("SwiperCarousel-", "pagination-")


def _scripts_loaded_by(page: Page, path: str) -> list[str]:
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url.rsplit("/", 1)[-1]) if r.url.endswith(".js") else None)
    page.goto(path)
    expect(page.locator(HYDRATED)).to_be_attached()
    page.wait_for_load_state("networkidle")
    return scripts


@pytest.mark.parametrize("path", ["/", "/buy-products-on-credit", "/dpd", "/blog"])
def test_marketing_pages_load_no_store_portal_or_markdown_code(page: Page, path: str) -> None:
    scripts = _scripts_loaded_by(page, path)
    assert [s for s in scripts if s.startswith(STORE_AND_PORTAL + MARKDOWN)] == []


def test_a_page_without_a_carousel_loads_no_swiper(page: Page) -> None:
    scripts = _scripts_loaded_by(page, "/blog")
    assert any(s.startswith("BlogPage-") for s in scripts)
    assert [s for s in scripts if s.startswith(SWIPER)] == []


def _chunks_of(*modules: str) -> set[str]:
    """The chunk files (as the browser requests them) of these source modules, their static imports and the entry's."""
    manifest = json.loads((STATIC_DIR / ".vite" / "manifest.json").read_text())
    return {file.rsplit("/", 1)[-1] for file in first_visit_files(manifest, modules)}


@pytest.mark.parametrize("route", list(BUDGETS))
def test_a_first_visit_fetches_by_network_idle_what_the_budget_counts(page: Page, route: str) -> None:
    # bench.bundle_budget counts from the manifest what a first visit downloads by network idle;
    # Chromium fetches exactly those files (a new lazy import at start would go uncounted).
    fetched = _scripts_loaded_by(page, route)
    manifest = json.loads((STATIC_DIR / ".vite" / "manifest.json").read_text())
    counted = {file.rsplit("/", 1)[-1] for file in idle_files(manifest, BUDGETS[route])}
    if started_by_starter(STATIC_DIR, route):
        counted.add("start.js")
    # A main thread busy past network idle's quiet 500 ms (a loaded machine) asks for the last
    # lazy file after it: wait for the browser's request of each counted file not yet asked for
    # (the sync API hands queued events to the waiter, so none is missed), then compare.
    for name in sorted(counted):
        if name not in fetched:
            page.wait_for_event("request", lambda r, n=name: r.url.endswith("/" + n), timeout=10_000)
    assert sorted(set(fetched)) == sorted(counted)


def test_the_store_home_loads_neither_the_site_s_carousel_nor_swiper_before_its_banner_turns(page: Page) -> None:
    # Its banners wear Swiper's classes, as the site's carousels do: the HTML once preloaded the
    # site's carousel and Swiper's code with that stylesheet, and the phone compiled them at start.
    page.clock.install()  # the first banner's turn (3000 ms), after which Swiper comes, stands still
    scripts = _scripts_loaded_by(page, "/product-home")
    assert any(s.startswith("ProductHomePage-") for s in scripts), scripts
    page_chunks = _chunks_of("src/features/store/pages/ProductHomePage.tsx", "src/features/store/StoreShell.tsx")
    carousels = (
        _chunks_of("src/features/site/components/SwiperCarousel.tsx", "src/features/store/components/BannerSwiper.tsx")
        - page_chunks
    )
    assert any(s.startswith("autoplay-") for s in carousels), carousels  # Swiper's own code is among them
    assert sorted(carousels & set(scripts)) == []


def test_form_controls_wait_for_the_app(no_js_page: Page, page: Page) -> None:
    # Without the app a control would do nothing React sees: the HTML has it disabled ...
    no_js_page.goto("/paynow")
    expect(no_js_page.locator("#paynow-mobile")).to_be_disabled()
    # ... and the hydrated page enables it; what is typed at once is what the app submits.
    page.goto("/paynow")
    page.locator("main").get_by_label("Mobile number").fill("12345")
    page.locator("main").get_by_role("button", name="Submit", exact=True).click()
    expect(page.locator("main")).to_contain_text("10-digit")
    expect(page).to_have_url(re.compile(r"/paynow$"))


def test_a_lazy_part_takes_typing_once_its_own_code_has_hydrated(page: Page, server: Server) -> None:
    # The footer arrives in its own chunk; hold it back to see the page between the two hydrations.
    held: list[Route] = []
    page.route(re.compile(r"/assets/Footer-[^/]+\.js$"), lambda route: held.append(route))
    page.goto("/")
    # The page around the footer is live (the header's button answers) ...
    sign_in = page.get_by_role("button", name="Sign In")
    expect(sign_in).to_be_enabled()
    sign_in.click()
    expect(sign_in).to_have_attribute("aria-expanded", "true")
    # ... while the footer's field, whose code has not arrived, takes no typing React would lose.
    field = page.get_by_label("Email address")
    expect(field).to_be_disabled()
    assert held, "the footer's chunk was not asked for"
    for route in held:
        route.continue_()
    # Its code arrives: the field comes alive, and what is typed at once is what gets subscribed.
    expect(field).to_be_enabled()
    field.press_sequentially("asha@shop.example")
    expect(field).to_have_value("asha@shop.example")
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_text("Thank you for subscribing!")).to_be_visible()
    emails = {c["body"]["email"] for c in _mail_calls(server)}
    assert emails == {"asha@shop.example"}


def _mail_calls(server: Server) -> list[dict[str, Any]]:
    return [e for e in server.journal("mail") if e["path"].startswith("website/")]


# Remembers the pre-rendered page's main heading, the node the HTML put there, before the app runs.
REMEMBER_HEADING = (
    "document.addEventListener('DOMContentLoaded', () => {"
    " window.__prerenderedHeading = document.querySelector('#root h1'); });"
)
SAME_HEADING = (
    "() => !!window.__prerenderedHeading && document.querySelector('#root h1') === window.__prerenderedHeading"
)


@pytest.mark.parametrize("path", ["/?utm_source=news", "/dpd?utm_source=news&utm_medium=email", "/paynow?ref=sms"])
def test_a_query_the_page_does_not_read_keeps_its_html_hydrated(page: Page, path: str) -> None:
    page.add_init_script(REMEMBER_HEADING)
    page.goto(path)
    expect(page.locator(HYDRATED)).to_be_attached()
    expect(page.locator("[data-until-hydrated]")).to_have_count(0)
    # Hydrated, not painted anew: the heading is still the node the HTML made (a fresh render, or
    # React recovering from a mismatch, would have replaced it; the latter also logs an error).
    assert page.evaluate(SAME_HEADING)
    expect(page).to_have_url(re.compile(re.escape(path) + "$"))


def test_the_store_list_renders_anew_for_its_filters(page: Page) -> None:
    page.add_init_script(REMEMBER_HEADING)
    page.goto("/products?search=fan")
    expect(page.locator("#store-search")).to_have_value("fan")
    expect(page.locator(HYDRATED)).to_be_attached()
    # Its HTML was the unfiltered list: the app rendered the filtered one in its place.
    assert not page.evaluate(SAME_HEADING)
