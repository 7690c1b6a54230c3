"""The repayment portal in Hindi in Chromium: switched with the header's `हिंदी`, every screen of
the pay flow (mobile number, code, what is owed, paying through the checkout, the outcome) shows
no English word in `main`; the choice survives a reload and a new login."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import Server
from tests.e2e.hindi_text import latin_words

RAMESH = "9876543210"  # owes 12,450.00 including late fees
BORROWER = ("Ramesh Kumar",)  # his name, as the lender has it


def log_in_in_hindi(page: Page, server: Server) -> None:
    """The portal's login as the English tests do it, by its Hindi words."""
    main = page.locator("main")
    expect(main.get_by_role("heading", name="अभी भुगतान करें")).to_be_visible()
    main.get_by_label("मोबाइल नंबर").fill(RAMESH)
    main.get_by_role("button", name="आगे बढ़ें", exact=True).click()
    expect(page).to_have_url(re.compile(r"/verify-otp$"))
    expect(main.get_by_role("heading", name="OTP सत्यापित करें")).to_be_visible()
    main.get_by_label("OTP", exact=True).fill(server.otp_for(RAMESH))
    main.get_by_role("button", name="सत्यापित करें", exact=True).click()
    expect(page).to_have_url(re.compile(r"/payment$"))


def test_the_pay_flow_in_hindi_survives_a_reload_and_a_new_login(page: Page, server: Server) -> None:
    page.goto("/paynow")
    page.get_by_role("banner").get_by_role("button", name="हिंदी").click()
    main = page.locator("main")
    expect(main.get_by_role("heading", name="अभी भुगतान करें")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", re.compile(r"^hi"))
    expect(main.get_by_text("हम इस नंबर पर एक OTP भेजेंगे।")).to_be_visible()
    assert latin_words(page) == []

    # A wrong number is refused in Hindi, then the code is asked for.
    main.get_by_label("मोबाइल नंबर").fill("98765")
    main.get_by_role("button", name="आगे बढ़ें", exact=True).click()
    expect(main.get_by_role("alert")).to_have_text("कृपया सही 10 अंकों का मोबाइल नंबर डालें।")
    main.get_by_label("मोबाइल नंबर").fill(RAMESH)
    main.get_by_role("button", name="आगे बढ़ें", exact=True).click()
    expect(page).to_have_url(re.compile(r"/verify-otp$"))
    expect(page.get_by_text("OTP सफलतापूर्वक भेज दिया गया!")).to_be_visible()
    expect(main.get_by_role("heading", name="OTP सत्यापित करें")).to_be_visible()
    expect(main.get_by_text(f"+91 {RAMESH} पर भेजा गया OTP डालें")).to_be_visible()
    expect(main.get_by_text(re.compile(r"^\d+ सेकंड बाद OTP दोबारा भेजें$"))).to_be_visible()
    assert latin_words(page) == []

    main.get_by_label("OTP", exact=True).fill(server.otp_for(RAMESH))
    main.get_by_role("button", name="सत्यापित करें", exact=True).click()
    expect(page).to_have_url(re.compile(r"/payment$"))
    expect(page.get_by_text("OTP सफलतापूर्वक सत्यापित हो गया!")).to_be_visible()
    expect(main.get_by_role("heading", name="लोन भुगतान")).to_be_visible()
    expect(main.get_by_role("radio", name="कुल बकाया ₹12,450.00")).to_be_checked()
    expect(main.get_by_text("आप कितना भुगतान करना चाहते हैं?")).to_be_visible()
    assert latin_words(page, extra_names=BORROWER) == []

    details_button = main.get_by_role("button", name="विवरण देखें")
    details_button.click()
    details = page.get_by_role("dialog", name="लोन का विवरण")
    expect(details.locator("dl > div", has_text="कुल देय राशि")).to_contain_text("₹12,450.00")
    expect(details.locator("dl > div", has_text="लेट फ़ीस")).to_contain_text("₹450.00")
    details.get_by_role("button", name="बंद करें").click()
    expect(details).to_be_hidden()

    # Part of it, through the provider's checkout (its own page, in the provider's language).
    main.get_by_role("radio", name="आंशिक भुगतान").check()
    main.get_by_label("भुगतान की राशि (₹)").fill("1000")
    main.get_by_role("button", name="भुगतान करें", exact=True).click()
    page.frame_locator('iframe[title="भुगतान चेकआउट"]').get_by_role("button", name="Pay ₹1,000.00").click()
    expect(main.locator(".alert-success")).to_have_text("भुगतान पूरा हो गया")
    expect(main.get_by_role("radio", name="कुल बकाया ₹11,450.00")).to_be_visible()
    history = main.get_by_role("region", name="भुगतान का इतिहास")
    expect(history.get_by_role("row").filter(has_text="₹1,000.00")).to_contain_text("सफल")
    expect(history.get_by_role("link", name="₹1,000.00 की रसीद (PDF)")).to_be_visible()
    assert latin_words(page, extra_names=BORROWER) == []

    # A reload: the gateway serves the page in the cookie's language, and the app starts in it.
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", re.compile(r"^hi"))
    expect(main.get_by_role("heading", name="लोन भुगतान")).to_be_visible()
    expect(main.get_by_role("radio", name="कुल बकाया ₹11,450.00")).to_be_visible()
    # The history comes with a call of its own: read with the rest once it is in.
    expect(history.get_by_role("row").filter(has_text="₹1,000.00")).to_contain_text("सफल")
    assert latin_words(page, extra_names=BORROWER) == []

    # A new login: out, then in again, still in Hindi.
    page.get_by_role("banner").get_by_role("button", name="लॉग आउट").click()
    expect(page).to_have_url(re.compile(r"/paynow$"))
    log_in_in_hindi(page, server)
    expect(main.get_by_role("heading", name="लोन भुगतान")).to_be_visible()
    expect(main.get_by_role("radio", name="कुल बकाया ₹11,450.00")).to_be_checked()
    expect(page.get_by_role("banner").get_by_role("button", name="English")).to_be_visible()
    expect(history.get_by_role("row").filter(has_text="₹1,000.00")).to_contain_text("सफल")
    assert latin_words(page, extra_names=BORROWER) == []


# Whether a control of the page was still waiting for its code when the page's language changed.
SWITCHED_EARLY = """
new MutationObserver(() => {
  if (document.documentElement.lang.startsWith("hi") && !("switchedEarly" in window))
    window.switchedEarly = document.querySelector("[data-until-hydrated]") !== null;
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["lang"] });
"""


def test_a_switch_tapped_while_the_footer_still_loads_waits_for_it(page: Page) -> None:
    # The footer's code held back: the header is live, the footer's HTML still waits for its code.
    held: list[Route] = []
    page.route(re.compile(r"/assets/Footer-[^/]+\.js$"), lambda route: held.append(route))
    page.add_init_script(SWITCHED_EARLY)
    page.goto("/paynow")
    switch = page.get_by_role("banner").get_by_role("button", name="हिंदी")
    expect(switch).to_be_enabled()
    footer = page.get_by_role("contentinfo")
    expect(footer.get_by_role("button", name="Subscribe")).to_be_disabled()
    switch.click()
    assert held, "the footer's code was never asked for"
    for route in held:
        route.continue_()
    # The page changes language once the footer has taken its HTML over, not before: Lingui changes
    # its messages in place, and a footer hydrating after the switch would not match its HTML
    # (React throws that HTML away with an error; the page guard fails the test on it).
    expect(page.locator("main").get_by_role("heading", name="अभी भुगतान करें")).to_be_visible()
    expect(footer.get_by_role("button", name="सब्सक्राइब करें")).to_be_enabled()
    assert page.evaluate("window.switchedEarly") is False
