"""The credit terms a visitor reads are the platform's one setting of them (contracts/credit-terms.json,
built into the pages), on every page that states them, and true (issue 53): the home page, the
credit page, the FAQ and the About page say credit is interest-free for the advertised days and
what it costs after, never a bare "no interest"; the checkout's credit choice and the placed
order say the same days. A change to the setting shows on every page after a rebuild, since the
pages read nothing else: the expected words here are made from the file, not written out."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Server
from tests.e2e.store_steps import SUNITA, api_login, fill_cart, new_address, to_checkout

TERMS = json.loads((Path(__file__).resolve().parents[2] / "contracts" / "credit-terms.json").read_text("utf-8"))
DAYS = TERMS["interestFreeDays"]
REPAY = f"{TERMS['repaymentDays']['from']} to {TERMS['repaymentDays']['to']} days"


def percent(value: str) -> str:
    return f"{float(value):g}%"


AFTER = f"{percent(TERMS['interestAfterPercent']['from'])} to {percent(TERMS['interestAfterPercent']['to'])} a year"
APR = f"APR {percent(TERMS['aprPercent']['from'])} to {percent(TERMS['aprPercent']['to'])}"
UNTRUE = re.compile(r"with no interest|carries no interest|no interest and|^no interest$", re.IGNORECASE | re.MULTILINE)


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/", [f"interest-free for {DAYS} days", f"Interest-free for {DAYS} days", AFTER, APR, f"repay in {REPAY}"]),
        ("/buy-products-on-credit", [f"pay in {REPAY}, interest-free for the first {DAYS}", AFTER, APR]),
        ("/FAQ's", [f"interest-free for {DAYS} days", f"interest of {AFTER}", f"an {APR.replace('APR', 'APR of')}"]),
        (
            "/AboutUs",
            [
                f"Repayment periods of {REPAY}",
                f"interest-free for {DAYS} days on the buy-on-credit offer (then {AFTER}",
            ],
        ),
    ],
)
def test_each_page_states_the_advertised_terms_and_no_bare_no_interest(page: Page, path: str, said: list[str]) -> None:
    page.goto(path)
    main = page.locator("main")
    if path == "/FAQ's":
        page.get_by_text("Is there any interest or other charge?").click()
    for words in said:  # the page's later sections come in their own chunks: each is waited for
        expect(main).to_contain_text(words)
    text = main.inner_text()
    assert not UNTRUE.search(text), (path, UNTRUE.search(text))


def test_the_checkout_and_the_order_say_the_advertised_interest_free_days(page: Page, server: Server) -> None:
    api_login(page, server, SUNITA)
    fill_cart(page, {2: 3})
    to_checkout(page, "Pay with VoltKhata Credit")
    new_address(page, "400003")
    expect(page.get_by_text(f"Interest-free for {DAYS} days: due by then.")).to_contain_text(
        f"After that the lender charges interest of {AFTER}."
    )
    expect(page.locator("main")).not_to_contain_text("with no interest")
    page.get_by_role("button", name="Place order", exact=True).click()
    expect(page.get_by_test_id("payment-state")).to_contain_text(re.compile(r"due by .*, interest-free until then"))
