"""Site e2e: each portal and store route's own title (those behind a login too; the public
site's are checked with its headings in test_site_pages), the FAQ accordion and its search, steps
a phone can read, About's team and backers once, testimonial dots clear of the cards, the credit
page's grid on a phone's screen, no empty bands on the marketing pages, and no sideways scroll on
/paynow. Desktop and phone where a visitor may be on either."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.portal_steps import open_payment
from tests.e2e.store_steps import RAMESH, SEED, api_login, fill_cart, place_by_api
from tests.e2e.test_site_pages import PRODUCT, VIEWPORTS

# Routes outside the public site (the portal's and the store's, those behind a login too) -> their
# title; the public site's are checked with their headings (test_site_pages).
TITLES = {
    "/paynow": "Pay Now",
    "/verify-otp": "Verify OTP",
    "/payment": "Repayment",
    "/login": "Login",
    "/verifyotp": "Verify OTP",
    "/product-home": "Store",
    "/products": "Products",
    "/product-details/148": SEED[148].product_name,  # the product's own name, once it is loaded
    "/shopping-cart": "Shopping Cart",
    "/checkout": "Checkout",
    "/orders": "My orders",
    "/orders/{n}": "Order {n}",
    "/no-such-page": "Page not found",
}
# Pages a search engine may show: each has a description of its own.
DESCRIBED = {"/product-home", "/products"}


def open_as_a_user(page: Page, server: Server, path: str) -> str:
    """Open `path` the way a user reaches it (the code screen after a number, the logged-in
    pages after a login through the gateway); the path with the placed order's number for
    '/orders/{n}'."""
    main = page.locator("main")
    if path == "/verify-otp":
        page.goto("/paynow")
        main.get_by_label("Mobile number").fill(RAMESH)
        main.get_by_role("button", name="Submit", exact=True).click()
        expect(page).to_have_url(re.compile(r"/verify-otp$"))
    elif path == "/payment":
        open_payment(page, server, RAMESH)
    elif path == "/verifyotp":
        page.goto("/login")
        page.get_by_label("Mobile number").fill(RAMESH)
        page.get_by_role("button", name="Submit").click()
    elif path in ("/shopping-cart", "/checkout", "/orders", "/orders/{n}"):
        api_login(page, server, RAMESH)
        if path == "/checkout":
            fill_cart(page, {148: 1})
        if path == "/orders/{n}":
            path = f"/orders/{place_by_api(page, {148: 1})}"
        page.goto(path)
    else:
        page.goto(path)
    return path


@pytest.mark.parametrize(("path", "title"), TITLES.items(), ids=list(TITLES))
def test_each_route_sets_its_own_title(page: Page, server: Server, path: str, title: str) -> None:
    # A title does not depend on the screen: one viewport is enough.
    shown = open_as_a_user(page, server, path)
    expect(page).to_have_title(f"{title.replace('{n}', shown.rsplit('/', 1)[-1])} | {PRODUCT}")
    if path in DESCRIBED:
        description = page.locator('meta[name="description"]')
        expect(description).to_have_count(1)
        assert len(description.get_attribute("content") or "") > 30


def test_titles_follow_client_side_navigation(page: Page) -> None:
    page.goto("/")
    expect(page).to_have_title(f"Buy electrical goods on credit | {PRODUCT}")
    page.get_by_role("contentinfo").get_by_role("link", name="FAQs").click()
    expect(page).to_have_title(f"FAQs | {PRODUCT}")
    description = page.locator('meta[name="description"]').get_attribute("content") or ""
    assert "repayments" in description


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_faq_is_an_accordion_with_a_search_and_links(request: pytest.FixtureRequest, fixture: str) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto("/FAQ's")
    questions = page.locator("details")
    expect(questions.first).to_be_visible()
    count = questions.count()
    assert count >= 10
    answer = page.get_by_text("Go to the")
    expect(answer).to_be_hidden()
    page.get_by_role("heading", name="How do I repay?").click()
    expect(answer).to_be_visible()
    page.get_by_role("link", name="Pay Now", exact=True).last.click()
    expect(page).to_have_url(re.compile(r"/paynow$"))

    page.goto("/FAQ's")
    page.get_by_label("Search the questions").fill("delivered")
    expect(page.get_by_role("status")).to_have_text(re.compile(rf"^\d+ of {count} questions$"))
    expect(page.get_by_role("heading", name="How fast will my order be delivered?")).to_be_visible()
    expect(page.get_by_role("heading", name="How do I repay?")).to_have_count(0)
    page.get_by_role("link", name="store", exact=True).first.click()
    expect(page).to_have_url(re.compile(r"/product-home$"))

    page.goto("/FAQ's")
    page.get_by_label("Search the questions").fill("zzzz")
    expect(page.get_by_text("No question matches that.")).to_be_visible()
    expect(page.get_by_role("link", name="Ask us instead")).to_have_attribute("href", "/contact-us")


@pytest.mark.parametrize("test_id", ["trade-steps", "how-it-works"])
def test_step_diagrams_are_text_that_stacks_on_a_phone(phone_page: Page, test_id: str) -> None:
    phone_page.goto("/")
    steps = phone_page.get_by_test_id(test_id).get_by_role("listitem")
    expect(steps.first).to_be_visible()
    assert steps.count() >= 3
    boxes = [steps.nth(i).bounding_box() for i in range(steps.count())]
    assert all(b is not None for b in boxes)
    tops = [b["y"] for b in boxes if b]
    assert tops == sorted(tops) and len(set(tops)) == len(tops), "the steps stack"
    for i in range(steps.count()):
        size = float(steps.nth(i).locator("p").evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
        assert size >= 12


def test_credit_flow_is_text_at_least_12px_on_a_phone(phone_page: Page) -> None:
    phone_page.goto("/buy-products-on-credit")
    flow = phone_page.get_by_test_id("credit-flow-mobile")
    expect(flow.get_by_role("listitem")).to_have_count(5)
    for text in flow.locator("p").all():
        assert float(text.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 12


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_about_shows_the_team_and_the_backers_once(request: pytest.FixtureRequest, fixture: str) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto("/AboutUs")
    expect(page.get_by_role("heading", name="Our team")).to_have_count(1)
    expect(page.get_by_role("heading", name="Our backers")).to_have_count(1)
    expect(page.get_by_role("heading", name="What we value")).to_have_count(1)
    team = page.get_by_role("region", name="Our team")
    expect(team).to_contain_text("founded by people")
    expect(team.get_by_role("listitem").first).to_be_visible()


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_testimonial_dots_sit_below_the_cards(request: pytest.FixtureRequest, fixture: str) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto("/")
    visible = "home-testimonials-desktop" if fixture == "page" else "home-testimonials-mobile"
    carousel = page.get_by_test_id(visible)
    carousel.scroll_into_view_if_needed()
    dots = carousel.locator(".swiper-pagination")
    expect(dots.locator(".swiper-pagination-bullet").first).to_be_visible()
    dot_box = dots.bounding_box()
    assert dot_box
    for quote in carousel.locator(".swiper-slide-visible figure, .swiper-slide-active figure").all():
        box = quote.bounding_box()
        assert box and box["y"] + box["height"] <= dot_box["y"], (box, dot_box)
    pause = carousel.get_by_role("button", name="Pause")
    pause.click()
    expect(carousel.get_by_role("button", name="Play")).to_be_visible()


def test_credit_categories_fit_a_phone_with_even_margins(phone_page: Page) -> None:
    phone_page.goto("/buy-products-on-credit")
    cards = phone_page.get_by_role("region", name="Categories you can buy on credit").get_by_role("listitem")
    expect(cards).to_have_count(10)
    left = cards.nth(0).bounding_box()
    right = cards.nth(1).bounding_box()
    assert left and right
    assert abs(left["y"] - right["y"]) < 1, "two to a row"
    margin_left = left["x"]
    screen = phone_page.viewport_size
    assert screen
    margin_right = screen["width"] - (right["x"] + right["width"])
    assert margin_left > 0 and abs(margin_left - margin_right) <= 1, (margin_left, margin_right)
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= screen["width"]


# The public site's and the app's pages are checked with their headings (test_site_pages).
def test_paynow_does_not_scroll_sideways_on_a_phone(phone_page: Page) -> None:
    path = "/paynow"
    phone_page.goto(path)
    expect(phone_page.get_by_role("heading", level=1)).to_be_attached()
    phone_page.wait_for_load_state("networkidle")
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    screen = phone_page.viewport_size
    assert screen
    assert width <= screen["width"], f"{path} scrolls sideways ({width}px)"


# Where a visitor reads down a page: every section carries something to see from top to bottom.
BAND_PAGES = ["/", "/buy-products-on-credit", "/dpd", "/AboutUs", "/contact-us"]
LARGEST_GAP_PX = 200  # more than a section's padding and a heading's margin: an empty band

# How much of a section, from its top and from its bottom, nothing is drawn in: text, pictures,
# controls and painted backgrounds count as drawn.
EMPTY_EDGES = """section => {
  const box = section.getBoundingClientRect();
  let top = Infinity, bottom = -Infinity;
  const take = r => {
    if (r.width > 0 && r.height > 0) { top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom); }
  };
  const walker = document.createTreeWalker(section, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent.trim()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        take(range.getBoundingClientRect());
      }
      continue;
    }
    const style = getComputedStyle(node);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const drawn = ['IMG', 'svg', 'PICTURE', 'VIDEO', 'IFRAME', 'CANVAS', 'INPUT', 'BUTTON', 'SELECT', 'TEXTAREA']
      .includes(node.tagName)
      || (node !== section && style.backgroundImage !== 'none');
    if (drawn) take(node.getBoundingClientRect());
  }
  if (top === Infinity) return {top: box.height, bottom: box.height, height: box.height};
  return {top: top - box.top, bottom: box.bottom - bottom, height: box.height};
}"""


@pytest.mark.parametrize("fixture", VIEWPORTS)
@pytest.mark.parametrize("path", BAND_PAGES)
def test_no_empty_bands(request: pytest.FixtureRequest, fixture: str, path: str) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto(path)
    sections = page.locator("main section")
    expect(sections.first).to_be_visible()
    bands = []
    for index in range(sections.count()):
        section = sections.nth(index)
        section.scroll_into_view_if_needed()  # sections off screen are not laid out (content-visibility)
        edges = section.evaluate(EMPTY_EDGES)
        if edges["top"] > LARGEST_GAP_PX or edges["bottom"] > LARGEST_GAP_PX:
            label = section.get_attribute("aria-labelledby") or section.get_attribute("class") or str(index)
            bands.append((label, edges))
    assert bands == [], f"{path}: sections with an empty band (px from the top, from the bottom): {bands}"
