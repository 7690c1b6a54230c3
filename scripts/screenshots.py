"""Screenshot every route on a desktop and a phone, for a person to look over.

Usage: `.venv/bin/python scripts/screenshots.py [--url http://127.0.0.1:8000] [--out screenshots]`.
Without --url it starts `python -m gateway` on a free loopback port with the built app
(`npm run build` first) and the in-process mocks, and stops it at the end. The pictures go to
`screenshots/` (git-ignored); `make test` does not run this.

The pages behind a login are reached as a user reaches them, with the seeded borrower and shopper
(9876543210) and the code from the mocks' SMS outbox: /verify-otp and /payment through /paynow,
/verifyotp and the store's own pages through /login, and /orders/{n} after an order placed
through the gateway as the checkout page places it.

The features' pages (`--features` for only these) are shot on both sizes in English and in
Hindi (`desktop-hi/`, `phone-360-hi/`): /payment, /loans and a loan, /complaints and a ticket (the
borrower logged in through the gateway); a delivered order with its return form and a return
requested (the mocks' QA calls move the order); /credit empty, /credit/apply, the offers, an
offer's Key Facts, the line open, /credit with it and its cooling-off quote, and a refusal (a new
shopper per size, the mocks' clock and decision calls); /desk's login and a customer found
there by an agent; the QA console's sections (`--qa` for only these, into `qa/`). Pages reached
by clicking are shown in Hindi with the header's language switch, then switched back, so the same
English clicks reach them.
"""

from __future__ import annotations

import argparse
import os
import re
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
        # A database of its own, as fresh as the in-process mocks: an earlier run's AutoPay mandate
        # (kept in the checkout's own file) would name a subscription these mocks never made.
        "DATABASE_URL": f"sqlite:///{ROOT / '.data' / f'screenshots-{port}.sqlite3'}",
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
        (ROOT / ".data" / f"screenshots-{port}.sqlite3").unlink(missing_ok=True)


def file_name(path: str) -> str:
    name = path.strip("/").replace("/", "_").replace("?", "_").replace("=", "-").replace("'", "") or "home"
    return f"{name}.png"


# The elements that reach past the viewport's right edge, innermost first (a sideways scroll).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  return [...document.querySelectorAll("body *")]
    .filter((e) => e.getBoundingClientRect().right > width + 1 && !e.querySelector("*"))
    .slice(0, 5)
    .map((e) => `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)} px)`);
}"""


def snap(page: Page, target: Path) -> None:
    """The page as it is now, once its calls have settled; says so if it scrolls sideways."""
    page.wait_for_load_state("networkidle")
    page.screenshot(path=target, full_page=True)
    print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
    for culprit in page.evaluate(OVERFLOWING):
        print(f"  scrolls sideways: {culprit}")


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


def store_api_login(page: Page, url: str, mobile: str) -> None:
    """A shopper logged in to the store through the gateway, as the login pages do."""
    page.request.get("/api/session")
    page.request.post("/api/store/otp", data={"mobileNumber": mobile}, headers=xsrf(page))
    code = code_for(url, mobile)
    verified = page.request.post(
        "/api/store/otp/verify", data={"mobileNumber": mobile, "otp": code}, headers=xsrf(page)
    )
    if not verified.ok:
        raise SystemExit(f"the login of {mobile} failed: {verified.text()}")


def api_store_login(page: Page, url: str) -> None:
    """The seeded shopper logged in through the gateway, with two lines in the cart."""
    store_api_login(page, url, SEEDED_USER)
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


# A shopper new to credit (and one refused) per size, so each size applies afresh.
NEW_SHOPPERS = {"desktop": ("9000012301", "9000054301"), "phone": ("9000012302", "9000054302")}
# A 1x1 PNG, as a phone's photo would be picked (the return form's damage photo).
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c49444154789c63f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)


class TwoLanguages:
    """Shoots the page as it is in English, then in Hindi through the header's switch (and back)."""

    def __init__(self, page: Page, out: Path, size: str) -> None:
        self.page = page
        self.english = out / size
        self.hindi = out / ("phone-360-hi" if size == "phone" else f"{size}-hi")
        for folder in (self.english, self.hindi):
            folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, name: str) -> None:
        snap(self.page, self.english / f"{name}.png")
        self.switch("hi", "en")
        snap(self.page, self.hindi / f"{name}.png")
        self.switch("en", "hi")

    def switch(self, to: str, back: str) -> None:
        """The header's switch; on a phone the site's header keeps it in its menu (closed again)."""
        button = self.page.locator(f"button[lang={to}]").first
        menu = self.page.locator("button[aria-controls=main-menu]")
        opened = not button.is_visible() and menu.is_visible()
        if opened:
            menu.click()
        button.click()
        self.page.locator(f"button[lang={back}]").first.wait_for(state="attached")
        if opened and menu.get_attribute("aria-expanded") == "true":
            menu.click()

    def go(self, path: str, name: str) -> None:
        self.page.goto(path)
        self(name)


def portal_api_login(page: Page, url: str) -> None:
    """The borrower logged in to the portal through the gateway, as /paynow and /verify-otp do."""
    page.request.get("/api/session")
    page.request.post("/api/portal/otp", data={"mobileNumber": SEEDED_USER}, headers=xsrf(page))
    code = code_for(url, SEEDED_USER)
    page.request.post("/api/portal/otp/verify", data={"mobileNumber": SEEDED_USER, "otp": code}, headers=xsrf(page))


def borrower_pages(browser: Any, url: str, out: Path, size: str) -> None:
    """/payment, /loans, a loan, /complaints and a complaint's ticket page."""
    context = browser.new_context(base_url=url, locale="en-IN", **SIZES[size])
    page = context.new_page()
    shots = TwoLanguages(page, out, size)
    portal_api_login(page, url)
    shots.go("/payment", "portal_payment")
    shots.go("/loans", "loans")
    shots.go("/loans/LN-1001", "loans_LN-1001")
    shots.go("/complaints", "complaints")
    raised = page.request.post(
        "/api/complaints",
        data={
            "against": "lender",
            "lenderName": "Sahyogkosh Finance Limited",
            "category": "payment",
            "text": "My payment of Rs. 1000 is not on the loan yet.",
        },
        headers=xsrf(page),
    )
    if not raised.ok:
        raise SystemExit(f"the complaint was not raised: {raised.text()}")
    shots.go(f"/complaints/{raised.json()['ticketNumber']}", "complaints_ticket")
    context.close()


def return_pages(browser: Any, url: str, out: Path, size: str) -> None:
    """A delivered order, its return form filled, and the return requested."""
    context = browser.new_context(base_url=url, locale="en-IN", **SIZES[size])
    page = context.new_page()
    shots = TwoLanguages(page, out, size)
    api_store_login(page, url)
    number = place_order(page)
    for _ in range(4):  # the mocks' QA call: confirmed, packed, out for delivery, delivered
        httpx.post(f"{url}/_mocks/orders/{number}/advance", json={"step": "next"}, timeout=10).raise_for_status()
    page.goto(f"/orders/{number}")
    page.get_by_test_id("order-number").wait_for()
    shots("orders_delivered")
    page.get_by_role("button", name="Return items").click()
    form = page.get_by_test_id("return-form")
    form.get_by_role("combobox").first.select_option("1")
    form.get_by_role("radio", name="It arrived damaged").check()
    form.get_by_test_id("return-photos").set_input_files(
        files=[{"name": "cracked.png", "mimeType": "image/png", "buffer": PNG}]
    )
    form.get_by_role("radio", name=re.compile(r", 2 pm to 6 pm$")).first.check()
    upi = form.get_by_label("Your UPI ID")
    if upi.count():
        upi.fill("ramesh@okaxis")
    shots("orders_return-form")
    form.get_by_role("button", name="Request return").click()
    form.wait_for(state="hidden")
    httpx.post(f"{url}/_mocks/orders/{number}/returns/advance", timeout=10).raise_for_status()
    page.reload()
    page.get_by_test_id("return").wait_for()
    shots("orders_return-requested")
    context.close()


def credit_pages(browser: Any, url: str, out: Path, size: str) -> None:
    """A new shopper's credit: none yet, applying, the offers, Key Facts, open, leaving; a refusal."""
    shopper, refused = NEW_SHOPPERS[size]
    context = browser.new_context(base_url=url, locale="en-IN", **SIZES[size])
    page = context.new_page()
    shots = TwoLanguages(page, out, size)
    store_api_login(page, url, shopper)
    shots.go("/credit", "credit_none")
    shots.go("/credit/apply", "credit_apply")
    page.get_by_label("Your name").fill("Farhan Ali")
    page.get_by_label("Business name").fill("Ali Electricals")
    page.get_by_label("GSTIN or PAN").fill("27abcpa1234f1z5")
    page.get_by_role("checkbox", name=re.compile("check my credit bureau report")).check()
    page.get_by_role("button", name="Apply", exact=True).click()
    page.get_by_role("heading", name="You are approved: choose an offer").wait_for()
    shots("credit_offers")
    page.get_by_role("article").first.get_by_role("button", name=re.compile("Read the Key Facts")).click()
    facts = page.get_by_role("region", name="Key Facts Statement")
    facts.get_by_role("checkbox").wait_for()  # the statement loaded
    shots("credit_key-facts")
    facts.get_by_role("checkbox", name="I have read and understood the Key Facts Statement.").check()
    facts.get_by_role("button", name="Accept this offer").click()
    page.get_by_role("heading", name=re.compile(r"Your credit line CL-\d+ is open")).wait_for()
    shots("credit_open")
    httpx.post(f"{url}/_mocks/clock", json={"days": 2}, timeout=10).raise_for_status()
    shots.go("/credit", "credit_lines")
    page.get_by_role("button", name=re.compile("Leave in the cooling-off period")).first.click()
    page.get_by_role("region", name="Leave in the cooling-off period").wait_for()
    shots("credit_leave-quote")
    httpx.post(
        f"{url}/_mocks/lending/applications/decision",
        json={"decision": "rejected", "mobileNumber": refused},
        timeout=10,
    ).raise_for_status()
    context.clear_cookies()
    store_api_login(page, url, refused)
    page.goto("/credit/apply")
    page.get_by_label("Your name").fill("Kiran Rao")
    page.get_by_label("Business name").fill("Rao Lights")
    page.get_by_label("GSTIN or PAN").fill("ABCPR1234K")
    page.get_by_role("checkbox", name=re.compile("check my credit bureau report")).check()
    page.get_by_role("button", name="Apply", exact=True).click()
    page.get_by_role("heading", name="Your application was not approved").wait_for()
    shots("credit_refused")
    context.close()


def desk_pages(browser: Any, url: str, out: Path, size: str, language: str) -> None:
    """/desk's login and, logged in as an agent, the seeded customer found (no header: the cookie
    picks the language, and the fields are found by their kind, not their English words)."""
    folder = out / {("desktop", "en"): "desktop", ("phone", "en"): "phone"}.get(
        (size, language), "phone-360-hi" if size == "phone" else f"{size}-hi"
    )
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=url, locale="en-IN", **SIZES[size])
    context.add_cookies([{"name": "lang", "value": language, "url": url}])
    page = context.new_page()
    page.goto("/desk")
    login = page.locator("form[aria-labelledby=desk-login]")
    login.wait_for()
    snap(page, folder / "desk_login.png")
    login.locator("input[autocomplete=username]").fill("asha.agent")
    login.locator("input[type=password]").fill("agent-demo-secret")
    login.locator("button[type=submit]").click()
    search = page.get_by_role("search")
    search.wait_for(timeout=30_000)  # the secret is checked with scrypt, slow on purpose
    search.locator("input").fill(SEEDED_USER)
    search.locator("button[type=submit]").click()
    page.get_by_role("heading", name=f"Ramesh Kumar · {SEEDED_USER}").wait_for()
    snap(page, folder / "desk_customer.png")
    mandates = page.locator("section[aria-labelledby=desk-mandates]")
    if mandates.count():  # the customer's AutoPay mandates alone, when there are any (--autopay)
        mandates.screenshot(path=folder / "desk_mandates.png")
    context.close()


def qa_pages(browser: Any, url: str, out: Path) -> None:
    """/qa on a desktop, section by section (docs/qa.md shows them): a login's code waiting,
    "Lender down" set and the portal's 503 in the journal, the clock 40 days on with the dues and
    reminders it brought; then a recipe run, Money and People. The world is reset first and last."""
    folder = out / "qa"
    folder.mkdir(parents=True, exist_ok=True)
    httpx.post(f"{url}/_mocks/reset", timeout=10).raise_for_status()
    context = browser.new_context(base_url=url, locale="en-IN", viewport={"width": 1280, "height": 900})
    page, portal = context.new_page(), context.new_page()
    page.goto("/qa")
    page.get_by_role("heading", name="QA console").wait_for()
    portal.goto("/paynow")
    portal.locator("main").get_by_label("Mobile number").fill(SEEDED_USER)
    portal.locator("main").get_by_role("button", name="Submit", exact=True).click()
    portal.wait_for_url("**/verify-otp")
    outboxes = page.get_by_role("region", name="Outboxes")
    outboxes.get_by_role("list", name="Login codes waiting").get_by_role("listitem").first.wait_for()
    faults = page.get_by_role("region", name="Faults")
    faults.get_by_role("button", name="Set: Lender down").click()
    faults.get_by_role("button", name="Clear: Lender down").wait_for()
    portal.goto("/paynow")
    portal.locator("main").get_by_label("Mobile number").fill("9123456780")
    portal.locator("main").get_by_role("button", name="Submit", exact=True).click()
    journal = page.get_by_role("region", name="Journal: what each mock received")
    journal.get_by_role("cell", name="503").first.wait_for()
    clock = page.get_by_role("region", name="The one clock")
    clock.get_by_label("Days").fill("40")
    clock.get_by_role("button", name="Move the clock").click()
    clock.get_by_role("status").get_by_text("960 hours from real time.").wait_for(timeout=120_000)
    journal.get_by_label("Status").select_option(label="Failed (4xx, 5xx, dropped)")
    page.wait_for_load_state("networkidle")
    for name, region in (("clock", clock), ("outboxes", outboxes), ("faults", faults), ("journal", journal)):
        region.screenshot(path=folder / f"qa_{name}.png")
        print(folder / f"qa_{name}.png")
    portal.close()
    qa_money_people_recipes(page, folder)
    context.close()
    httpx.post(f"{url}/_mocks/reset", timeout=10).raise_for_status()


def qa_money_people_recipes(page: Page, folder: Path) -> None:
    """Recipes with "Bank slow, payment pending" run (a repayment left pending at the bank, then
    paid and booked), Money with its charge and settlement in transit, People with the staff."""
    recipes = page.get_by_role("region", name="Recipes")
    recipes.get_by_label("Recipe").select_option(label="Bank slow, payment pending")
    recipes.get_by_role("button", name="Run").click()
    recipes.get_by_role("status").get_by_text("every step passed").wait_for(timeout=60_000)
    money = page.get_by_role("region", name="Money")
    money.get_by_role("table", name="Settlements the provider reports").get_by_role("cell", name="19.00").wait_for()
    people = page.get_by_role("region", name="People")
    people.get_by_role("table", name="Staff").get_by_role("rowheader").first.wait_for()
    page.wait_for_load_state("networkidle")
    for name, region in (("money", money), ("people", people), ("recipes", recipes)):
        region.screenshot(path=folder / f"qa_{name}.png")
        print(folder / f"qa_{name}.png")


AUTOPAY_LOAN = "LN-1001"  # the seeded borrower's loan the lender collects online


def autopay_mandate(page: Page, url: str) -> None:
    """The seeded borrower's AutoPay on AUTOPAY_LOAN set up and approved (the payments mock's QA
    control), its first debit taken and its second declined by the bank (the mocks' clock moved
    past each): every debit status but `authenticate` is on the page. Each step waits on the
    mock's word that its webhooks reached the gateway."""
    portal_api_login(page, url)

    def set_up() -> Any:
        return page.request.post(
            f"/api/loans/{AUTOPAY_LOAN}/autopay",
            data={"email": "ramesh@example.in"},
            headers={**xsrf(page), "Idempotency-Key": str(uuid.uuid4())},
        )

    made = set_up()
    if made.status == 409:  # the gateway's database keeps an earlier run's mandate: a fresh one
        page.request.post(
            f"/api/loans/{AUTOPAY_LOAN}/autopay/changes",
            data={"action": "cancel"},
            headers={**xsrf(page), "Idempotency-Key": str(uuid.uuid4())},
        )
        made = set_up()
    if not made.ok:
        raise SystemExit(f"AutoPay was not set up: {made.text()}")
    mandate = made.json()
    mocks = f"{url}/_mocks"
    subscription = f"{mocks}/payments/subscriptions/{mandate['cfSubscriptionId']}"

    def told() -> None:
        httpx.get(f"{subscription}/webhooks", timeout=60).raise_for_status()

    def clock(**move: Any) -> None:
        httpx.post(f"{mocks}/clock", json=move, timeout=120).raise_for_status()

    httpx.post(f"{subscription}/mandate", json={"outcome": "approved"}, timeout=30).raise_for_status()
    told()
    for debit, past in zip(mandate["debits"][:2], ({"days": 2, "hours": 2}, {"days": 2, "hours": 6}), strict=True):
        if debit is mandate["debits"][1]:
            failing = {"failure_reason": "INSUFFICIENT_FUNDS"}
            httpx.post(f"{subscription}/debits/fail", json=failing, timeout=30).raise_for_status()
        clock(at=f"{debit['dueOn']}T09:00:00+05:30")
        clock(days=-2)
        page.request.get(f"/api/loans/{AUTOPAY_LOAN}/autopay")  # the page's read raises the debit
        clock(**past)
        told()


def autopay_pages(browser: Any, url: str, out: Path) -> None:
    """`--autopay`: the loan page's AutoPay section with a mandate's debits, and the desk's
    customer view with it, on both sizes in English and Hindi (`autopay_*.png`: the section
    alone, for looking at its table; `desk_customer.png` the desk's whole page)."""
    context = browser.new_context(base_url=url, locale="en-IN", **SIZES["desktop"])
    autopay_mandate(context.new_page(), url)
    context.close()
    for size in SIZES:
        context = browser.new_context(base_url=url, locale="en-IN", **SIZES[size])
        page = context.new_page()
        portal_api_login(page, url)
        shots = TwoLanguages(page, out, size)
        page.goto(f"/loans/{AUTOPAY_LOAN}")
        section = page.locator("section[aria-labelledby^=autopay]")
        section.locator("tbody tr").first.wait_for()
        for folder, language in ((shots.english, "en"), (shots.hindi, "hi")):
            if language == "hi":
                shots.switch("hi", "en")
            section.locator("tbody tr").first.wait_for()
            page.wait_for_load_state("networkidle")
            section.screenshot(path=folder / "autopay_loan_section.png")
            snap(page, folder / "autopay_loan.png")
        shots.switch("en", "hi")
        context.close()
        for language in ("en", "hi"):
            desk_pages(browser, url, out, size, language)


def feature_pages(browser: Any, url: str, out: Path) -> None:
    for size in SIZES:
        borrower_pages(browser, url, out, size)
        return_pages(browser, url, out, size)
        credit_pages(browser, url, out, size)
        for language in ("en", "hi"):
            desk_pages(browser, url, out, size, language)


def public_paths(url: str) -> list[str]:
    """PUBLIC and the About page under the product's own name (/aboutUs_{productSlug})."""
    answer = httpx.get(f"{url}/api/config", timeout=10)
    answer.raise_for_status()
    return [*PUBLIC, f"/aboutUs_{answer.json()['productSlug']}"]


def run(
    url: str,
    out: Path,
    only_hindi_store: bool = False,
    only_hindi_site: bool = False,
    only_features: bool = False,
    only_qa: bool = False,
    only_autopay: bool = False,
) -> None:
    paths = public_paths(url)
    with sync_playwright() as playwright:
        # As the e2e tests launch it: Chromium's sandbox is not available in every container.
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        if only_qa:
            qa_pages(browser, url, out)
            browser.close()
            return
        if only_autopay:
            autopay_pages(browser, url, out)
            browser.close()
            return
        if only_features:
            feature_pages(browser, url, out)
            browser.close()
            return
        if not only_hindi_store and not only_hindi_site:
            feature_pages(browser, url, out)
            qa_pages(browser, url, out)
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
    parser.add_argument("--features", action="store_true", help="only the features' pages, both sizes and languages")
    parser.add_argument("--qa", action="store_true", help="only the QA console's sections (docs/qa.md's pictures)")
    parser.add_argument(
        "--autopay", action="store_true", help="only a loan's AutoPay with its debits and the desk's view of it"
    )
    args = parser.parse_args()
    out = Path(args.out).resolve()
    if args.url:
        run(args.url, out, args.hindi_store, args.hindi_site, args.features, args.qa, args.autopay)
    else:
        with gateway() as url:
            run(url, out, args.hindi_store, args.hindi_site, args.features, args.qa, args.autopay)


if __name__ == "__main__":
    main()
