"""Every borrower, owing or not, in Chromium, in English and in Hindi: Sunita Sharma, who owes
nothing today, logs in with the code, is told nothing is due, and from the header opens her
loans, a loan's Key Facts (the PDF downloaded, every amount on the screen in it), its statement,
and raises a complaint against her lender, named, whose ticket opens. She then closes her
current term loan early: today's quote, paid once in the checkout, the loan closed, the
payment's receipt and the no-dues certificate downloaded; her loan closed earlier has its
certificate too."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import Server
from tests.e2e.test_two_lenders import BASIC, FINERACT


@dataclass(frozen=True)
class Borrower:
    """A seed borrower who owes nothing today, with a current and a closed term loan."""

    mobile: str
    current: str
    closed: str
    officer: str  # the current loan's lender's grievance officer
    apr: str | None  # the current loan's APR, where the test knows it
    quote_parts: tuple[str, ...]  # amounts the current loan's foreclosure quote states
    rule: dict[str, str]  # the quote's words for the charge rule, by language
    lender: tuple[str, str]  # the current loan's lender and its RBI registration
    closed_lender: tuple[str, str]
    receipt: bool  # the lender gives a receipt for the foreclosure's payment (each lender here does)


SUNITA = Borrower(  # our own lending contract's
    mobile="9123456780",
    current="LN-1102",
    closed="LN-1098",
    officer="Rohit Menon",
    apr="21.59%",
    quote_parts=("₹30,000.00", "₹600.00"),
    rule={"en": "fixed-rate loan", "hi": "स्थिर ब्याज दर"},
    lender=("Arthvik Capital Limited", "B-13.02287"),
    closed_lender=("Sahyogkosh Finance Limited", "N-14.03512"),
    receipt=True,
)
KAVITA = Borrower(  # a Fineract lender's, through its adapter and companion
    mobile="9811144455",
    current="FIN-000007103",
    closed="FIN-000007104",
    officer="Anjali Deshmukh",
    apr=None,
    quote_parts=("₹16,000.00", "₹0.00"),
    rule={"en": "No foreclosure charge: this is a floating-rate loan", "hi": "कोई फोरक्लोज़र शुल्क नहीं"},
    lender=("Vikas Microfinance Ltd", "N-14.03599"),
    closed_lender=("Vikas Microfinance Ltd", "N-14.03599"),
    receipt=True,  # the companion's, numbered by Fineract's transaction
)
BORROWERS = [pytest.param(SUNITA, id="native"), pytest.param(KAVITA, id="fineract")]

WORDS = {
    "en": {
        "submit": "Submit",
        "verify": "Verify",
        "nothing_due": "You do not have any pending payment",
        "key_facts": "Key Facts Statement",
        "against": "Against whom?",
        "lender": "{} (the lender)",
        "category": "What is it about?",
        "fee": "A charge or fee",
        "complaint": "Your complaint",
        "raise": "Raise complaint",
        "see_quote": "See today's amount to close the loan",
        "total": "Total to pay",
        "closed": "Paid. Your loan is closed and nothing more is owed on it.",
        "no_dues": "No-dues certificate",
    },
    "hi": {
        "submit": "आगे बढ़ें",
        "verify": "सत्यापित करें",
        "nothing_due": None,
        "key_facts": "मुख्य तथ्य विवरण",
        "against": "शिकायत किसके विरुद्ध है?",
        "lender": "{} (ऋणदाता)",
        "category": "शिकायत किस बारे में है?",
        "fee": "कोई शुल्क या फीस",
        "complaint": "आपकी शिकायत",
        "raise": "शिकायत दर्ज करें",
        "see_quote": "लोन बंद करने की आज की राशि देखें",
        "total": "कुल चुकाने की राशि",
        "closed": "भुगतान हो गया। आपका लोन बंद हो गया है और उस पर अब कुछ भी बकाया नहीं है।",
        "no_dues": "बकाया-नहीं प्रमाणपत्र",
    },
}


CHECKOUT = 'iframe[src*="/_mocks/payments/checkout/"]'
RUPEES = re.compile(r"₹[0-9,]+\.[0-9]{2}")


def pdf_text(page: Page, link_href: str) -> str:
    """The downloaded PDF's text, its justified lines' spaces as one."""
    with page.expect_download() as download:
        page.locator("main").locator(f'a[href*="{link_href}"]').first.click()
    path = Path(download.value.path())
    assert path.read_bytes().startswith(b"%PDF")
    return " ".join("\n".join(p.extract_text() for p in PdfReader(path).pages).split())


def log_in_with_nothing_due(page: Page, server: Server, language: str, borrower: Borrower) -> None:
    words = WORDS[language]
    main = page.locator("main")
    page.goto("/paynow" + ("?lang=hi" if language == "hi" else ""))
    main.locator('input[autocomplete="tel-national"]').fill(borrower.mobile)
    main.get_by_role("button", name=words["submit"], exact=True).click()
    expect(page).to_have_url(re.compile(r"/verify-otp$"))
    main.locator('input[autocomplete="one-time-code"]').fill(server.otp_for(borrower.mobile))
    main.get_by_role("button", name=words["verify"], exact=True).click()
    expect(page).to_have_url(re.compile(r"/nopayment$"))
    if words["nothing_due"]:
        expect(main.get_by_role("heading", name=words["nothing_due"])).to_be_visible()


def open_loan(page: Page, loan: str) -> None:
    """From the header's link to the borrower's loans, one of them."""
    page.get_by_role("banner").locator('a[href="/loans"]').click()
    expect(page).to_have_url(re.compile(r"/loans$"))
    page.locator("main").locator(f'a[href="/loans/{loan}"]').first.click()
    expect(page).to_have_url(re.compile(f"/loans/{loan}$"))


@pytest.mark.parametrize("borrower", BORROWERS)
@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_borrower_with_nothing_due_reads_her_loan_and_raises_a_complaint(
    page: Page, server: Server, language: str, borrower: Borrower
) -> None:
    words = WORDS[language]
    main = page.locator("main")
    log_in_with_nothing_due(page, server, language, borrower)

    # Logged in all the same: her loans from the header, the current one and the closed one.
    page.get_by_role("banner").locator('a[href="/loans"]').click()
    expect(page).to_have_url(re.compile(r"/loans$"))
    expect(main.locator(f"article[aria-labelledby='loan-{borrower.current}']")).to_be_visible()
    expect(main.locator(f"article[aria-labelledby='loan-{borrower.closed}']")).to_be_visible()
    open_loan(page, borrower.current)
    facts = main.get_by_role("region", name=words["key_facts"])
    expect(facts).to_contain_text(borrower.officer)
    if borrower.apr:
        expect(facts).to_contain_text(borrower.apr)
    text = pdf_text(page, "/key-facts/pdf?language=en")
    assert borrower.current in text and borrower.officer in text
    # Every amount the screen states is the document's, and its APR.
    expect(facts.locator("dd", has_text="₹").first).to_be_visible()
    shown = set(RUPEES.findall(" ".join(facts.locator("dd").all_inner_texts())))
    assert len(shown) >= 5 and shown <= set(RUPEES.findall(text)), shown - set(RUPEES.findall(text))
    apr = facts.locator("dd", has_text=re.compile(r"^[0-9]+\.[0-9]{2}%$")).first.inner_text()
    assert apr in text

    statement_form = main.locator("form").filter(has=page.locator('input[type="date"]'))
    statement_form.locator('button[type="submit"]').click()
    assert borrower.current in pdf_text(page, "/statement/pdf")

    page.get_by_role("banner").locator('a[href="/complaints"]').click()
    expect(page).to_have_url(re.compile(r"/complaints$"))
    # Against whom: the platform or a lender, by name (the regulated entity).
    lender = words["lender"].format(borrower.lender[0])
    against = main.get_by_label(words["against"])
    expect(against.locator("option", has_text=lender)).to_have_count(1)
    main.get_by_label(words["category"]).select_option(label=words["fee"])
    main.get_by_role("textbox", name=words["complaint"]).fill(f"The processing fee on {borrower.current} is too high.")
    if borrower.current.startswith("FIN-"):
        # A borrower of a Fineract lender alone, naming no loan: her one lender is chosen for her,
        # and the complaint goes to its desk.
        expect(against).to_have_value(borrower.lender[0])
    else:
        # Two lenders: she chooses, then one of that lender's loans.
        against.select_option(label=lender)
        main.locator('select[id$="-loan"]').select_option(borrower.current)
    main.get_by_role("button", name=words["raise"]).click()
    expect(page).to_have_url(re.compile(r"/complaints/CMP[0-9]{6}$"))
    ticket = page.url.rsplit("/", 1)[1]
    expect(main).to_contain_text(ticket)
    expect(main).to_contain_text(lender)


@pytest.mark.parametrize("borrower", BORROWERS)
@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_borrower_forecloses_a_term_loan_once_and_downloads_its_no_dues_certificate(
    page: Page, server: Server, language: str, borrower: Borrower
) -> None:
    words = WORDS[language]
    main = page.locator("main")
    log_in_with_nothing_due(page, server, language, borrower)
    open_loan(page, borrower.current)
    closing = main.get_by_role("region").filter(has=page.locator("#foreclosure"))
    closing.get_by_role("button", name=words["see_quote"]).click()
    total = closing.locator("dl > div", has_text=words["total"]).locator("dd")
    expect(total).to_have_text(RUPEES)
    amount = total.inner_text()
    # The quote's parts are the lender's (the whole principal, interest to date, the charge), and
    # it says which rule set the charge.
    for part in borrower.quote_parts:
        expect(closing.locator("dl")).to_contain_text(part)
    expect(closing).to_contain_text(borrower.rule[language])
    closing.get_by_role("button", name=re.compile(re.escape(amount))).click()
    page.frame_locator(CHECKOUT).get_by_role("button", name=f"Pay {amount}").click()
    expect(closing.get_by_role("status")).to_have_text(words["closed"])

    # Paid once: one payment at the lender, the loan closed by it.
    if borrower.current.startswith("FIN-"):
        loan = server.http.get(f"{FINERACT}/loans/7103?associations=transactions", headers=BASIC).json()
        assert loan["status"]["closed"] is True
        booked = [t["amount"] for t in loan["transactions"] if t["type"]["repayment"]]
        # Two instalments seeded, then the foreclosure once, for the amount paid.
        assert len(booked) == 3 and Decimal(str(booked[-1])) == Decimal(amount.removeprefix("₹").replace(",", ""))
    closing_orders = ("FINCLOSE_", "CLOSE_")  # the checkout's order at the Fineract lender, at ours
    paid = [p for p in page.request.get("/api/portal/payments").json() if p["orderId"].startswith(closing_orders)]
    assert [(p["status"], p["amount"]) for p in paid] == [("paid", amount.replace("₹", "").replace(",", ""))]
    english = pdf_text(page, "/no-dues/pdf?language=en")
    assert "No-dues certificate" in english and borrower.current in english
    assert all(fact in english for fact in borrower.lender) and amount in english
    hindi = pdf_text(page, "/no-dues/pdf?language=hi")
    assert borrower.current in hindi and borrower.lender[1] in hindi
    if borrower.receipt:
        receipt = pdf_text(page, "/receipt")
        assert borrower.current in receipt and amount in receipt

    # The loan closed earlier has its certificate too.
    open_loan(page, borrower.closed)
    expect(main.get_by_role("heading", name=words["no_dues"], exact=True)).to_be_visible()
    earlier = pdf_text(page, "/no-dues/pdf?language=en")
    assert borrower.closed in earlier and all(fact in earlier for fact in borrower.closed_lender)
