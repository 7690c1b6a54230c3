"""A Hindi visitor gets the public pages in Hindi from the server (the `lang` cookie, or a browser
that prefers Hindi): the text is in the HTML before any script runs, the app hydrates it without a
mismatch, and each page names its other language for search engines (hreflang)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from tests.e2e.conftest import DESKTOP, PHONE, STATIC_DIR, PageGuard, Server
from tests.e2e.hindi_text import latin_words

PRODUCT = "VoltKhata"  # the default product name (settings)
HYDRATED = "html[data-app-live]"
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
SITE_PAGES = ["/", "/buy-products-on-credit", "/contact-us", "/FAQ's"]
# The portal's and the store's first pages: served in Hindi too (their words are their features').
OTHER_PAGES = ["/paynow", "/products"]
# What the contact page shows in Latin letters by nature: its addresses.
ADDRESSES = ("support@voltkhata.example",)

# Remembers the pre-rendered page's main heading (the node and its text) before the app runs.
REMEMBER_HEADING = (
    "document.addEventListener('DOMContentLoaded', () => {"
    " window.__heading = document.querySelector('#root h1');"
    " window.__headingText = window.__heading && window.__heading.textContent; });"
)


def _hindi_context(browser: Browser, server: Server, how: str, **options: object) -> BrowserContext:
    if how == "accept-language":  # Chromium sends Accept-Language from its locale
        context = browser.new_context(base_url=server.url, locale="hi-IN", **PHONE, **options)  # type: ignore[arg-type]
    else:
        context = browser.new_context(base_url=server.url, locale="en-IN", **PHONE, **options)  # type: ignore[arg-type]
        context.add_cookies([{"name": "lang", "value": "hi", "url": server.url}])
    context.set_default_timeout(10_000)
    return context


@pytest.fixture(params=["cookie", "accept-language"])
def hindi_page(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[Page]:
    server.reset()
    guard = PageGuard(origin=server.url)  # a hydration mismatch is a console error: it fails the test
    context = _hindi_context(browser, server, request.param)
    page = context.new_page()
    guard.attach(page)
    yield page
    guard.check()
    context.close()


# The HTML a Hindi visitor is sent (its words, language and alternates) is read without a browser
# in tests/integration/test_pages_without_script.py.


@pytest.mark.parametrize("path", SITE_PAGES + OTHER_PAGES)
def test_the_hindi_page_hydrates_as_it_was_sent_with_no_english(hindi_page: Page, path: str) -> None:
    hindi_page.add_init_script(REMEMBER_HEADING)
    hindi_page.goto(path)
    expect(hindi_page.locator(HYDRATED)).to_be_attached()
    expect(hindi_page.locator("[data-until-hydrated]")).to_have_count(0)
    # The heading the HTML made is still there, with its Hindi text: hydrated, not drawn anew
    # (React recovering from a mismatch would have replaced it, and logged an error).
    assert hindi_page.evaluate("() => document.querySelector('#root h1') === window.__heading")
    text = hindi_page.evaluate("() => window.__headingText")
    assert DEVANAGARI.search(text), text
    expect(hindi_page.get_by_role("heading", level=1)).to_have_text(text)
    if path in SITE_PAGES:
        # No English to a Hindi visitor anywhere on the site's pages, lazily loaded parts included
        # (all of them are on the page once nothing waits for hydration).
        assert latin_words(hindi_page, extra_names=(PRODUCT, *ADDRESSES)) == []


def test_the_faq_answers_open_in_hindi(hindi_page: Page) -> None:
    hindi_page.goto("/FAQ's")
    expect(hindi_page.locator(HYDRATED)).to_be_attached()
    hindi_page.get_by_label("सवालों में खोजें").fill("गिरवी")
    expect(hindi_page.get_by_role("status")).to_have_text("12 में से 1 सवाल")
    expect(hindi_page.locator("main details")).to_contain_text("दिनों तक बिना ब्याज की है, और आपको कोई गिरवी नहीं देनी होती")


def test_lang_in_the_address_opens_the_page_in_that_language_and_keeps_it(page: Page) -> None:
    # The native app's web view opens a page in the app's language.
    page.goto("/contact-us?lang=hi")
    expect(page.locator("html")).to_have_attribute("lang", "hi-IN")
    expect(page.locator(HYDRATED)).to_be_attached()
    # The next page the visitor opens, without ?lang=, is Hindi as well (the cookie).
    page.goto("/buy-products-on-credit")
    expect(page.locator("html")).to_have_attribute("lang", "hi-IN")
    expect(page.get_by_role("heading", level=1)).to_have_text("₹5 लाख तक का सामान उधार पर खरीदें")
    page.goto("/?lang=en")
    expect(page.locator("html")).to_have_attribute("lang", "en-IN")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Buy electrical stock on credit")


def test_the_app_shell_carries_the_visitor_s_language(hindi_page: Page) -> None:
    # A page the server does not pre-render (the cart) still says its language: the app reads it.
    hindi_page.goto("/shopping-cart")
    expect(hindi_page.locator("html")).to_have_attribute("lang", "hi-IN")
    expect(hindi_page.locator(HYDRATED)).to_be_attached()


@pytest.fixture
def page_without_worker(browser: Browser, server: Server) -> Iterator[Page]:
    """A desktop page whose service worker never starts: its precache (after the page's load)
    would fetch the held files itself, past the page's routes, and the page then find them."""
    server.reset()
    guard = PageGuard(origin=server.url)
    context = browser.new_context(base_url=server.url, locale="en-IN", service_workers="block", **DESKTOP)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    page = context.new_page()
    guard.attach(page)
    yield page
    guard.check()
    context.close()


def test_a_lazy_part_s_messages_arriving_while_its_code_is_held_leave_its_html_in_place(
    page_without_worker: Page,
) -> None:
    page = page_without_worker
    # The footer's messages (a catalog of their own) arrive while the page hydrates and its code
    # is still on the way: the footer the HTML showed stays (a re-render of the whole tree for
    # the new messages made React draw the waiting footer anew: blank until its code came).
    manifest = json.loads((STATIC_DIR / ".vite" / "manifest.json").read_text())
    catalog = "/" + manifest["src/components/Footer/locales/en.po"]["file"]
    held: list[Route] = []
    page.route(re.compile(r"/assets/Footer-[^/]+\.js$"), lambda route: held.append(route))
    page.route(f"**{catalog}", lambda route: held.append(route))
    # Both are asked for as the page starts, and held until released below.
    with page.expect_request(re.compile(r"/assets/Footer-[^/]+\.js$")), page.expect_request(f"**{catalog}"):
        page.goto("/")
    expect(page.locator(HYDRATED)).to_be_attached()
    field = page.get_by_label("Email address")
    expect(field).to_be_disabled()
    assert len(held) == 2
    messages = next(route for route in held if route.request.url.endswith(catalog))
    with page.expect_response(lambda response: response.url.endswith(catalog)):
        messages.continue_()
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    expect(field).to_be_disabled()  # still the HTML's, not gone
    for route in held:
        if route is not messages:
            route.continue_()
    expect(field).to_be_enabled()
