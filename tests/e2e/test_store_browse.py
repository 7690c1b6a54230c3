"""Storefront e2e: browsing logged out, search, infinite scroll, the banner and the login screens."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.star_pixels import star_fills

STORE_USER = "9876543210"


def cards(page: Page):  # type: ignore[no-untyped-def]
    return page.get_by_test_id("product-card")


def test_browse_logged_out_shows_twelve_cards_with_prices_and_ratings(server: Server, page: Page) -> None:
    page.goto("/products")
    expect(cards(page)).to_have_count(12)
    first = cards(page).first
    expect(first.get_by_role("heading", level=3)).to_have_text("Trikon PVC Conduit Pipe 20mm")
    expect(first).to_contain_text("₹50.84")
    expect(first).to_contain_text("M.R.P: ₹62.00")
    expect(first).to_contain_text("18% off")
    stars = first.get_by_role("img", name="Rated 3.5 out of 5")
    expect(stars).to_be_visible()
    assert star_fills(stars) == [1, 1, 1, pytest.approx(0.5, abs=0.1), 0]
    # No pin code chosen yet: no delivery time claimed (issue 33).
    expect(first.get_by_test_id("delivery-label")).to_have_text("Choose your pin code to see delivery time")
    expect(first).not_to_contain_text(re.compile("free|1 hour", re.I))
    # Product 4 sells at M.R.P.: no percent off on its card.
    fourth = cards(page).nth(3)
    expect(fourth).not_to_contain_text("% off")
    expect(page.get_by_role("link", name="Cart, 0 items")).to_have_attribute("href", "/shopping-cart")
    # Not in the cart (logged out nothing is): 'Add to cart', no quantity control, no cart call.
    expect(first.get_by_role("button", name="Add to cart")).to_be_visible()
    expect(first.get_by_role("group", name=re.compile("^Quantity of"))).to_have_count(0)
    assert not [e for e in server.journal("catalogue") if "Cart" in e["path"]]


def test_product_without_detail_shows_a_dash(server: Server, page: Page) -> None:
    page.goto("/products")
    # Product 97 (PVC Conduit Elbow) has no detail text; it is on page 9, so search for it.
    page.get_by_label("Search products").fill("Elbow")
    expect(cards(page)).to_have_count(1)
    expect(cards(page).first.get_by_test_id("product-detail")).to_have_text("-")


def test_search_narrows_the_list_after_the_debounce(server: Server, page: Page) -> None:
    page.goto("/products")
    expect(cards(page)).to_have_count(12)
    page.get_by_label("Search products").fill("LED")
    names = cards(page).get_by_role("heading", level=3)
    expect(names.first).to_contain_text("LED")
    for text in names.all_text_contents():
        assert "led" in text.lower(), text
    requests = [e for e in server.journal("catalogue") if "search=LED" in e["query"]]
    assert requests and all("page=1" in e["query"] for e in requests)
    # Each result's buttons are named by the action and the product, not 'Add to cart' twelve times.
    first_name = names.first.text_content()
    first = cards(page).first
    expect(first.get_by_role("button", name=f"Add to cart {first_name}", exact=True)).to_be_visible()
    expect(first.get_by_role("button", name=f"Buy Now {first_name}", exact=True)).to_be_visible()


# Two frames drawn, and the tasks they queued run (a list's 'Loading...' follows its fetch by one).
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))))"


def test_scrolling_loads_the_next_twelve_and_stops_on_a_short_page(server: Server, page: Page) -> None:
    page.goto("/products")
    expect(cards(page)).to_have_count(12)
    # To the very end, the footer in view: the twelve that come push the end of the list out of
    # view (the browser's scroll anchoring, holding the footer still, would keep it there and
    # load the whole catalogue).
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(cards(page)).to_have_count(24)
    expect(page.get_by_test_id("load-more-sentinel")).not_to_be_in_viewport()
    expect(cards(page)).to_have_count(24)
    # 'MCB' matches the 13 products of 'MCB & RCCB': a full page of 12, a short page of 1, no more calls.
    page.get_by_label("Search products").fill("MCB")
    expect(cards(page).first.get_by_role("heading", level=3)).to_contain_text("MCB")
    page.mouse.wheel(0, 20000)
    expect(cards(page)).to_have_count(13)
    page.mouse.wheel(0, 20000)
    # The end of the list in view, and two frames for the page to see it there (where a list
    # with more to come asks for it, and says 'Loading...'): only then is no next page a 'no'.
    expect(page.get_by_test_id("load-more-sentinel")).to_be_in_viewport()
    page.evaluate(TWO_FRAMES)
    expect(page.get_by_text("Loading...")).to_have_count(0)
    pages = [e["query"] for e in server.journal("catalogue") if "search=MCB" in e["query"]]
    assert any("page=2" in q for q in pages), pages
    assert not any("page=3" in q for q in pages), pages


def test_tapping_a_card_opens_its_detail_page(server: Server, page: Page) -> None:
    page.goto("/products")
    cards(page).nth(1).get_by_role("link", name=re.compile("Socket")).click()
    expect(page).to_have_url(re.compile(r"/product-details/2$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Voltara 6A 3-Pin Socket")
    expect(page.get_by_text("Modular, child-safe shutters")).to_be_visible()
    expect(page.get_by_text("Save ₹8.50 on M.R.P.")).to_be_visible()
    expect(page.get_by_role("link", name="← Back", exact=True)).to_have_attribute("href", "/product-home")


def test_detail_without_id_goes_to_the_list(server: Server, page: Page) -> None:
    page.goto("/product-details")
    expect(page).to_have_url(re.compile(r"/products$"))


def test_product_home_banner_advances_by_itself(server: Server, page: Page) -> None:
    page.goto("/product-home")
    bullets = page.get_by_role("region", name="Offers").locator(".swiper-pagination-bullet")
    expect(bullets).to_have_count(3)
    expect(bullets.nth(0)).to_have_class(re.compile("swiper-pagination-bullet-active"))
    expect(bullets.nth(1)).to_have_class(re.compile("swiper-pagination-bullet-active"), timeout=6000)
    # Clickable pagination.
    bullets.nth(2).click()
    expect(bullets.nth(2)).to_have_class(re.compile("swiper-pagination-bullet-active"))
    expect(cards(page)).to_have_count(12)


def test_the_first_banner_needs_no_carousel_code_until_a_dot_is_picked(server: Server, page: Page) -> None:
    # Swiper's code and set-up were the longest tasks of the store home's start: the first banner
    # is plain markup, and the carousel arrives when the visitor picks a dot (or its turn is over).
    scripts: list[str] = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.clock.install()  # the banner's 3000 ms turn stands still until the test moves it on
    page.goto("/product-home")
    offers = page.get_by_role("region", name="Offers")
    bullets = offers.locator(".swiper-pagination-bullet")
    expect(bullets).to_have_count(3)
    expect(offers.locator("[data-banner='1']")).to_contain_text("Electricals delivered")
    assert not [url for url in scripts if "BannerSwiper" in url], scripts
    bullets.nth(2).click()
    expect(offers.locator("span.swiper-pagination-bullet")).to_have_count(3)  # Swiper's own dots: it is here
    page.clock.run_for(1000)  # its slide to the third banner (300 ms), short of the next turn (3000 ms)
    expect(bullets.nth(2)).to_have_class(re.compile("swiper-pagination-bullet-active"))
    expect(offers.locator(".swiper-slide-active")).to_contain_text("LED lights")
    assert [url for url in scripts if "BannerSwiper" in url], scripts


def test_the_carousel_arrives_when_the_first_banner_s_turn_is_over(server: Server, page: Page) -> None:
    page.clock.install()
    page.goto("/product-home")
    offers = page.get_by_role("region", name="Offers")
    expect(offers.locator(".swiper-pagination-bullet")).to_have_count(3)
    expect(offers.locator(".swiper-slide-active")).to_contain_text("Electricals delivered")
    page.clock.run_for(3000)
    expect(offers.locator("span.swiper-pagination-bullet")).to_have_count(3)
    page.clock.run_for(1000)  # the slide to the second banner
    expect(offers.locator(".swiper-slide-active")).to_contain_text("Up to 20% off")


def test_nothing_below_the_banner_moves_when_the_carousel_arrives(server: Server, phone_page: Page) -> None:
    # On a phone the banners differ in height: the plain first banner is laid out with the others,
    # as Swiper lays them out, so the page below it stays where it was.
    page = phone_page
    page.clock.install()
    page.goto("/product-home")
    offers = page.get_by_role("region", name="Offers")
    heading = page.get_by_role("heading", name="Shop by category")
    expect(offers.locator("button.swiper-pagination-bullet")).to_have_count(3)
    before = heading.bounding_box()
    page.clock.run_for(3000)
    expect(offers.locator("span.swiper-pagination-bullet")).to_have_count(3)
    page.clock.run_for(1000)
    expect(offers.locator(".swiper-slide-active")).to_contain_text("Up to 20% off")
    assert heading.bounding_box() == before


def field_error(page: Page):  # type: ignore[no-untyped-def]
    return page.locator(".form-error")


def test_login_screens_validate_and_verify(server: Server, page: Page, page_guard: PageGuard) -> None:
    page_guard.allow_console.append("status of 422")  # the wrong code below is answered 422 on purpose
    page.goto("/login")
    expect(page.get_by_role("heading", name="Login")).to_be_visible()
    page.get_by_label("Mobile number").fill("12345")
    page.get_by_role("button", name="Submit").click()
    expect(field_error(page)).to_have_text("Please enter a valid 10-digit mobile number.")
    page.get_by_label("Mobile number").fill("9876543")
    expect(field_error(page)).to_have_count(0)
    page.get_by_label("Mobile number").fill(STORE_USER)
    page.get_by_role("button", name="Submit").click()
    expect(page).to_have_url(re.compile(r"/verifyotp$"))
    expect(page.get_by_text(f"Enter the code sent to +91 {STORE_USER}")).to_be_visible()
    expect(page.get_by_text(re.compile(r"Resend OTP in \d+s"))).to_be_visible()
    page.get_by_label("One-time code").fill("12")
    page.get_by_role("button", name="Verify").click()
    expect(field_error(page)).to_have_text("Please enter a valid 6-digit OTP.")
    page.get_by_label("One-time code").fill("000000" if server.otp_for(STORE_USER) != "000000" else "111111")
    expect(field_error(page)).to_have_count(0)
    page.get_by_role("button", name="Verify").click()
    expect(field_error(page)).to_have_text("Invalid OTP. Please try again.")
    page.get_by_label("One-time code").fill(server.otp_for(STORE_USER))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(re.compile(r"/products$"))
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    # Already verified: the login screen sends the shopper to the product home.
    page.goto("/login")
    expect(page).to_have_url(re.compile(r"/product-home$"))


def test_resend_after_the_countdown_sends_a_new_code(server: Server, page: Page) -> None:
    page.goto("/login")
    page.get_by_label("Mobile number").fill(STORE_USER)
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_text(re.compile(r"Resend OTP in \d+s"))).to_be_visible()
    # The countdown resumes from the stored time left after a reload; one second is left here.
    page.evaluate("localStorage.setItem('otpTimeLeft', '1')")
    page.reload()
    page.get_by_role("button", name="Resend").click()
    expect(page.get_by_text(re.compile(r"Resend OTP in (60|59)s"))).to_be_visible()
    sends = [e for e in server.journal("lending") if e["path"].strip("/") == "sendOtp"]
    assert len(sends) == 2
    page.get_by_label("One-time code").fill(server.otp_for(STORE_USER))
    page.get_by_role("button", name="Verify").click()
    expect(page).to_have_url(re.compile(r"/products$"))


def test_edit_returns_to_the_mobile_step(server: Server, page: Page) -> None:
    page.goto("/login")
    page.get_by_label("Mobile number").fill(STORE_USER)
    page.get_by_role("button", name="Submit").click()
    expect(page).to_have_url(re.compile(r"/verifyotp$"))
    page.get_by_role("button", name="Edit").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_label("Mobile number")).to_have_value(STORE_USER)


def test_product_list_on_a_phone(server: Server, phone_page: Page) -> None:
    phone_page.goto("/products")
    expect(cards(phone_page)).to_have_count(12)
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone ({width}px)"


def test_a_failed_send_shows_the_message_in_a_popup(server: Server, page: Page, page_guard: PageGuard) -> None:
    page_guard.allow_console.append("status of 503")
    page_guard.allow_failed_status.add(503)
    server.scenario(mock="lending", path="sendOtp", status=500, times=1)
    page.goto("/login")
    page.get_by_label("Mobile number").fill(STORE_USER)
    page.get_by_role("button", name="Submit").click()
    popup = page.get_by_role("alertdialog", name="Error")
    expect(popup).to_contain_text("The service is not reachable right now. Please try again later.")
    popup.get_by_role("button", name="OK").click()
    expect(popup).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/login$"))
    # The next try gets through.
    page.get_by_role("button", name="Submit").click()
    expect(page).to_have_url(re.compile(r"/verifyotp$"))
