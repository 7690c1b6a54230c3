"""Screenshot every route on a desktop and a phone, for a person to look over.

Usage: `.venv/bin/python scripts/screenshots.py [--url http://127.0.0.1:8000] [--out screenshots]`.
Without --url it starts `python -m gateway` on a free loopback port with the built app
(`npm run build` first) and the in-process mocks, and stops it at the end. The pictures go to
`screenshots/` (git-ignored); `make test` does not run this.

The pages behind a login are reached as a user reaches them, with the seeded borrower and shopper
(9876543210) and the code from the mocks' SMS outbox: /verify-otp and /payment through /paynow,
/verifyotp and the store's own pages through /login, and /orders/{n} after an order placed
through the gateway as the checkout page places it.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SEEDED_USER = "9876543210"  # the seeded borrower (repayment portal) and shopper (store)
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {
        "viewport": {"width": 360, "height": 800},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
}
# The store in Hindi is looked at on the narrowest phone it is laid out for.
SMALL_PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 800},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
# Pages anyone can open by their address; /aboutUs_{product} is added from the configuration.
PUBLIC = [
    "/",
    "/buy-products-on-credit",
    "/contact-us",
    "/FAQ's",
    "/AboutUs",
    "/dpd",
    "/blog",
    "/privacy-policy",
    "/shipping-policy",
    "/terms-and-conditions",
    "/cancellation-and-refunds",
    "/landing-privacy-policy",
    "/grievance-redressal",
    "/delete-data-policy",
    "/paynow",
    "/nopayment",
    "/AboutUs_MobileApp",
    "/FAQ's_MobileApp",
    "/privacyPolicy_MobileApp",
    "/privacyPolicyOpusCollect_MobileApp",
    "/termsAndConditions_MobileApp",
    "/contact-us_MobileApp",
    "/login",
    "/product-home",
    "/products",
    "/products?category=fans",
    "/products?search=zzzz",
    "/product-details/11",
    "/no-such-page",
]
STORE_LOGGED_IN = ["/products", "/shopping-cart", "/checkout", "/orders"]
# Where the order for /orders/{n} goes (the seeded shopper's last address).
ADDRESS = {
    "name": "Ramesh Kumar",
    "mobileNumber": SEEDED_USER,
    "address1": "Plot 44, Sector 18",
    "address2": "Near Metro Station",
    "pincode": "122103",
}
# The gateway started here logs the same number in on both sizes within a minute.
RELAXED_OTP_LIMITS = {
    "OTP_RESEND_SECONDS": "0",
    "OTP_SENDS_PER_NUMBER_PER_HOUR": "100000",
    "OTP_SENDS_PER_CLIENT_PER_HOUR": "100000",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def gateway() -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "STATIC_DIR": str(ROOT / "frontend/dist"),
        **RELAXED_OTP_LIMITS,
    }
    for name in ("REDIS_URL", "LENDING_URL", "CATALOGUE_URL", "MAIL_URL", "ORDERS_URL", "PAYMENTS_URL", "MOCKS_URL"):
        env.pop(name, None)
    process = subprocess.Popen([sys.executable, "-m", "gateway"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1200):
            if process.poll() is not None:
                raise SystemExit("the gateway exited early")
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise SystemExit("the gateway did not start")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def file_name(path: str) -> str:
    name = path.strip("/").replace("/", "_").replace("?", "_").replace("=", "-").replace("'", "") or "home"
    return f"{name}.png"


def snap(page: Page, target: Path) -> None:
    """The page as it is now, once its calls have settled."""
    page.wait_for_load_state("networkidle")
    page.screenshot(path=target, full_page=True)
    print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)


def shoot(page: Page, path: str, target: Path) -> None:
    page.goto(path)
    snap(page, target)


def code_for(url: str, mobile: str) -> str:
    """The latest code the mocks' SMS outbox holds for the number."""
    answer = httpx.get(f"{url}/_mocks/lending/outbox/{mobile}", timeout=10)
    answer.raise_for_status()
    return str(answer.json()["otp"])


def portal_login(page: Page, url: str, folder: Path) -> None:
    """The borrower's way in: /paynow, then /verify-otp (shot), then /payment (shot)."""
    page.goto("/paynow")
    main = page.locator("main")
    main.get_by_label("Mobile number").fill(SEEDED_USER)
    main.get_by_role("button", name="Submit", exact=True).click()
    page.wait_for_url("**/verify-otp")
    main.get_by_label("One-time code").wait_for()
    snap(page, folder / file_name("/verify-otp"))
    main.get_by_label("One-time code").fill(code_for(url, SEEDED_USER))
    main.get_by_role("button", name="Verify", exact=True).click()
    page.wait_for_url("**/payment")
    main.get_by_text("Total overdue").first.wait_for()
    snap(page, folder / file_name("/payment"))


def store_login(page: Page, url: str, folder: Path) -> None:
    """The shopper's way in: /login, then /verifyotp (shot); then two products in the cart."""
    page.goto("/login")
    page.get_by_label("Mobile number").fill(SEEDED_USER)
    page.get_by_role("button", name="Submit").click()
    page.wait_for_url("**/verifyotp")
    page.get_by_label("One-time code").wait_for()
    snap(page, folder / file_name("/verifyotp"))
    page.get_by_label("One-time code").fill(code_for(url, SEEDED_USER))
    page.get_by_role("button", name="Verify").click()
    page.wait_for_url("**/products")
    for index in (0, 1):
        page.get_by_test_id("product-card").nth(index).get_by_role("button", name="Add to cart").click()
        page.get_by_test_id("product-card").nth(index).locator("output").wait_for()


def xsrf(page: Page) -> dict[str, str]:
    """The XSRF header as the app sends it (the cookie changes with each login)."""
    return {"X-XSRF-TOKEN": next(c["value"] for c in page.context.cookies() if c["name"] == "XSRF-TOKEN")}


def place_order(page: Page) -> str:
    """Order the cart, cash on delivery, through the gateway (quote, then place) as the checkout
    page does; the order's number."""
    body = {"address": ADDRESS, "paymentMethod": "cod"}
    quote = page.request.post("/api/checkout/quote", data=body, headers=xsrf(page))
    if not quote.ok:
        raise SystemExit(f"the quote failed: {quote.text()}")
    placed = page.request.post(
        "/api/checkout/orders",
        data={**body, "quotedTotal": quote.json()["charges"]["total"]},
        headers={**xsrf(page), "Idempotency-Key": uuid.uuid4().hex},
    )
    if not placed.ok:
        raise SystemExit(f"the order was not placed: {placed.text()}")
    return str(placed.json()["orderNumber"])


def api_store_login(page: Page, url: str) -> None:
    """The shopper logged in through the gateway, as the login pages do, with two lines in the cart."""
    page.request.get("/api/session")
    page.request.post("/api/store/otp", data={"mobileNumber": SEEDED_USER}, headers=xsrf(page))
    code = code_for(url, SEEDED_USER)
    page.request.post("/api/store/otp/verify", data={"mobileNumber": SEEDED_USER, "otp": code}, headers=xsrf(page))
    for product_id, quantity in ((1, 2), (3, 1)):
        page.request.put(f"/api/store/cart/items/{product_id}", data={"quantity": quantity}, headers=xsrf(page))


def hindi_store(browser: Any, url: str, out: Path) -> None:
    """The store in Hindi on a 360 px phone: the list, the cart, the checkout and the order page."""
    folder = out / "phone-360-hi"
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=url, locale="en-IN", **SMALL_PHONE)
    context.add_cookies([{"name": "lang", "value": "hi", "url": url}])
    page = context.new_page()
    api_store_login(page, url)
    shoot(page, "/products", folder / "products.png")
    shoot(page, "/shopping-cart", folder / "shopping-cart.png")
    page.goto("/checkout", wait_until="commit")
    page.get_by_test_id("summary-total").wait_for()
    snap(page, folder / "checkout.png")
    number = place_order(page)
    page.goto(f"/orders/{number}")
    page.get_by_test_id("order-number").wait_for()
    snap(page, folder / "order.png")
    shoot(page, "/orders", folder / "orders.png")
    context.close()


# The public site in Hindi, looked at on a 360 px phone (--hindi-site).
HINDI_SITE = ["/", "/buy-products-on-credit", "/contact-us", "/FAQ's", "/dpd", "/AboutUs", "/privacy-policy"]


def hindi_site(browser: Any, url: str, out: Path) -> None:
    """The site's pages in Hindi on a 360 px phone, as a visitor with the lang cookie gets them."""
    folder = out / "phone-360-hi"
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=url, locale="en-IN", **SMALL_PHONE)
    context.add_cookies([{"name": "lang", "value": "hi", "url": url}])
    page = context.new_page()
    for path in HINDI_SITE:
        shoot(page, path, folder / f"site_{file_name(path)}")
    context.close()


def public_paths(url: str) -> list[str]:
    """PUBLIC and the About page under the product's own name (/aboutUs_{productSlug})."""
    answer = httpx.get(f"{url}/api/config", timeout=10)
    answer.raise_for_status()
    return [*PUBLIC, f"/aboutUs_{answer.json()['productSlug']}"]


def run(url: str, out: Path, only_hindi_store: bool = False, only_hindi_site: bool = False) -> None:
    paths = public_paths(url)
    with sync_playwright() as playwright:
        # As the e2e tests launch it: Chromium's sandbox is not available in every container.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        if not only_hindi_site:
            hindi_store(browser, url, out)
        if not only_hindi_store:
            hindi_site(browser, url, out)
        for size, options in {} if only_hindi_store or only_hindi_site else SIZES.items():
            folder = out / size
            folder.mkdir(parents=True, exist_ok=True)
            context = browser.new_context(base_url=url, locale="en-IN", **options)
            page = context.new_page()
            for path in paths:
                shoot(page, path, folder / file_name(path))
            portal_login(page, url, folder)
            # One login serves both groups: log out so the store's own login screens are shown too.
            page.request.delete("/api/session/portal", headers=xsrf(page))
            store_login(page, url, folder)
            for path in STORE_LOGGED_IN:
                shoot(page, path, folder / f"logged-in_{file_name(path)}")
            number = place_order(page)  # empties the cart: after /shopping-cart and /checkout
            page.goto(f"/orders/{number}")
            page.get_by_test_id("order-number").wait_for()
            snap(page, folder / "logged-in_orders_order.png")
            context.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running gateway; default: start one")
    parser.add_argument("--out", default=str(ROOT / "screenshots"), help="folder for the pictures")
    parser.add_argument("--hindi-store", action="store_true", help="only the store in Hindi at 360 px")
    parser.add_argument("--hindi-site", action="store_true", help="only the public site in Hindi at 360 px")
    args = parser.parse_args()
    out = Path(args.out).resolve()
    if args.url:
        run(args.url, out, args.hindi_store, args.hindi_site)
    else:
        with gateway() as url:
            run(url, out, args.hindi_store, args.hindi_site)


if __name__ == "__main__":
    main()
