"""Know your loan, in Chromium on a desktop and a 360 px phone: a borrower with two loans sees
both with their lenders; opens a loan's Key Facts Statement and downloads it in English and in
Hindi (both read back); downloads a statement for a date range whose closing balance is the
screen's; and, paying part, sees the split before paying and the same split in the loan's
statement after it."""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from tests.e2e.conftest import Server
from tests.e2e.portal_steps import choose_partial_payment, open_payment
from tests.e2e.test_portal_repayments import pay_in_checkout


@pytest.fixture(params=["desktop", "phone"])
def any_page(request: pytest.FixtureRequest) -> Page:
    """The same borrower on a desktop and on a phone 360 px wide."""
    chosen: Page = request.getfixturevalue("page" if request.param == "desktop" else "phone_page")
    return chosen


def downloaded_text(page: Page, link_name: str | re.Pattern[str]) -> str:
    with page.expect_download() as download:
        page.locator("main").get_by_role("link", name=link_name).click()
    content = Path(download.value.path()).read_bytes()
    assert content.startswith(b"%PDF")
    return "\n".join(p.extract_text() for p in PdfReader(Path(download.value.path())).pages)


def open_loans(page: Page, server: Server) -> None:
    open_payment(page, server)
    page.locator("main").get_by_role("link", name="Your loans: key facts, statements and schedules").click()
    expect(page).to_have_url(re.compile(r"/loans$"))


def test_a_borrower_sees_both_loans_and_reads_the_key_facts_in_english_and_hindi(
    any_page: Page, server: Server
) -> None:
    page = any_page
    open_loans(page, server)
    main = page.locator("main")
    overdue = main.get_by_role("article", name="Loan LN-1001")
    current = main.get_by_role("article", name="Loan LN-1004")
    expect(overdue).to_contain_text("Overdue")
    expect(overdue.get_by_role("link", name="Sahyogkosh Finance Limited")).to_have_attribute(
        "href", "https://sahyogkosh.example"
    )
    expect(overdue).to_contain_text("VoltKhata")
    expect(overdue).to_contain_text("₹12,450.00")  # overdue: the penal charges apart, ₹450.00
    expect(overdue).to_contain_text("₹450.00")
    expect(overdue).to_contain_text("17 days")
    expect(current).to_contain_text("Current")
    expect(current.get_by_role("link", name="Arthvik Capital Limited")).to_be_visible()
    expect(current).to_contain_text("₹5,750.00")  # the next instalment
    expect(main.get_by_role("article", name="Loan LN-0998")).to_contain_text("Closed")

    overdue.get_by_role("link", name=re.compile("Key facts, statement and schedule")).click()
    expect(page).to_have_url(re.compile(r"/loans/LN-1001$"))
    facts = main.get_by_role("region", name="Key Facts Statement")
    expect(facts).to_contain_text("29.91%")
    expect(facts).to_contain_text("Meera Iyer")
    english = downloaded_text(page, "Key Facts Statement in English (PDF)")
    assert "Key Facts Statement" in english and "Annual percentage rate (APR) 29.91%" in english
    assert "₹1,00,000.00" in english and "Cooling-off period" in english and "Suraksha Recoveries" in english
    hindi = downloaded_text(page, "मुख्य तथ्य विवरण हिंदी में (PDF)")
    # Text extraction splits a shaped vowel sign (ि) from its letter: read words without one.
    assert hindi.startswith("मुख्य तथ्य") and "लोन खाता LN-1001" in hindi
    assert "₹1,00,000.00" in hindi and "29.91%" in hindi and "वसूली एजेंट" in hindi


def test_a_statement_for_a_date_range_closes_on_the_screens_balance(any_page: Page, server: Server) -> None:
    page = any_page
    open_loans(page, server)
    main = page.locator("main")
    main.get_by_role("link", name=re.compile("Key facts, statement and schedule of loan LN-1004")).click()
    statement = main.get_by_role("region", name="Statement of account")
    start_input, end_input = statement.get_by_label("From"), statement.get_by_label("To")
    expect(start_input).to_have_attribute("min", re.compile(r"\d{4}-\d{2}-\d{2}"))
    first = date.fromisoformat(start_input.get_attribute("min") or "")
    last = date.fromisoformat(end_input.get_attribute("max") or "")
    start, end = first + timedelta(days=10), last - timedelta(days=2)
    start_input.fill(start.isoformat())
    end_input.fill(end.isoformat())
    statement.get_by_role("button", name="Show statement").click()
    pdf_link = statement.get_by_role("link", name=re.compile(r"^Statement from .* \(PDF\)$"))
    expect(pdf_link).to_have_attribute("href", re.compile(f"from={start.isoformat()}&to={end.isoformat()}$"))
    closing = statement.get_by_test_id("closing-balance")
    expect(closing).to_have_text(re.compile(r"^₹[\d,]+\.\d{2}$"))
    shown = closing.inner_text()
    assert shown != "₹0.00"
    text = downloaded_text(page, re.compile(r"^Statement from .* \(PDF\)$"))
    # The same figure on paper as on screen.
    assert f"Closing balance {shown}" in text, text
    schedule = main.get_by_role("region", name="Instalment schedule")
    expect(schedule.get_by_role("row").nth(1)).to_contain_text("Paid")


def test_a_part_payment_shows_its_split_before_paying_and_the_same_after(any_page: Page, server: Server) -> None:
    page = any_page
    open_payment(page, server)
    main = page.locator("main")
    start_partial_payment_without_paying(page, "5000")
    split = main.get_by_role("region", name="How ₹5,000.00 will be applied")
    expect(split).to_contain_text(re.compile(r"Towards penal charges\s*₹450.00"))
    expect(split).to_contain_text(re.compile(r"Towards interest\s*₹2,000.00"))
    expect(split).to_contain_text(re.compile(r"Towards principal\s*₹2,550.00"))
    expect(split).to_contain_text("This will not clear the overdue: ₹7,450.00 will still be overdue")
    main.get_by_role("button", name="Pay", exact=True).click()
    pay_in_checkout(page)
    expect(main.locator(".alert-success")).to_have_text("Payment process completed")

    page.goto("/loans/LN-1001")
    statement = main.get_by_role("region", name="Statement of account")
    expect(statement.get_by_role("row").filter(has_text="Payment")).to_contain_text(
        "penal charges ₹450.00, interest ₹2,000.00, principal ₹2,550.00"
    )
    expect(main.get_by_role("region", name="Where the loan stands")).to_contain_text("₹7,450.00")


def start_partial_payment_without_paying(page: Page, amount: str) -> None:
    main = page.locator("main")
    choose_partial_payment(main)
    main.get_by_label(re.compile("Amount to pay")).fill(amount)
