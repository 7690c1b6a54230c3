"""Screenshot every route on a desktop and a phone, for a person to look over.

Usage: `.venv/bin/python scripts/screenshots.py [--url http://127.0.0.1:8000] [--out screenshots]`.
Without --url it starts `python -m gateway` on a free loopback port with the built app
(`npm run build` first) and the in-process mocks, and stops it at the end. The pictures go to
`screenshots/` (git-ignored); `make test` does not run this.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
STORE_USER = "9876543210"
SIZES = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def gateway() -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "STATIC_DIR": str(ROOT / "frontend/dist")}
    for name in ("REDIS_URL", "LENDING_URL", "CATALOGUE_URL", "MAIL_URL", "MOCKS_URL"):
        env.pop(name, None)
    process = subprocess.Popen([sys.executable, "-m", "gateway"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
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


def shoot(page: Page, path: str, target: Path) -> None:
    page.goto(path)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=target, full_page=True)
    print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)


def store_login(page: Page, url: str) -> None:
    """Log the store user in by code and put two products in the cart."""
    page.goto("/login")
    page.get_by_label("Mobile number").fill(STORE_USER)
    page.get_by_role("button", name="Submit").click()
    page.wait_for_url("**/verifyotp")
    code = httpx.get(f"{url}/_mocks/lending/outbox/{STORE_USER}").json()["otp"]
    page.get_by_label("One-time code").fill(str(code))
    page.get_by_role("button", name="Verify").click()
    page.wait_for_url("**/products")
    for index in (0, 1):
        page.get_by_test_id("product-card").nth(index).get_by_role("button", name="Add to cart").click()
        page.get_by_test_id("product-card").nth(index).locator("output").wait_for()


def run(url: str, out: Path) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for size, options in SIZES.items():
            folder = out / size
            folder.mkdir(parents=True, exist_ok=True)
            context = browser.new_context(base_url=url, locale="en-IN", **options)  # type: ignore[arg-type]
            page = context.new_page()
            for path in PUBLIC:
                shoot(page, path, folder / file_name(path))
            store_login(page, url)
            for path in STORE_LOGGED_IN:
                shoot(page, path, folder / f"logged-in_{file_name(path)}")
            context.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running gateway; default: start one")
    parser.add_argument("--out", default=str(ROOT / "screenshots"), help="folder for the pictures")
    args = parser.parse_args()
    out = Path(args.out).resolve()
    if args.url:
        run(args.url, out)
    else:
        with gateway() as url:
            run(url, out)


if __name__ == "__main__":
    main()
