"""What a visitor does on the public site: menus, the forms through the mail mock, carousels,
the 404 page, the router's error page and scrolling to the top on a route change."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.test_site_pages import VIEWPORTS


def mail_calls(server: Server) -> list[dict[str, Any]]:
    return [e for e in server.journal("mail") if e["path"].startswith("website/")]


def paths(calls: list[dict[str, Any]]) -> list[str]:
    return [c["path"].strip("/") for c in calls]


# --- header ---------------------------------------------------------------------------------


def test_hamburger_menu_closes_when_a_link_is_clicked(phone_page: Page) -> None:
    page = phone_page
    page.goto("/")
    menu = page.get_by_role("navigation", name="Main")
    expect(menu).to_be_hidden()
    page.get_by_role("button", name="Open menu").click()
    expect(menu).to_be_visible()
    menu.get_by_role("link", name="Contact").click()
    expect(page).to_have_url(re.compile("/contact-us$"))
    expect(menu).to_be_hidden()
    expect(page.get_by_role("button", name="Open menu")).to_have_attribute("aria-expanded", "false")
    page.get_by_role("button", name="Open menu").click()
    expect(menu).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()


def test_sign_in_dropdown_opens_new_tabs_closes_on_an_outside_click_and_leads_to_the_store(page: Page) -> None:
    page.goto("/")
    page.get_by_role("button", name="Sign In").click()
    labels = ["Anchor (Distributor / Manufacturer)", "VoltKhata Portal", "Lender Portal"]
    for label in labels:
        link = page.get_by_role("link", name=label)
        expect(link).to_be_visible()
        expect(link).to_have_attribute("target", "_blank")
        expect(link).to_have_attribute("rel", re.compile(r"\bnoopener\b"))
        expect(link).to_have_attribute("href", re.compile(r"^https://"))
    page.get_by_role("heading", level=1).click()
    for label in labels:
        expect(page.get_by_role("link", name=label)).to_have_count(0)
    # The store's own login is there too, in this tab.
    page.get_by_role("button", name="Sign In").click()
    page.get_by_role("link", name="Store (shops and electricians)").click()
    expect(page).to_have_url(re.compile(r"/login$"))
    expect(page.get_by_label("Mobile number")).to_be_visible()


def test_header_links_and_logo(page: Page) -> None:
    page.goto("/blog")
    nav = page.get_by_role("navigation", name="Main")
    for name, path in (
        ("Home", "/"),
        ("Buy on credit", "/buy-products-on-credit"),
        ("Contact", "/contact-us"),
        ("Pay Now", "/paynow"),
    ):
        expect(nav.get_by_role("link", name=name, exact=True)).to_have_attribute("href", path)
    logo = page.get_by_role("banner").locator("img").first
    assert logo.bounding_box()["height"] == 40  # type: ignore[index]


def test_footer_has_the_nine_links_and_the_shop(page: Page) -> None:
    page.goto("/")
    footer = page.get_by_role("contentinfo")
    expect(footer.get_by_role("navigation").get_by_role("link")).to_have_count(10)
    hrefs = (
        footer.get_by_role("navigation").get_by_role("link").evaluate_all("ls => ls.map(l => l.getAttribute('href'))")
    )
    assert hrefs == [
        "/privacy-policy",
        "/terms-and-conditions",
        "/grievance-redressal",
        "/cancellation-and-refunds",
        "/FAQ's",
        "/AboutUs",
        "/shipping-policy",
        "/buy-products-on-credit",
        "/contact-us",
        "/product-home",
    ]


# --- newsletter -----------------------------------------------------------------------------


def test_newsletter_subscribes_and_clears_the_field(page: Page, server: Server) -> None:
    server.scenario(mock="mail", path="website/sendSubscribeMail", delayMs=800, times=1)  # to see 'Loading...'
    page.goto("/")
    field = page.get_by_label("Email address")
    field.fill("asha@shop.example")
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_text("Loading...")).to_be_visible()
    expect(page.get_by_role("button", name="Subscribe")).to_be_enabled()  # the specification keeps it enabled
    expect(page.get_by_text("Thank you for subscribing!")).to_be_visible()
    expect(field).to_have_value("")
    calls = mail_calls(server)
    assert paths(calls) == ["website/sendSubscribeMail", "website/InsertSubscribeData"]
    assert all(c["body"]["email"] == "asha@shop.example" for c in calls)


def test_newsletter_failure_is_reported(page: Page, server: Server, page_guard: PageGuard) -> None:
    page_guard.allow_failed_status.add(503)  # the gateway's clear answer for a failed mail service
    page_guard.allow_console.append("status of 503")
    server.scenario(mock="mail", path="website/sendSubscribeMail", status=500)
    page.goto("/")
    page.get_by_label("Email address").fill("asha@shop.example")
    page.get_by_role("button", name="Subscribe").click()
    expect(page.get_by_text("Failed to subscribe. Please try again later.")).to_be_visible()
    expect(page.get_by_text("Thank you for subscribing!")).to_have_count(0)
    assert paths(mail_calls(server)) == ["website/sendSubscribeMail"]


# --- contact and delete-data forms ------------------------------------------------------------


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_contact_form_checks_every_field_beside_it(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto("/contact-us")
    send = page.get_by_role("button", name="Send message")
    for label in ("Name", "Email", "Phone", "Message"):
        expect(page.get_by_label(label, exact=True)).to_have_attribute("required", "")
    send.click()
    # The page's own messages, not the browser's bubbles: each named by its field, the first focused.
    name = page.get_by_label("Name", exact=True)
    expect(name).to_be_focused()
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_have_accessible_description("Please enter your name (up to 100 characters).")
    expect(page.get_by_label("Email", exact=True)).to_have_accessible_description("Please enter a valid email address.")
    expect(page.get_by_label("Phone", exact=True)).to_have_accessible_description(
        "Please enter a valid phone number: a 10-digit mobile, or a landline with its STD code."
    )
    name.fill("Asha Traders")
    expect(name).not_to_have_attribute("aria-invalid", "true")
    page.get_by_label("Email", exact=True).fill("asha@shop.example")
    page.get_by_label("Phone", exact=True).fill("9876543210")
    send.click()
    message = page.get_by_label("Message", exact=True)
    expect(message).to_be_focused()
    expect(message).to_have_accessible_description("Please enter a message (up to 5000 characters).")
    # The message sits next to its field, below the sticky header.
    error = page.get_by_text("Please enter a message (up to 5000 characters).")
    header = page.get_by_role("banner").bounding_box()
    box = error.bounding_box()
    assert header and box and box["y"] >= header["y"] + header["height"], (box, header)
    expect(page.get_by_role("status")).to_have_text("")
    assert mail_calls(server) == []


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_contact_form_takes_a_landline_with_its_std_code(
    request: pytest.FixtureRequest, server: Server, fixture: str
) -> None:
    page: Page = request.getfixturevalue(fixture)
    page.goto("/contact-us")
    page.get_by_label("Name", exact=True).fill("Asha Traders")
    page.get_by_label("Email", exact=True).fill("asha@shop.example")
    page.get_by_label("Phone", exact=True).fill("011-2345 6789")
    page.get_by_label("Message", exact=True).fill("Please call the shop.")
    page.get_by_role("button", name="Send message").click()
    expect(page.get_by_text("Mail sent successfully!")).to_be_visible()
    assert mail_calls(server)[0]["body"]["contact"] == "01123456789"


def test_contact_form_sends_and_clears(page: Page, server: Server) -> None:
    server.scenario(mock="mail", path="website/SendMail", delayMs=800, times=1)  # to see the sending state
    page.goto("/contact-us")
    page.get_by_label("Name", exact=True).fill("Asha Traders")
    page.get_by_label("Email", exact=True).fill("asha@shop.example")
    page.get_by_label("Phone", exact=True).fill("9876543210")
    page.get_by_label("Message", exact=True).fill("Please call me about credit.")
    page.get_by_role("button", name="Send message").click()
    sending = page.get_by_role("button", name="Sending...")
    expect(sending).to_be_visible()
    expect(sending).to_be_disabled()
    expect(page.get_by_text("Mail sent successfully!")).to_be_visible()
    for label in ("Name", "Email", "Phone", "Message"):
        expect(page.get_by_label(label, exact=True)).to_have_value("")
    calls = mail_calls(server)
    assert paths(calls) == ["website/SendMail", "website/InsertSupportData"]
    assert calls[0]["body"]["supportRequest"] == "supportData"
    assert calls[0]["body"]["subject"] == "Thank you for contacting at VoltKhata Platform"
    assert calls[0]["body"]["contact"] == "9876543210"


def test_contact_form_failure_is_reported(page: Page, server: Server, page_guard: PageGuard) -> None:
    page_guard.allow_failed_status.add(503)
    page_guard.allow_console.append("status of 503")
    server.scenario(mock="mail", path="website/SendMail", status=500)
    page.goto("/contact-us_MobileApp")
    page.get_by_label("Name", exact=True).fill("Asha Traders")
    page.get_by_label("Email", exact=True).fill("asha@shop.example")
    page.get_by_label("Phone", exact=True).fill("9876543210")
    page.get_by_label("Message", exact=True).fill("Hello")
    page.get_by_role("button", name="Send message").click()
    expect(page.get_by_text("Failed to send message. Please try again later.")).to_be_visible()
    expect(page.get_by_label("Name", exact=True)).to_have_value("Asha Traders")


def test_delete_data_request_reaches_the_mail_service_as_delete_user(page: Page, server: Server) -> None:
    page.goto("/delete-data-policy")
    page.get_by_label("Name", exact=True).fill("Asha Traders")
    page.get_by_label("Email", exact=True).fill("asha@shop.example")
    page.get_by_label("Mobile number", exact=True).fill("9876543210")
    page.get_by_role("button", name="Submit request").click()
    expect(page.get_by_text("Mail sent successfully!")).to_be_visible()
    expect(page.get_by_label("Name", exact=True)).to_have_value("")
    stored = server.http.get("/_mocks/mail/support").json()
    assert [s["data"]["supportRequest"] for s in stored] == ["DeleteUser"]
    assert stored[0]["data"]["message"] == "Delete Data Policy"
    assert stored[0]["data"]["contact"] == "9876543210"


def test_delete_data_checks_the_number_in_the_page(page: Page, server: Server) -> None:
    page.goto("/delete-data-policy")
    page.get_by_label("Name", exact=True).fill("Asha Traders")
    page.get_by_label("Email", exact=True).fill("asha@shop.example")
    page.get_by_label("Mobile number", exact=True).fill("12345")
    page.get_by_role("button", name="Submit request").click()
    mobile = page.get_by_label("Mobile number", exact=True)
    expect(mobile).to_be_focused()
    expect(mobile).to_have_accessible_description("Please enter a valid 10-digit mobile number.")
    assert mail_calls(server) == []


# --- carousels ----------------------------------------------------------------------------------

# The testimonials' turn (3000 ms) and its slide, run forward on the page's clock.
TURN_MS = 4000


def test_home_testimonials_advance_by_themselves_on_desktop(page: Page) -> None:
    page.clock.install()  # the carousel's turn is run forward, not waited out
    page.goto("/")
    # Swiper loads as the carousel nears the screen, as a visitor scrolls down to it.
    page.get_by_test_id("home-testimonials-desktop").scroll_into_view_if_needed()
    active = page.get_by_test_id("home-testimonials-desktop").locator(".swiper-slide-active")
    expect(active).to_have_count(1)
    first = active.get_attribute("data-swiper-slide-index")
    page.clock.run_for(TURN_MS)
    expect(active).not_to_have_attribute("data-swiper-slide-index", first or "")


def test_home_testimonials_advance_by_themselves_on_a_phone(phone_page: Page) -> None:
    page = phone_page
    page.clock.install()
    page.goto("/")
    expect(page.get_by_test_id("home-testimonials-desktop")).to_be_hidden()
    carousel = page.get_by_test_id("home-testimonials-mobile")
    carousel.scroll_into_view_if_needed()
    active = carousel.locator(".swiper-slide-active")
    expect(active).to_have_count(1)
    first = active.get_attribute("data-swiper-slide-index")
    page.clock.run_for(TURN_MS)
    expect(active).not_to_have_attribute("data-swiper-slide-index", first or "")


def test_carousels_still_advance_with_reduced_motion(page: Page) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.clock.install()
    page.goto("/")
    page.get_by_test_id("home-testimonials-desktop").scroll_into_view_if_needed()
    active = page.get_by_test_id("home-testimonials-desktop").locator(".swiper-slide-active")
    expect(active).to_have_count(1)
    first = active.get_attribute("data-swiper-slide-index")
    page.clock.run_for(TURN_MS)
    expect(active).not_to_have_attribute("data-swiper-slide-index", first or "")
    page.goto("/dpd")
    counter = page.get_by_test_id("count-500")
    counter.scroll_into_view_if_needed()
    expect(counter).to_have_attribute("data-value", "500")


def test_carousel_can_be_paused(page: Page) -> None:
    page.goto("/")
    carousel = page.get_by_test_id("home-testimonials-desktop")
    carousel.scroll_into_view_if_needed()
    carousel.get_by_role("button", name="Pause").click()
    expect(carousel.get_by_role("button", name="Play")).to_have_attribute("aria-pressed", "true")


# --- routing ------------------------------------------------------------------------------------


def test_unknown_path_shows_the_404_page(page: Page) -> None:
    page.goto("/no-such-page")
    expect(page.get_by_role("heading", level=1)).to_have_text("Page not found")
    page.get_by_role("link", name="Go to the home page").click()
    expect(page).to_have_url(re.compile(r"/$"))


def test_failed_chunk_shows_the_router_error_page(page: Page, page_guard: PageGuard) -> None:
    page_guard.allow_console.extend(["dynamically imported module", "Failed to load resource", "ERR_FAILED"])

    def fail(route: Route) -> None:
        route.abort("failed")

    page.route(re.compile(r"/assets/BlogPage-[^/]+\.js$"), fail)
    page.goto("/blog")
    expect(page.get_by_role("heading", level=1)).to_have_text("Unexpected Application Error!")
    expect(page.get_by_role("alert")).to_contain_text("dynamically imported module")
    # The one request that failed is the chunk the test broke on purpose.
    assert page_guard.failed_requests and all("BlogPage" in r for r in page_guard.failed_requests)
    page_guard.failed_requests.clear()


def test_route_change_scrolls_to_the_top(page: Page) -> None:
    page.goto("/")
    page.get_by_role("contentinfo").scroll_into_view_if_needed()
    page.wait_for_function("() => window.scrollY > 500")
    page.get_by_role("contentinfo").get_by_role("link", name="FAQs").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Frequently Asked Questions")
    page.wait_for_function("() => window.scrollY === 0")
