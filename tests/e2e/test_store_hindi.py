"""The store in Hindi on a 360 px phone: the shopper switches with the store header's own switch,
and the product list, the cart, the checkout (address and payment) and the order page read in
Hindi (every Latin-script word left is a name, a code, a unit or one of the words Indians write in
Latin letters), the catalogue's words (details, categories, colours, sizes) too; the choice
survives a reload."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.hindi_text import latin_words
from tests.e2e.store_steps import RAMESH, api_login, fill_cart, set_clock

# Not the app's words: the product's name (settings) and the shopper's own saved addresses.
NAMES = (
    "VoltKhata",
    "Ramesh Kumar",
    "Plot 44, Sector 18",
    "Near Metro Station",
    "Gurugram",
    "Haryana",
    "Shop 12, Lakshmi Electricals",
    "Karol Bagh Market",
    "New Delhi",
    "Delhi",
)
SMALL_PHONE = {"viewport": {"width": 360, "height": 800}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def small_phone(browser: Browser, server: Server, page_guard: PageGuard) -> Iterator[Page]:
    server.reset()
    context = browser.new_context(base_url=server.url, locale="en-IN", **SMALL_PHONE)  # type: ignore[arg-type]
    context.set_default_timeout(10_000)
    page = context.new_page()
    page_guard.attach(page)
    yield page
    page_guard.check()
    context.close()


def hindi_only(page: Page) -> None:
    left = latin_words(page, extra_names=NAMES)
    assert left == [], " ".join(left)


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_the_store_in_hindi_from_the_list_to_an_order(small_phone: Page, server: Server) -> None:
    page = small_phone
    # Noon, when the dark stores take one-hour orders: the promise read below is the day's, not the night's.
    set_clock(server, "2026-11-27T12:00:00+05:30")
    api_login(page, server, RAMESH)
    fill_cart(page, {1: 2, 3: 1})

    # The list, switched with the store header's switch.
    page.goto("/products")
    header = page.get_by_test_id("store-header")
    header.get_by_role("button", name="हिंदी").click()
    expect(header.get_by_role("button", name="English")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "hi")
    expect(page.get_by_role("heading", name="प्रोडक्ट", level=2)).to_be_visible()
    # The catalogue's words are asked for again in Hindi: product 1's detail, the categories.
    expect(page.get_by_test_id("product-detail").first).to_have_text("मीडियम गेज, 3 m लंबाई, ISI मार्क")
    expect(page.get_by_role("link", name="PVC कंड्यूट पाइप")).to_be_visible()
    expect(page.get_by_role("button", name="कार्ट में डालें").first).to_be_visible()
    expect(page.get_by_role("link", name="कार्ट, 3 आइटम")).to_be_visible()
    hindi_only(page)
    no_sideways_scroll(page)

    # The choice survives a reload (the cookie; the gateway serves the page in Hindi).
    page.reload()
    expect(page.get_by_test_id("store-header").get_by_role("button", name="English")).to_be_visible()
    expect(page.get_by_test_id("product-detail").first).to_have_text("मीडियम गेज, 3 m लंबाई, ISI मार्क")
    hindi_only(page)

    # The cart: its lines' colours and sizes from the catalogue in Hindi.
    page.get_by_role("link", name="कार्ट, 3 आइटम").click()
    expect(page.get_by_role("heading", name="शॉपिंग कार्ट (3 आइटम)")).to_be_visible()
    expect(page.get_by_text("सबटोटल (3 आइटम):")).to_be_visible()
    hindi_only(page)
    no_sideways_scroll(page)

    # The checkout: the saved address, the delivery promise, the ways to pay.
    page.get_by_role("radio", name="कैश ऑन डिलीवरी").check()
    page.get_by_role("button", name="भुगतान के लिए आगे बढ़ें").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    expect(page.get_by_role("heading", name="चेकआउट", level=1)).to_be_visible()
    expect(page.get_by_text("पिछला पता")).to_be_visible()
    expect(page.get_by_test_id("summary-delivery")).to_have_text("1 घंटे में पाएँ")
    place = page.get_by_role("button", name="ऑर्डर करें")
    expect(place).to_be_enabled()
    page.get_by_role("radio", name="VoltKhata क्रेडिट से भुगतान करें").check()
    # Ramesh owes the lender: the app's words for the gateway's reason, with the amount overdue.
    expect(page.get_by_role("alert")).to_contain_text("की राशि बकाया है। कृपया पहले उसे चुकाएँ।")
    hindi_only(page)
    no_sideways_scroll(page)
    page.get_by_role("radio", name="कैश ऑन डिलीवरी").check()
    expect(place).to_be_enabled()
    place.click()

    # The order page: heading, status, payment, timeline and dates in Hindi.
    expect(page).to_have_url(re.compile(r"/orders/VK\d+$"))
    expect(page.get_by_role("heading", name="धन्यवाद! आपका ऑर्डर हो गया है")).to_be_visible()
    expect(page.get_by_test_id("order-status")).to_have_text("ऑर्डर हो गया")
    expect(page.get_by_test_id("payment-state")).to_contain_text("डिलीवरी पर भुगतान:")
    expect(page.get_by_test_id("step-label")).to_have_text(
        ["ऑर्डर हो गया", "पैक हो गया", "भेज दिया गया", "डिलीवरी के लिए निकला", "डिलीवर हो गया"]
    )
    # 27 नवंबर 2026 को दोपहर 3:04 बजे: the hi locale's own 12-hour clock, its part of the day in Hindi.
    placed_on = re.compile(r"^ऑर्डर की तारीख: \d+ [\u0900-\u097F]+ 20\d\d को (सुबह|दोपहर|शाम|रात) \d{1,2}:\d\d बजे$")
    expect(page.get_by_text(placed_on)).to_be_visible()
    hindi_only(page)
    no_sideways_scroll(page)
    page.reload()
    expect(page.get_by_role("heading", name="धन्यवाद! आपका ऑर्डर हो गया है")).to_be_visible()
    hindi_only(page)
