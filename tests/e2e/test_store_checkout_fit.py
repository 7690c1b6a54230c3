"""A checkout that fits a shop owner's thumb, on a 360 px phone and a desktop: the address book
offers the last order's address, a reload keeps the typed form, a bad pin code says why beside
the field, the total and the button stay in view on a phone, and no toast lies over a control."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import TOAST_SLIDES, Server
from tests.e2e.store_steps import RAMESH, api_login, fill_cart, new_address, to_checkout

VIEWPORTS = ["page", "phone_page"]
PHONE_WIDTH = 360


def opened(request: pytest.FixtureRequest, fixture: str) -> Page:
    page: Page = request.getfixturevalue(fixture)
    if fixture == "phone_page":
        page.set_viewport_size({"width": PHONE_WIDTH, "height": 740})
    return page


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def in_view(page: Page, locator: Locator) -> None:
    """Wholly inside the viewport, and the topmost thing at its centre (nothing covers it)."""
    size = page.viewport_size
    assert size is not None
    b = box(locator)
    assert b["y"] >= 0 and b["y"] + b["height"] <= size["height"], (b, size)
    assert b["x"] >= 0 and b["x"] + b["width"] <= size["width"], (b, size)
    on_top = locator.evaluate(
        """(el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return hit !== null && (hit === el || el.contains(hit));
        }"""
    )
    assert on_top, "covered"


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_a_second_order_offers_the_first_address(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = opened(request, fixture)
    shopper = "9000000031" if fixture == "page" else "9000000032"
    api_login(page, server, shopper)
    fill_cart(page, {5: 1})
    to_checkout(page, "Cash on delivery")
    # A new shopper: no saved address, so the form, with the logged-in mobile already in it.
    expect(page.get_by_role("radio", name="Add a new address")).to_be_checked()
    expect(page.get_by_label("Mobile number")).to_have_value(shopper)
    new_address(page, "122103", name="Meena Traders", mobile=shopper)
    expect(page.get_by_test_id("summary-total")).to_be_visible()
    page.get_by_role("button", name="Place order", exact=True).click()
    expect(page).to_have_url(re.compile(r"/orders/VK\d{8}$"))

    fill_cart(page, {7: 2})
    to_checkout(page, "Cash on delivery")
    first = page.get_by_role("radio", name=re.compile("Meena Traders, Shop 3, Electric Market"))
    expect(first).to_be_checked()
    saved = page.get_by_test_id("saved-address").filter(has=first)
    expect(saved).to_contain_text("Default")
    expect(saved).to_contain_text("Last used")
    # "Last used" on one line, however narrow the screen.
    tag = saved.get_by_text("Last used", exact=True)
    assert box(tag)["height"] < 2 * float(tag.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight)"))
    expect(page.get_by_test_id("summary-total")).to_be_visible()


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_a_reload_keeps_the_typed_form(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = opened(request, fixture)
    api_login(page, server, RAMESH)
    fill_cart(page, {1: 1})
    to_checkout(page, "Cash on delivery")
    new_address(page, "400003", name="Ramesh Kumar", mobile=RAMESH)
    page.get_by_label("Address line 2 (optional)").fill("Opposite the post office")
    expect(page.get_by_label("City")).to_have_value("Mumbai")

    page.reload()
    expect(page.get_by_role("radio", name="Add a new address")).to_be_checked()
    expect(page.get_by_label("Full name")).to_have_value("Ramesh Kumar")
    expect(page.get_by_label("Mobile number")).to_have_value(RAMESH)
    expect(page.get_by_label("Address line 1")).to_have_value("Shop 3, Electric Market")
    expect(page.get_by_label("Address line 2 (optional)")).to_have_value("Opposite the post office")
    expect(page.get_by_label("Pin code")).to_have_value("400003")
    expect(page.get_by_label("City")).to_have_value("Mumbai")
    expect(page.get_by_test_id("summary-total")).to_be_visible()


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_a_bad_pin_code_says_why_beside_the_field(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = opened(request, fixture)
    api_login(page, server, RAMESH)
    fill_cart(page, {1: 1})
    to_checkout(page, "Cash on delivery")
    new_address(page, "11002", name="Ramesh Kumar", mobile=RAMESH)
    pin = page.get_by_label("Pin code")
    problem = page.get_by_test_id("pincode-problem")
    pin.blur()  # five digits are only wrong once the shopper moves on
    expect(problem).to_have_text("A pin code has 6 digits.")
    expect(pin).to_have_attribute("aria-invalid", "true")
    expect(pin).to_have_attribute("aria-describedby", problem.get_attribute("id") or "")
    # Beside the field: right under it, in its column.
    field, said = box(pin), box(problem)
    assert 0 <= said["y"] - (field["y"] + field["height"]) < 24, (field, said)
    assert abs(said["x"] - field["x"]) < 4, (field, said)

    pin.fill("000000")
    expect(problem).to_have_text("A pin code does not start with 0.")
    pin.fill("600001")
    expect(problem).to_contain_text("we do not deliver to pin code 600001")
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_disabled()
    pin.fill("122103")
    expect(problem).to_have_text("")
    expect(pin).not_to_have_attribute("aria-invalid", "true")
    expect(page.get_by_role("button", name="Place order", exact=True)).to_be_enabled()


def test_the_sticky_button_stays_in_view_through_the_phone_cart_and_checkout(phone_page: Page, server: Server) -> None:
    page = phone_page
    page.set_viewport_size({"width": PHONE_WIDTH, "height": 740})
    api_login(page, server, RAMESH)
    fill_cart(page, {1: 2, 3: 1, 5: 1, 7: 3, 9: 1})

    page.goto("/shopping-cart")
    proceed = page.get_by_role("button", name="Proceed to Payment")
    expect(proceed).to_be_visible()
    for fraction in (0, 0.5, 1):
        page.evaluate("(f) => window.scrollTo(0, f * document.documentElement.scrollHeight)", fraction)
        in_view(page, proceed)
    expect(page.get_by_test_id("cart-bar")).to_contain_text("₹")

    to_checkout(page, "Cash on delivery")
    place = page.get_by_role("button", name="Place order", exact=True)
    expect(place).to_be_enabled()  # Ramesh's saved Gurugram address, priced
    height = float(page.evaluate("document.documentElement.scrollHeight"))
    assert height > 2 * 740  # a page long enough to scroll through
    for fraction in (0, 0.25, 0.5, 0.75, 1):
        page.evaluate("(f) => window.scrollTo(0, f * document.documentElement.scrollHeight)", fraction)
        in_view(page, place)
        expect(page.get_by_test_id("bar-total")).to_contain_text("Total ₹")
    # The last step is not hidden under the bar: the summary's total can be scrolled into view.
    total = page.get_by_test_id("summary-total")
    total.scroll_into_view_if_needed()
    assert not overlaps(box(total), box(page.get_by_test_id("checkout-actions")))


CONTROLS = "a, button, input, select, textarea, [role=button]"


def mark_seen_controls(page: Page) -> None:
    """Marks the controls in sight now: on screen and below the sticky header (which covers what
    scrolls under it, toast or not)."""
    page.evaluate(
        """(selector) => {
            const header = document.querySelector('header').getBoundingClientRect().bottom;
            for (const el of document.querySelectorAll('[data-seen]')) el.removeAttribute('data-seen');
            for (const el of document.querySelectorAll(selector)) {
                const r = el.getBoundingClientRect();
                if (r.width > 0 && r.height > 0 && r.top >= header && r.bottom <= innerHeight) el.dataset.seen = '1';
            }
        }""",
        CONTROLS,
    )


def controls_under_toasts(page: Page) -> list[Any]:
    """Every control in sight before the toast (and every control in the header) whose box meets a
    toast's; the toasts' own buttons left out."""
    result: list[Any] = page.evaluate(
        """async (selector) => {
            // Measured where the toasts come to rest: each one's slide in (or out) is run to its
            // end first, its countdown left running, then two frames for the page to lay that
            // out. A toast slides in from off the screen for most of a second (from the right, on
            // a phone from above or below): two frames in, it was still off the screen, or on a
            // loaded machine part-way, over the header.
            """
        + TOAST_SLIDES
        + """.forEach((a) => a.finish());
            for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
            const toasts = [...document.querySelectorAll('.Toastify__toast')];
            const boxes = toasts.map((t) => t.getBoundingClientRect());
            const hits = [];
            const header = document.querySelector('header');
            for (const el of document.querySelectorAll(selector)) {
                if (toasts.some((t) => t.contains(el))) continue;
                if (!el.dataset.seen && !header.contains(el)) continue;
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.height === 0) continue;
                for (const b of boxes) {
                    if (r.x < b.right && b.x < r.right && r.y < b.bottom && b.y < r.bottom) {
                        hits.push(el.outerHTML.slice(0, 120));
                    }
                }
            }
            return hits;
        }""",
        CONTROLS,
    )
    return result


# The toasts' own animations held at their first frame; the page's width then.
TOAST_AT_ITS_START = """() => {
  for (const a of document.getAnimations()) {
    if (!a.effect?.target?.closest?.(".Toastify")) continue;
    a.pause();
    a.currentTime = 0;
  }
  return document.documentElement.scrollWidth;
}"""


@pytest.mark.parametrize("fixture", VIEWPORTS)
def test_no_toast_overlaps_a_button_or_link(request: pytest.FixtureRequest, server: Server, fixture: str) -> None:
    page = opened(request, fixture)
    api_login(page, server, RAMESH)
    page.goto("/product-home")
    cards = page.get_by_test_id("product-card")
    expect(cards.first).to_be_visible()
    # A tap high on the page and one low down: toasts used to open at the far end, over the
    # search box or the back link.
    mark_seen_controls(page)
    cards.first.get_by_role("button", name="Add to cart").click()
    toast = page.locator(".Toastify__toast").first
    expect(toast).to_contain_text("added to cart")
    assert controls_under_toasts(page) == []
    # A toast slides in from far off to the right: held at the start of that slide, the page
    # still does not scroll sideways.
    width = page.evaluate(TOAST_AT_ITS_START)
    assert width <= (page.viewport_size or {"width": 0})["width"], f"a toast's slide widens the page to {width}px"
    page.evaluate("() => { for (const a of document.getAnimations()) if (a.playState === 'paused') a.finish(); }")
    expect(page.get_by_label("Search products")).to_be_visible()
    last = cards.nth(5)
    last.scroll_into_view_if_needed()
    mark_seen_controls(page)
    last.get_by_role("button", name="Add to cart").click()
    expect(page.locator(".Toastify__toast").filter(has_text=re.compile("added to cart"))).not_to_have_count(0)
    assert controls_under_toasts(page) == []

    # The cart: a removal's toast, with the back link and the bar at the foot.
    page.goto("/shopping-cart")
    expect(page.get_by_test_id("cart-line").first).to_be_visible()
    mark_seen_controls(page)
    page.get_by_role("button", name="Remove").first.click()
    expect(page.locator(".Toastify__toast").first).to_contain_text("removed")
    assert controls_under_toasts(page) == []
    expect(page.get_by_test_id("store-header").get_by_role("link", name="← Back")).to_be_visible()
