"""Every borrower, owing or not, in Chromium, in English and in Hindi: Sunita Sharma, who owes
nothing today, logs in with the code, is told nothing is due, and from the header opens her
loans, a loan's Key Facts (the PDF downloaded, every amount on the screen in it), its statement,
and raises a complaint, whose ticket opens. She then closes her current term loan early: today's
quote, paid once in the checkout, the loan closed, the payment's receipt and the no-dues
certificate downloaded; her loan closed earlier has its certificate too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import Server

SUNITA = "9123456780"  # owes nothing; a current loan LN-1102 and a closed one LN-1098

WORDS = {
    "en": {
        "submit": "Submit",
        "verify": "Verify",
        "nothing_due": "You do not have any pending payment",
        "key_facts": "Key Facts Statement",
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


def log_in_with_nothing_due(page: Page, server: Server, language: str) -> None:
    words = WORDS[language]
    main = page.locator("main")
    page.goto("/paynow" + ("?lang=hi" if language == "hi" else ""))
    main.locator('input[autocomplete="tel-national"]').fill(SUNITA)
    main.get_by_role("button", name=words["submit"], exact=True).click()
    expect(page).to_have_url(re.compile(r"/verify-otp$"))
    main.locator('input[autocomplete="one-time-code"]').fill(server.otp_for(SUNITA))
    main.get_by_role("button", name=words["verify"], exact=True).click()
    expect(page).to_have_url(re.compile(r"/nopayment$"))
    if words["nothing_due"]:
        expect(main.get_by_role("heading", name=words["nothing_due"])).to_be_visible()


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_borrower_with_nothing_due_reads_her_loan_and_raises_a_complaint(
    page: Page, server: Server, language: str
) -> None:
    words = WORDS[language]
    main = page.locator("main")
    log_in_with_nothing_due(page, server, language)

    # Logged in all the same: her loans from the header.
    page.get_by_role("banner").locator('a[href="/loans"]').click()
    expect(page).to_have_url(re.compile(r"/loans$"))
    expect(main.locator("article#loan-LN-1102, article[aria-labelledby='loan-LN-1102']")).to_be_visible()
    expect(main.locator("article[aria-labelledby='loan-LN-1098']")).to_be_visible()
    main.locator('a[href="/loans/LN-1102"]').first.click()
    expect(page).to_have_url(re.compile(r"/loans/LN-1102$"))
    facts = main.get_by_role("region", name=words["key_facts"])
    expect(facts).to_contain_text("21.59%")
    expect(facts).to_contain_text("Rohit Menon")
    text = pdf_text(page, "/key-facts/pdf?language=en")
    assert "LN-1102" in text and "21.59%" in text
    # Every amount the screen states is the document's.
    expect(facts.locator("dd", has_text="₹").first).to_be_visible()
    shown = set(RUPEES.findall(" ".join(facts.locator("dd").all_inner_texts())))
    assert len(shown) >= 5 and shown <= set(RUPEES.findall(text)), shown - set(RUPEES.findall(text))

    statement_form = main.locator("form").filter(has=page.locator('input[type="date"]'))
    statement_form.locator('button[type="submit"]').click()
    assert pdf_text(page, "/statement/pdf")

    page.get_by_role("banner").locator('a[href="/complaints"]').click()
    expect(page).to_have_url(re.compile(r"/complaints$"))
    main.get_by_label(words["category"]).select_option(label=words["fee"])
    main.get_by_role("textbox", name=words["complaint"]).fill("The processing fee on LN-1102 is more than I was told.")
    main.get_by_role("button", name=words["raise"]).click()
    expect(page).to_have_url(re.compile(r"/complaints/CMP[0-9]{6}$"))
    ticket = page.url.rsplit("/", 1)[1]
    expect(main).to_contain_text(ticket)


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_borrower_forecloses_a_term_loan_once_and_downloads_its_no_dues_certificate(
    page: Page, server: Server, language: str
) -> None:
    words = WORDS[language]
    main = page.locator("main")
    log_in_with_nothing_due(page, server, language)
    page.get_by_role("banner").locator('a[href="/loans"]').click()
    main.locator('a[href="/loans/LN-1102"]').first.click()
    expect(page).to_have_url(re.compile(r"/loans/LN-1102$"))
    closing = main.get_by_role("region").filter(has=page.locator("#foreclosure"))
    closing.get_by_role("button", name=words["see_quote"]).click()
    total = closing.locator("dl > div", has_text=words["total"]).locator("dd")
    expect(total).to_have_text(RUPEES)
    amount = total.inner_text()
    # The quote's parts, the lender's: the whole principal, interest to date, the Key Facts' 2% charge.
    expect(closing.locator("dl")).to_contain_text("₹30,000.00")
    expect(closing.locator("dl")).to_contain_text("₹600.00")
    expect(closing).to_contain_text("2.00%")
    closing.get_by_role("button", name=re.compile(re.escape(amount))).click()
    page.frame_locator(CHECKOUT).get_by_role("button", name=f"Pay {amount}").click()
    expect(closing.get_by_role("status")).to_have_text(words["closed"])

    # Paid once: one order for the loan, paid.
    paid = [p for p in page.request.get("/api/portal/payments").json() if p["orderId"].startswith("CLOSE_")]
    assert [(p["status"], p["amount"]) for p in paid] == [("paid", amount.replace("₹", "").replace(",", ""))]
    receipt = pdf_text(page, "/receipt")
    assert "LN-1102" in receipt and amount in receipt
    english = pdf_text(page, "/no-dues/pdf?language=en")
    assert "No-dues certificate" in english and "LN-1102" in english
    assert "Arthvik Capital Limited" in english and "B-13.02287" in english and amount in english
    hindi = pdf_text(page, "/no-dues/pdf?language=hi")
    assert "LN-1102" in hindi and "B-13.02287" in hindi

    # The loan closed earlier has its certificate too.
    page.get_by_role("banner").locator('a[href="/loans"]').click()
    main.locator('a[href="/loans/LN-1098"]').first.click()
    expect(main.get_by_role("heading", name=words["no_dues"], exact=True)).to_be_visible()
    earlier = pdf_text(page, "/no-dues/pdf?language=en")
    assert "LN-1098" in earlier and "Sahyogkosh Finance Limited" in earlier and "N-14.03512" in earlier
