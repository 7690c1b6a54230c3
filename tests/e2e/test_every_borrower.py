"""Every borrower, owing or not, in Chromium, in English and in Hindi: Sunita Sharma, who owes
nothing today, logs in with the code, is told nothing is due, and from the header opens her
loans, a loan's Key Facts (the PDF downloaded, its APR the screen's), its statement, and raises a
complaint, whose ticket opens."""

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
    },
}


def pdf_text(page: Page, link_href: str) -> str:
    with page.expect_download() as download:
        page.locator("main").locator(f'a[href*="{link_href}"]').first.click()
    path = Path(download.value.path())
    assert path.read_bytes().startswith(b"%PDF")
    return "\n".join(p.extract_text() for p in PdfReader(path).pages)


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_borrower_with_nothing_due_reads_her_loan_and_raises_a_complaint(
    page: Page, server: Server, language: str
) -> None:
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
