"""A loan's documents as PDFs (fpdf2), in English or Hindi: the Key Facts Statement, the statement
of account for a date range and the instalment schedule. The same figures as the JSON calls (both
are drawn from loan_views), the same fonts and shaping as the receipts (upstream_mocks/pdf_fonts.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from upstream_mocks.ist import IST
from upstream_mocks.lending.loan_views import instalment_status, statement_rows
from upstream_mocks.lending.loans import Loan, Position, StatementRow
from upstream_mocks.pdf_fonts import new_pdf, printable
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.texts.catalog import Texts


def start_document(language: Language, title: str, heading: str, on: date) -> tuple[FPDF, str]:
    pdf, font = new_pdf(language, rupee_sign=True)
    pdf.set_title(title)
    pdf.set_creation_date(datetime.combine(on, time(), IST))  # the same document is the same file
    pdf.add_page()
    pdf.set_font(font, style="B", size=16)
    pdf.cell(0, 10, heading, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return pdf, font


def pairs(pdf: FPDF, font: str, rows: Sequence[tuple[str, str]]) -> None:
    for label, value in rows:
        pdf.set_font(font, style="B", size=10)
        pdf.multi_cell(70, 6, label, new_x=XPos.RIGHT, new_y=YPos.TOP)
        pdf.set_font(font, size=10)
        pdf.multi_cell(0, 6, value, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.ln(1)


def section(pdf: FPDF, font: str, heading: str, text: str) -> None:
    pdf.ln(2)
    pdf.set_font(font, style="B", size=11)
    pdf.cell(0, 7, heading, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(font, size=10)
    pdf.multi_cell(0, 5, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _table(pdf: FPDF, font: str, widths: Sequence[int], header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    pdf.set_font(font, style="B", size=9)
    for width, text in zip(widths, header, strict=True):
        pdf.cell(width, 7, text, border="B")
    pdf.ln(7)
    pdf.set_font(font, size=9)
    for row in rows:
        for n, (width, text) in enumerate(zip(widths, row, strict=True)):
            pdf.cell(width, 6, text, align="L" if n < 2 else "R")
        pdf.ln(6)


def _lender_rows(words: Texts, loan: Loan, borrower: str, language: Language) -> list[tuple[str, str]]:
    lender = words.loan_lender_regulated.format(
        name=loan.lender.name, registration=loan.lender.registration, website=loan.lender.website
    )
    return [
        (words.loan_account, loan.loan_number),
        (words.loan_borrower, printable(language, borrower)),
        (words.loan_lender, lender),
        (words.loan_lsp, loan.lsp_name),
    ]


FEE_WORDS = {
    "processing": "kfs_fee_processing",
    "documentation": "kfs_fee_documentation",
    "stampDuty": "kfs_fee_stamp_duty",
}


def payable_words(kind: str, payable_to: str) -> str:
    """Who charges a fee and who is paid it, from the fee itself (the screen words it the same way,
    frontend/src/features/loans/components/KeyFactsSection.tsx): stamp duty paid on to a third
    party is the state government's tax on the agreement, collected by the lender."""
    if payable_to == "lender":
        return "kfs_payable_lender"
    return "kfs_payable_state" if kind == "stampDuty" else "kfs_payable_third_party"


def render_key_facts(loan: Loan, borrower: str, on: date, language: Language = "en") -> bytes:
    words = texts(language)
    pdf, font = start_document(language, words.kfs_title.format(loan=loan.loan_number), words.kfs_heading, on)
    money = style.amount
    fees = sum((fee.amount for fee in loan.fees), Decimal(0))
    interest = sum((i.interest for i in loan.instalments), Decimal(0))
    pairs(
        pdf,
        font,
        [
            *_lender_rows(words, loan, borrower, language),
            (words.kfs_sanctioned, money(language, loan.sanctioned)),
            (words.kfs_net_disbursed, money(language, loan.sanctioned - fees)),
            (words.kfs_disbursed_on, style.day(language, loan.disbursed_on)),
            (words.kfs_rate, f"{loan.annual_rate}%"),
            (words.kfs_apr, f"{loan.apr}%"),
            (words.kfs_instalments, words.kfs_instalments_value.format(count=len(loan.instalments))),
            (words.kfs_total_interest, money(language, interest)),
            (words.kfs_total_fees, money(language, fees)),
            (words.kfs_total_payable, money(language, loan.sanctioned + interest)),
        ],
    )
    fee_lines = [
        f"{getattr(words, FEE_WORDS[fee.kind])}, {getattr(words, payable_words(fee.kind, fee.payable_to))}: "
        f"{money(language, fee.amount)}"
        for fee in loan.fees
    ]
    section(pdf, font, words.kfs_fees, "\n".join(fee_lines))
    section(pdf, font, words.kfs_penal, words.kfs_penal_terms.format(amount=money(language, loan.penal_charge)))
    section(pdf, font, words.kfs_allocation, words.kfs_allocation_terms)
    section(pdf, font, words.kfs_cooling_off, words.kfs_cooling_off_terms.format(days=loan.cooling_off_days))
    section(
        pdf, font, words.kfs_foreclosure, words.kfs_foreclosure_terms.format(percent=loan.foreclosure_charge_percent)
    )
    agents = "\n".join(f"{agent.name}, {agent.phone}" for agent in loan.lender.recovery_agents)
    section(pdf, font, words.kfs_recovery_agents, agents)
    g = loan.lender.grievance_officer
    section(pdf, font, words.kfs_grievance, f"{g.name}, {g.email}, {g.phone}\n{g.address}")
    pdf.ln(4)
    pdf.set_font(font, size=8)
    pdf.multi_cell(0, 4, words.loan_generated.format(date=style.day(language, on)))
    return bytes(pdf.output())


def _particulars(words: Texts, row: StatementRow, language: Language) -> str:
    if row.kind == "disbursement":
        return words.statement_disbursement
    if row.kind == "instalmentDue":
        return words.statement_instalment_due.format(number=row.instalment)
    if row.kind == "penalCharge":
        return words.statement_penal_charge.format(number=row.instalment)
    charges, interest, principal = row.allocation or (Decimal(0), Decimal(0), Decimal(0))
    return words.statement_payment.format(
        reference=row.reference,
        charges=style.amount(language, charges),
        interest=style.amount(language, interest),
        principal=style.amount(language, principal),
    )


def render_statement(loan: Loan, borrower: str, at: Position, start: date, language: Language = "en") -> bytes:
    words = texts(language)
    pdf, font = start_document(
        language, words.statement_title.format(loan=loan.loan_number), words.statement_heading, at.today
    )
    pdf.set_font(font, size=10)
    period = words.statement_period.format(start=style.day(language, start), end=style.day(language, at.today))
    pdf.cell(0, 6, period, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)
    pairs(pdf, font, _lender_rows(words, loan, borrower, language))
    opening, rows = statement_rows(at, start)
    closing = rows[-1].balance if rows else opening
    pairs(pdf, font, [(words.statement_opening, style.amount(language, opening))])
    pdf.set_font(font, size=9)
    for row in rows:
        # Particulars can be long (a payment's split): a line of its own above the figures.
        pdf.set_font(font, style="B", size=9)
        pdf.cell(
            0,
            5,
            f"{style.day(language, row.on)}  {_particulars(words, row, language)}",
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
        )
        pdf.set_font(font, size=9)
        figures = [
            (words.loan_column_debit, row.debit),
            (words.loan_column_credit, row.credit),
            (words.loan_column_balance, row.balance),
        ]
        pdf.cell(0, 5, "    ".join(f"{label} {style.amount(language, value)}" for label, value in figures))
        pdf.ln(7)
    pairs(pdf, font, [(words.statement_closing, style.amount(language, closing))])
    return bytes(pdf.output())


def render_schedule(loan: Loan, borrower: str, at: Position, language: Language = "en") -> bytes:
    words = texts(language)
    pdf, font = start_document(
        language, words.schedule_title.format(loan=loan.loan_number), words.schedule_heading, at.today
    )
    pairs(pdf, font, _lender_rows(words, loan, borrower, language))
    status_words: dict[str, Any] = {
        "paid": words.instalment_paid,
        "overdue": words.instalment_overdue,
        "due": words.instalment_due,
        "upcoming": words.instalment_upcoming,
    }
    rows = [
        [
            str(s.instalment.number),
            style.day(language, s.instalment.due_on),
            style.amount(language, s.instalment.principal),
            style.amount(language, s.instalment.interest),
            style.amount(language, s.instalment.principal + s.instalment.interest),
            style.amount(language, s.principal_paid + s.interest_paid),
            status_words[instalment_status(s, at.today)],
        ]
        for s in at.instalments
    ]
    header = [
        words.loan_column_number,
        words.loan_column_date,
        words.loan_column_principal,
        words.loan_column_interest,
        words.loan_column_instalment,
        words.loan_column_paid,
        words.loan_column_status,
    ]
    _table(pdf, font, [10, 30, 28, 26, 28, 28, 30], header, rows)
    return bytes(pdf.output())
