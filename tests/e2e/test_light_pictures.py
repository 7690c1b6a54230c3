"""Light when the visitor asks: with Save-Data, or a link the browser measures as slow, the store's
pictures are the smallest files (AVIF where Chromium shows it), the cart's too, and its banners do
not move on their own; otherwise a phone gets files as wide as its screen needs and the banners turn
by themselves. A first visit on a slow link is asked for once (no Critical-CH retry) and is light
from the page after it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Playwright, Route, expect

from tests.e2e.conftest import FULL_CHROMIUM, PHONE, PageGuard, Server
from tests.e2e.store_steps import api_login, fill_cart

# What Chromium's Network Information API says on such a phone (a test browser measures nothing).
CONNECTION = """(connection) => Object.defineProperty(Navigator.prototype, 'connection', {
    configurable: true,
    get: () => ({ ...connection, addEventListener() {}, removeEventListener() {} }),
})"""
AUTOPLAY_MS = 3000  # features/store/components/banners.tsx
SWIPER_CODE = re.compile(r"/assets/BannerSwiper-[^/]+\.js$")
SMALLEST = re.compile(r"/_mocks/catalogue/media/products/\d+-160\.[0-9a-f]{10}\.avif$")
SCREEN_WIDE = re.compile(r"/_mocks/catalogue/media/products/\d+-(320|480)\.[0-9a-f]{10}\.avif$")

PROFILES = {
    "save-data": ({"Save-Data": "on"}, {"saveData": True, "effectiveType": "4g"}),
    "slow-link": ({"ECT": "3g"}, {"saveData": False, "effectiveType": "3g"}),
    "fast-link": ({}, {"saveData": False, "effectiveType": "4g"}),
}


@pytest.fixture(params=list(PROFILES))
def phone(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[tuple[str, Page]]:
    headers, connection = PROFILES[request.param]
    server.reset()
    context = browser.new_context(base_url=server.url, locale="en-IN", extra_http_headers=headers, **PHONE)
    context.set_default_timeout(10_000)
    context.add_init_script(script=f"({CONNECTION})({connection!r})".replace("True", "true").replace("False", "false"))
    page = context.new_page()
    guard = PageGuard(origin=server.url)
    guard.attach(page)
    yield request.param, page
    guard.check()
    context.close()


def current_source(page: Page, index: int) -> str:
    """The file the browser chose for the card's picture, once it has loaded."""
    image = page.get_by_test_id("product-card").nth(index).locator("img")
    expect(image).to_have_js_property("complete", True)
    source: str = image.evaluate("(img) => img.currentSrc")
    return source


def test_the_pictures_are_light_when_the_visitor_asks(phone: tuple[str, Page]) -> None:
    profile, page = phone
    light = profile != "fast-link"
    wanted = SMALLEST if light else SCREEN_WIDE
    # The first page, as the gateway wrote it into the HTML.
    page.goto("/products")
    assert wanted.search(current_source(page, 0)), current_source(page, 0)
    # The next page, drawn by the app.
    cards = page.get_by_test_id("product-card")
    expect(cards.nth(11)).to_be_visible()
    # The end of the list in view (a phone's last card can fill the screen above it): the next page comes.
    page.get_by_test_id("load-more-sentinel").scroll_into_view_if_needed()
    expect(cards.nth(12)).to_be_attached()
    cards.nth(12).scroll_into_view_if_needed()
    assert wanted.search(current_source(page, 12)), current_source(page, 12)
    # A product's own page.
    cards.nth(0).get_by_role("heading").get_by_role("link").click()
    picture = page.locator("article img").first
    expect(picture).to_have_js_property("complete", True)
    chosen = picture.evaluate("(img) => img.currentSrc")
    assert (SMALLEST if light else re.compile(r"-(320|480)\.[0-9a-f]{10}\.avif$")).search(chosen), chosen


def test_the_banners_stand_still_when_the_visitor_asks(phone: tuple[str, Page]) -> None:
    profile, page = phone
    page.clock.install()
    # Swiper's code, held until the visitor has tapped (the tap then lands on the page's own dots).
    tapped: list[bool] = []
    held: list[Route] = []
    page.route(SWIPER_CODE, lambda route: route.continue_() if tapped else held.append(route))
    page.goto("/product-home")
    active = page.locator(".swiper-slide-active")
    expect(active).to_have_attribute("data-banner", "1")
    expect(page.get_by_role("button", name="Go to slide 2")).to_be_visible()  # the app has taken over
    page.clock.run_for(AUTOPLAY_MS * 3)
    if profile == "fast-link":
        tapped.append(True)
        for route in held:
            route.continue_()
        expect(active).not_to_have_attribute("data-banner", "1")
    else:
        # Three turns' time later, the first banner is still the one shown; and Swiper comes for
        # the banner the visitor picks. (Had a turn of its own asked for it first, for the second
        # banner, the carousel would go there: the first banner asked for is the one it loads for.
        # The page's resource timings cannot tell: under the test's clock they list nothing.)
        expect(active).to_have_attribute("data-banner", "1")
        page.get_by_role("button", name="Go to slide 3").click()
        tapped.append(True)
        for route in held:
            route.continue_()
        expect(active).to_have_attribute("data-banner", "3")


def test_the_cart_shows_the_list_s_light_picture_sized_for_its_line(phone: tuple[str, Page], server: Server) -> None:
    profile, page = phone
    api_login(page, server, "9876543210")
    fill_cart(page, {1: 1, 3: 2})
    page.goto("/shopping-cart")
    line = page.get_by_test_id("cart-line").first
    image = line.locator("img")
    expect(image).to_have_js_property("complete", True)
    # A phone's line is 72 px wide: even at 2x the smallest file fills it, not the catalogue's drawing.
    chosen = image.evaluate("(img) => img.currentSrc")
    assert SMALLEST.search(chosen), chosen
    # Light: nothing larger is offered, whatever the screen becomes.
    offered = line.locator("source").first.get_attribute("srcset") or ""
    assert ("320w" not in offered) == (profile != "fast-link"), offered


@pytest.fixture(scope="module")
def browser_on_a_slow_link(playwright_instance: Playwright) -> Iterator[Browser]:
    """A Chromium that measures its link as 3G, as it would on one: its ECT hint (navigations included,
    which DevTools' network emulation does not reach) and navigator.connection say so."""
    # Started as the session's browser is (conftest's `browser`), the link's speed besides; the full
    # browser, as the headless shell keeps no site's Accept-CH for the next navigation.
    args = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    args += ["--no-first-run", "--disable-gpu", "--disable-quic", "--force-effective-connection-type=3G"]
    browser = playwright_instance.chromium.launch(executable_path=FULL_CHROMIUM, args=args)
    yield browser
    browser.close()


def test_a_first_visit_on_a_slow_link_is_asked_for_once_and_light_from_the_next_page(
    browser_on_a_slow_link: Browser, server: Server
) -> None:
    server.reset()
    # A new profile: the browser has never been asked for ECT here, and no Save-Data.
    context = browser_on_a_slow_link.new_context(base_url=server.url, locale="en-IN", **PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    guard = PageGuard(origin=server.url)
    guard.attach(page)
    answer = page.goto("/products")
    assert answer is not None and answer.ok
    # Answered at once: the gateway did not have Chromium send the navigation again for the hint
    # (a round trip every first visitor paid), so it could not know the link: the screen's widths.
    assert "critical-ch" not in answer.headers
    assert SCREEN_WIDE.search(current_source(page, 0)), current_source(page, 0)
    # The page asked for the hint (Accept-CH): the next page is light from its HTML.
    page.reload()
    assert SMALLEST.search(current_source(page, 0)), current_source(page, 0)
    guard.check()
    context.close()
