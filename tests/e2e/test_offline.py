"""On a weak connection: after one visit, with the network cut, /products and /orders show what
was seen with an offline notice saying when it was saved; the delivery promise of the pin code
chosen is the one kept for that pin code, marked with when it was read; adding to the cart and
placing an order offline are refused with a message and nothing reaches the orders service when
the network returns; a page never visited is the app's own offline page; the notice moves nothing
on the page; nothing kept on the phone was sent `no-store`; a logout forgets the shopper's
copies; Chromium finds the app installable."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.conftest import PageGuard, Server
from tests.e2e.store_steps import RAMESH, advance, api_login, fill_cart, place_by_api, to_checkout

# Reading offline is the service worker's work.
pytestmark = pytest.mark.service_worker

# Said with when the copy shown was read: '… saved at 12:04 pm; prices, stock and delivery times may have changed.'
# With its day too when that is not the phone's today (the browser's clock may differ from the
# world's by hours, as at night in the tests: '… saved at 3 Dec 2026, 1:46 am; …').
SAVED_AT = r"(\d{1,2} [A-Z][a-z]{2} \d{4}, )?\d{1,2}:\d\d\s?[ap]m"
OFFLINE_NOTICE = re.compile(
    rf"^(Offline: saved at {SAVED_AT}; prices, stock and delivery times may have changed|"
    r"You are offline: showing what this phone saved)\. Ordering and paying need the network\.$"
)
SAVED_NOTICE = re.compile(rf"^Offline: saved at {SAVED_AT}; prices, stock and delivery times may have changed")
REFUSED = "You are offline, so nothing was sent. Please try again when you are connected."


def _polled(check: str, otherwise: str) -> str:
    """A page function that asks `check` (async, given the function's argument) every 50 ms for
    up to 10 s of the page's monotonic clock: 'kept' once it says so, else what `otherwise` says."""
    return f"""async (arg) => {{
    const until = performance.now() + 10000;
    while (performance.now() < until) {{
        if (await ({check})(arg)) return 'kept';
        await new Promise((next) => setTimeout(next, 50));
    }}
    return {otherwise};
}}"""


# Resolves once the service worker controls the page and has kept the page itself (a first visit's
# page came before the worker: src/lib/offline-visit.ts asks for it again through the worker).
KEPT = _polled(
    "async () => navigator.serviceWorker.controller && (await caches.match(location.href, { ignoreVary: true }))",
    "JSON.stringify({ controller: !!navigator.serviceWorker.controller,"
    " active: (await navigator.serviceWorker.getRegistration())?.active?.state })",
)

# Resolves once the worker's caches hold a response whose address contains each of the given
# parts (a read the page made a moment ago: the worker keeps it as it passes the answer on).
KEPT_READ = _polled(
    """async (parts) => {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
                if (parts.every((part) => request.url.includes(part))) return true;
            }
        }
        return false;
    }""",
    "'not kept'",
)

# Every response the worker's caches hold, with its Cache-Control.
KEPT_RESPONSES = """async () => {
    const kept = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            const response = await cache.match(request);
            kept.push([name, request.url, response.headers.get('Cache-Control') || '']);
        }
    }
    return kept;
}"""


def placements(server: Server) -> int:
    return sum(1 for e in server.journal("orders") if e["method"] == "POST" and e["path"].endswith("/orders"))


def test_a_returning_shopper_reads_offline_and_nothing_is_ordered(
    page: Page, context: BrowserContext, server: Server, page_guard: PageGuard
) -> None:
    # Offline, the page's own reads fail where nothing was kept (a failed request is the point).
    page_guard.enabled = False
    api_login(page, server, RAMESH)
    number = place_by_api(page, {1: 1})
    fill_cart(page, {2: 1})
    placed = placements(server)

    # One visit: the store's list (the page's first visit: the worker arrives with it), then the orders.
    page.goto("/products")
    # After a login the store delivers to the shopper's last address: its pin is chosen once the
    # address book is read, and the list kept is the one for that pin.
    area = page.get_by_test_id("delivery-area")
    expect(area).to_contain_text("Deliver to Gurugram 122103")
    # The promise read for that pin code (by the pin code: the copy kept is that pin code's,
    # whenever the pin came), not a wait for it.
    # (the store's words when its dark store is closed: components/storefront/promise-words.ts)
    expect(area).to_contain_text(re.compile(r"Get it in 1 Hour|Closed: delivery by"))
    promise = area.locator("span").nth(1).inner_text()
    cards = page.get_by_test_id("product-card").get_by_role("heading")
    expect(cards.first).to_be_visible()
    page.wait_for_load_state("networkidle")
    names = cards.all_inner_texts()
    assert page.evaluate(KEPT) == "kept"
    page.goto("/orders")
    expect(page.get_by_test_id("order-row").filter(has_text=number)).to_be_visible()
    # The notice's code comes after the page's load, with its words: no notice once it has.
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("offline-notice")).to_have_count(0)

    # Installable: Chromium's own checks (manifest, icons, service worker) find nothing missing but
    # what a test browser is (a private window, where nothing installs).
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    cdp.detach()

    # The checkout, priced; then the network drops before Place order.
    to_checkout(page, "Cash on delivery")
    place = page.get_by_role("button", name="Place order", exact=True)
    expect(place).to_be_enabled()
    placed_at = place.bounding_box()
    context.set_offline(True)
    expect(page.get_by_test_id("offline-notice")).to_have_text(OFFLINE_NOTICE)
    # The notice lies over the page's foot: nothing on the page moved when it came.
    assert place.bounding_box() == placed_at
    place.click()
    expect(page.get_by_text(REFUSED)).to_be_visible()
    expect(page).to_have_url(re.compile(r"/checkout$"))

    # Still offline: the pages seen before come back from the phone, with the notice.
    page.goto("/products")
    expect(page.get_by_test_id("product-card").get_by_role("heading").first).to_have_text(names[0])
    # The list and the promise are the copies read before, and say when they were read.
    expect(page.get_by_test_id("offline-notice")).to_have_text(SAVED_NOTICE)
    expect(area).to_contain_text(promise)
    saved_at = re.compile(rf"^ ?\(as of {SAVED_AT}; may have changed\)$")
    expect(area.get_by_test_id("saved-at")).to_have_text(saved_at)
    # Adding to the cart offline says it cannot (nothing sent, nothing queued), on the card tapped.
    page.get_by_test_id("product-card").first.get_by_role("button", name=re.compile("^Add to cart")).click()
    expect(page.get_by_role("alert").filter(has_text=REFUSED)).to_be_visible()

    # A page never visited is the app's own offline page, not the browser's error page.
    page.goto("/shipping-policy")
    offline_page = page.get_by_test_id("app-offline-page")
    expect(offline_page.get_by_role("heading", name="You are offline")).to_be_visible()
    expect(offline_page.get_by_role("link", name="Try again")).to_be_visible()
    # Meanwhile the order is packed: the phone shows it as it was seen, not as it is now.
    advance(server, number)
    page.goto("/orders")
    row = page.get_by_test_id("order-row").filter(has_text=number)
    expect(row.get_by_test_id("order-status")).to_have_text("Order placed")
    expect(page.get_by_test_id("offline-notice")).to_have_text(OFFLINE_NOTICE)

    # Back online: the notice goes, the page is read afresh, and the refused order was never sent
    # (nothing was queued to be sent once the network returned).
    context.set_offline(False)
    expect(page.get_by_test_id("offline-notice")).to_have_count(0)
    page.reload()
    expect(row.get_by_test_id("order-status")).to_have_text("Packed")
    assert placements(server) == placed

    # What the phone kept: never an answer sent `no-store`, never a QA control's.
    kept = page.evaluate(KEPT_RESPONSES)
    assert {name for name, _, _ in kept} >= {"vk-pages", "vk-reads", "vk-assets"}
    assert [k for k in kept if "no-store" in k[2].lower() or "/_mocks/journal" in k[1]] == []
    assert any(url.endswith("/api/orders?page=1") for _, url, _ in kept)

    # A logout forgets the shopper's own copies (a shared phone's next user reads none of them).
    page.get_by_role("button", name="Log out").first.click()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert [url for _, url, _ in page.evaluate(KEPT_RESPONSES) if "/orders" in url] == []
