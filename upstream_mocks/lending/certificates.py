"""The no-dues (no-objection) certificate of a credit line or a term loan once it is closed, as a
PDF in English or Hindi: the same fonts and shaping as the loan documents (loan_documents.py); a
line's is mailed to the borrower through the mail service when the lender has an e-mail, as a
receipt is."""

from __future__ import annotations

import base64
from datetime import date
from decimal import Decimal

from anyio import to_thread

from upstream_mocks.lending.credit_lines import CreditLine
from upstream_mocks.lending.loan_documents import pairs, section, start_document
from upstream_mocks.lending.loan_seed import LSP
from upstream_mocks.lending.loans import Lender, Loan
from upstream_mocks.loopback import loopback_client
from upstream_mocks.pdf_fonts import printable
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.world import MockWorld


def render_certificate(line: CreditLine, borrower: str, language: Language = "en") -> bytes:
    words = texts(language)
    assert line.ended_on is not None  # only a closed line has one
    lender = line.offer.product.lender
    pdf, font = start_document(
        language, words.noc_title.format(line=line.line_number), words.noc_heading, line.ended_on
    )
    settled = line.settlement.amount if line.settlement is not None else None
    rows = [
        *parties(language, line.line_number, borrower, lender),
        (words.noc_opened_on, style.day(language, line.accepted_on)),
        (words.noc_closed_on, style.day(language, line.ended_on)),
        (words.noc_closed_by, words.noc_by_exit if line.ended_by == "coolingOffExit" else words.noc_by_foreclosure),
    ]
    if settled is not None:
        rows.append((words.noc_settled, style.amount(language, settled)))
    pairs(pdf, font, rows)
    section(
        pdf, font, words.noc_statement_heading, words.noc_statement.format(line=line.line_number, lender=lender.name)
    )
    return bytes(pdf.output())


def parties(language: Language, account: str, borrower: str, lender: Lender) -> list[tuple[str, str]]:
    """The account, the borrower, the lender (its name and RBI registration) and us."""
    words = texts(language)
    regulated = words.loan_lender_regulated.format(
        name=lender.name, registration=lender.registration, website=lender.website
    )
    return [
        (words.loan_account, account),
        (words.loan_borrower, printable(language, borrower)),
        (words.loan_lender, regulated),
        (words.loan_lsp, LSP),
    ]


def render_loan_certificate(
    loan: Loan, borrower: str, closed_on: date, foreclosed_with: Decimal | None, language: Language = "en"
) -> bytes:
    """A closed term loan's certificate: repaid instalment by instalment, or foreclosed with an amount."""
    words = texts(language)
    pdf, font = start_document(
        language, words.noc_loan_title.format(loan=loan.loan_number), words.noc_heading, closed_on
    )
    rows = [
        *parties(language, loan.loan_number, borrower, loan.lender),
        (words.kfs_sanctioned, style.amount(language, loan.sanctioned)),
        (words.noc_disbursed_on, style.day(language, loan.disbursed_on)),
        (words.noc_closed_on, style.day(language, closed_on)),
        (words.noc_closed_by, words.noc_by_foreclosure if foreclosed_with is not None else words.noc_by_instalments),
    ]
    if foreclosed_with is not None:
        rows.append((words.noc_settled, style.amount(language, foreclosed_with)))
    pairs(pdf, font, rows)
    section(
        pdf,
        font,
        words.noc_statement_heading,
        words.noc_loan_statement.format(loan=loan.loan_number, lender=loan.lender.name),
    )
    return bytes(pdf.output())


async def mail_certificate(world: MockWorld, email: str, line: CreditLine, borrower: str, language: Language) -> None:
    """Send the certificate through the mail service, as the lender's own service would."""
    words = texts(language)
    pdf = await to_thread.run_sync(render_certificate, line, borrower, language)  # CPU work, off the event loop
    body = {
        "email": email,
        "subject": words.noc_mail_subject,
        "message": words.noc_mail_message.format(line=line.line_number),
        "attachment": {
            "filename": f"no-dues-{line.line_number}-{language}.pdf",
            "contentType": "application/pdf",
            "content": base64.b64encode(pdf).decode(),
        },
    }
    async with loopback_client(world) as client:
        await client.post(f"{world.settings.origin}/_mocks/mail/website/sendReceiptMail", json=body)
