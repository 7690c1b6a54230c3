"""Every route of the public site, on a desktop and a phone (the app's web-view pages on a
phone): its main heading, its own title and description, no sideways scroll, hydrated with every
control alive, no serious accessibility violation (axe-core), and the page makes no console
error, no failed request and no request to another host (checked by the fixtures)."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.conftest import axe_violations

PRODUCT = "VoltKhata"  # the default product name (settings)

# path -> the page's main heading
PUBLIC = {
    "/": "Buy electrical stock on credit, up to ₹5 lakh",
    "/privacy-policy": "Privacy and Lending Policy",
    "/shipping-policy": "Shipping Policy",
    "/terms-and-conditions": "Terms and Conditions",
    "/cancellation-and-refunds": "Cancellation and Refunds Policy",
    "/landing-privacy-policy": "Privacy Notice",
    "/grievance-redressal": "Grievance Redressal",
    "/buy-products-on-credit": "Buy products on credit, up to ₹5 lakh",
    "/delete-data-policy": "Delete Your Data",
    "/contact-us": "Contact us",
    "/FAQ's": "Frequently Asked Questions",
    "/AboutUs": f"About {PRODUCT}",
    "/dpd": "Collections with",
    f"/aboutUs_{PRODUCT}": f"About {PRODUCT}",
    "/blog": "Blog",
}
APP = {
    "/AboutUs_MobileApp": f"About {PRODUCT}",
    "/FAQ's_MobileApp": "Frequently Asked Questions",
    "/privacyPolicy_MobileApp": "Privacy and Lending Policy",
    "/privacyPolicyOpusCollect_MobileApp": "Lending Privacy Policy",
    "/termsAndConditions_MobileApp": "Terms and Conditions",
    "/contact-us_MobileApp": "Contact us",
}
VIEWPORTS = ["page", "phone_page"]
# Once the app has taken the page over it marks the document (never part of the HTML).
HYDRATED = "html[data-app-live]"
# path -> the page's title (before " | VoltKhata")
PUBLIC_TITLES = {
    "/": "Buy electrical goods on credit",
    "/privacy-policy": "Privacy and Lending Policy",
    "/shipping-policy": "Shipping Policy",
    "/terms-and-conditions": "Terms and Conditions",
    "/cancellation-and-refunds": "Cancellation and Refunds Policy",
    "/landing-privacy-policy": "Privacy Notice",
    "/grievance-redressal": "Grievance Redressal",
    "/buy-products-on-credit": "Buy products on credit",
    "/delete-data-policy": "Delete Your Data",
    "/contact-us": "Contact us",
    "/FAQ's": "FAQs",
    "/AboutUs": "About us",
    "/dpd": "Collections software for lenders",
    f"/aboutUs_{PRODUCT}": "About us",
    "/blog": "Blog",
}


def is_live_and_accessible(page: Page, axe: Axe) -> None:
    """The app has taken the page over with every control alive (lazy parts included; a hydration
    mismatch is a console error the fixture fails on), and axe-core (shipped locally) finds no
    serious or critical violation."""
    expect(page.locator(HYDRATED)).to_be_attached()
    expect(page.locator("[data-until-hydrated]")).to_have_count(0)
    report = axe_violations(axe, page)
    assert not report, report


def fits_the_screen(page: Page, path: str) -> None:
    """No sideways scroll once the page has settled."""
    width = page.evaluate("document.documentElement.scrollWidth")
    screen = page.viewport_size
    assert screen
    assert width <= screen["width"], f"{path} scrolls sideways ({width}px)"


@pytest.mark.parametrize("fixture", VIEWPORTS)
@pytest.mark.parametrize(("path", "heading"), PUBLIC.items(), ids=list(PUBLIC))
def test_public_route_shows_its_heading_inside_header_and_footer(
    request: pytest.FixtureRequest, axe: Axe, fixture: str, path: str, heading: str
) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_contain_text(heading)
    expect(page.get_by_role("banner")).to_be_visible()
    expect(page.get_by_role("contentinfo")).to_be_visible()
    # Its own title, and a description of its own for search engines.
    expect(page).to_have_title(f"{PUBLIC_TITLES[path]} | {PRODUCT}")
    description = page.locator('meta[name="description"]')
    expect(description).to_have_count(1)
    assert len(description.get_attribute("content") or "") > 30
    # Every image the page shows arrived (made for the project, served locally).
    page.wait_for_load_state("networkidle")
    broken = page.evaluate("() => [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src)")
    assert broken == []
    fits_the_screen(page, path)
    is_live_and_accessible(page, axe)


# The app's pages open only in the native app's web view (nothing on the site links to them):
# on a phone's screen.
@pytest.mark.parametrize(("path", "heading"), APP.items(), ids=list(APP))
def test_app_route_has_no_site_header_or_footer(phone_page: Page, axe: Axe, path: str, heading: str) -> None:
    page = phone_page
    page.goto(path)
    expect(page.get_by_role("heading", level=1)).to_contain_text(heading)
    expect(page.get_by_role("banner")).to_have_count(0)
    # The site's footer comes in a chunk of its own, after the heading: looked for once that is in.
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("contentinfo")).to_have_count(0)
    fits_the_screen(page, path)
    is_live_and_accessible(page, axe)


def test_markdown_pages_fill_tokens_and_render_tables(page: Page) -> None:
    page.goto("/cancellation-and-refunds")
    expect(page.get_by_role("table").first).to_be_visible()
    page.goto("/grievance-redressal")
    main = page.locator("main")
    expect(main).to_contain_text("Ananya Rao")
    expect(main).not_to_contain_text("{{")
    page.goto("/FAQ's")
    expect(page.locator("main h2")).to_have_count(12)
    expect(page.locator("main")).not_to_contain_text("{{")


def test_credit_limit_reads_the_same_everywhere(page: Page) -> None:
    for path in ("/", "/buy-products-on-credit", "/AboutUs"):
        page.goto(path)
        # The text in the page, rendered yet or not (sections far below render near the screen only).
        text = page.locator("main").text_content() or ""
        assert "₹5 lakh" in text
        assert not re.search(r"10 la(kh|cs)", text)


def test_credit_page_lists_ten_categories_and_the_coming_soon_bulk_orders(page: Page) -> None:
    page.goto("/buy-products-on-credit")
    expect(page.get_by_role("link", name=re.compile("^Buy on Credit:"))).to_have_count(10)
    expect(page.get_by_role("heading", name="Bulk orders on platform coming soon...")).to_be_visible()
    store_links = page.locator("main section").first.get_by_role("link")
    expect(store_links).to_have_count(2)
    for href in store_links.evaluate_all("links => links.map(l => l.href)"):
        assert href.startswith("https://")


def test_credit_flow_has_a_desktop_and_a_phone_layout(page: Page, phone_page: Page) -> None:
    page.goto("/buy-products-on-credit")
    expect(page.get_by_test_id("credit-flow-desktop")).to_be_visible()
    expect(page.get_by_test_id("credit-flow-mobile")).to_be_hidden()
    phone_page.goto("/buy-products-on-credit")
    expect(phone_page.get_by_test_id("credit-flow-mobile")).to_be_visible()
    expect(phone_page.get_by_test_id("credit-flow-desktop")).to_be_hidden()


def test_home_sections_come_in_the_specified_order(page: Page) -> None:
    page.goto("/")
    expect(page.locator("main h2")).to_have_count(8)
    # Their text, not their rendered text: sections far below render only near the screen.
    headings = page.locator("main h2").all_text_contents()
    assert headings == [
        "Trade in three simple steps",
        f"Why buy on credit with {PRODUCT}",
        "Benefits for merchants",
        "A platform for the whole supply chain",
        "How it works",
        "What our merchants say",
        f"Download the {PRODUCT} app",
        "Brands we work with",
    ]
    for card in ("Instant Credit Limit", "Lowest Market Prices", "Delivery You Can Plan On", "Order Anytime Anywhere"):
        expect(page.get_by_role("heading", name=card)).to_be_visible()


def test_home_buttons_lead_somewhere(page: Page) -> None:
    page.goto("/")
    page.get_by_role("link", name="Get Started").click()
    expect(page).to_have_url(re.compile("/buy-products-on-credit$"))
    page.goto("/")
    page.get_by_role("link", name="Learn More about us", exact=True).click()
    expect(page).to_have_url(re.compile("/AboutUs$"))


def test_blog_lists_ten_posts_with_dates(page: Page) -> None:
    page.goto("/blog")
    posts = page.locator("main li")
    expect(posts).to_have_count(10)
    # Written as every other date in the app: 18 May 2026.
    expect(posts.first.locator("time")).to_have_text(re.compile(r"^\d{1,2} [A-Z][a-z]{2} \d{4}$"))


def test_lender_page_rotates_words_counts_up_and_links_to_contact(page: Page) -> None:
    page.goto("/dpd")
    word = page.get_by_test_id("rotating-word")
    expect(word).to_have_text("zero NPAs")
    expect(word).to_have_text("zero escalations")
    counter = page.get_by_test_id("count-500")
    expect(counter).to_have_attribute("data-value", "0")  # not counted before it is seen
    counter.scroll_into_view_if_needed()
    expect(counter).to_have_attribute("data-value", "500")
    expect(counter.locator("[aria-hidden=true]")).to_have_text("₹500 Cr")
    main = page.locator("main")
    for claim in ("50+", "10,000+", "450 reviews", "35%"):
        expect(main).to_contain_text(claim)
    page.get_by_role("link", name="Get in touch").first.click()
    expect(page).to_have_url(re.compile("/contact-us$"))


def test_contact_page_map_is_local_and_links_the_delete_data_policy(page: Page) -> None:
    page.goto("/contact-us")
    expect(page.get_by_role("img", name=re.compile("^Map showing our office"))).to_be_visible()
    page.get_by_role("link", name="Delete Data Policy").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete Your Data")
