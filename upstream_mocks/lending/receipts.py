"""The lender's receipt for a settled repayment, as a PDF (fpdf2), in English or Hindi.

Times are shown in India Standard Time; amounts with Indian grouping as "₹12,450.00" in both
languages: the receipt embeds Noto fonts in English too (upstream_mocks/pdf_fonts.py), so the
rupee sign is drawn as the app shows it. It names the lender (the regulated entity) with its
RBI registration and us (the lending service provider), and how the amount was applied.
"""

from __future__ import annotations

import base64
import re
from datetime import date, datetime
from decimal import Decimal

import msgspec
from anyio import to_thread
from fpdf.enums import XPos, YPos

from upstream_mocks.ist import IST
from upstream_mocks.loopback import loopback_client
from upstream_mocks.money import rupees_text
from upstream_mocks.pdf_fonts import new_pdf
from upstream_mocks.texts import Language, style, texts
from upstream_mocks.world import MockWorld

DATE_ONLY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class ReceiptFacts(msgspec.Struct, kw_only=True, frozen=True):
    receipt_number: str
    borrower_name: str
    mobile_number: str
    loan_account: str
    amount: Decimal
    paid_at: str  # ISO 8601: a moment, or a date alone when the lender knows only the day
    provider_reference: str
    order_id: str
    remaining_after: Decimal
    lender_name: str | None
    lender_registration: str | None
    lsp_name: str
    charges: Decimal
    interest: Decimal
    principal: Decimal
    refunded: Decimal = Decimal("0.00")  # beyond everything owed: given back to the payer


def paid_on(language: Language, paid_at: str) -> str:
    """The moment it was paid, or its day alone when that is all the lender knows."""
    if DATE_ONLY.fullmatch(paid_at):
        return style.day(language, date.fromisoformat(paid_at))
    return style.moment(language, paid_at)


def render_receipt(facts: ReceiptFacts, language: Language = "en") -> bytes:
    words = texts(language)
    pdf, font = new_pdf(language, rupee_sign=True)
    pdf.set_title(words.receipt_title.format(number=facts.receipt_number))
    paid = datetime.fromisoformat(facts.paid_at)
    if paid.tzinfo is None:  # a date alone: its day in India
        paid = paid.replace(tzinfo=IST)
    pdf.set_creation_date(paid)  # the same receipt is the same file
    pdf.add_page()
    pdf.set_font(font, style="B", size=16)
    pdf.cell(0, 10, words.receipt_heading, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(font, size=10)
    pdf.cell(0, 6, words.receipt_number.format(number=facts.receipt_number), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(4)
    rows = [
        *([(words.receipt_lender, facts.lender_name)] if facts.lender_name else []),
        *([(words.receipt_lender_registration, facts.lender_registration)] if facts.lender_registration else []),
        (words.receipt_arranged_by, facts.lsp_name),
        (words.receipt_borrower, facts.borrower_name),
        (words.receipt_mobile, f"+91 {facts.mobile_number}"),
        (words.receipt_loan_account, facts.loan_account),
        (words.receipt_amount_paid, rupees_text(facts.amount)),
        (words.receipt_to_charges, rupees_text(facts.charges)),
        (words.receipt_to_interest, rupees_text(facts.interest)),
        (words.receipt_to_principal, rupees_text(facts.principal)),
        *([(words.receipt_refunded, rupees_text(facts.refunded))] if facts.refunded else []),
        (words.receipt_paid_on, paid_on(language, facts.paid_at)),
        (words.receipt_method, words.receipt_method_online),
        (words.receipt_payment_reference, facts.provider_reference),
        (words.receipt_order, facts.order_id),
        (words.receipt_remaining_balance, rupees_text(facts.remaining_after)),
    ]
    for label, value in rows:
        pdf.set_font(font, style="B", size=11)
        pdf.cell(60, 8, label)
        pdf.set_font(font, size=11)
        pdf.cell(0, 8, value, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(6)
    pdf.set_font(font, size=9)
    pdf.multi_cell(0, 5, words.receipt_confirmation)
    return bytes(pdf.output())


async def mail_receipt(world: MockWorld, facts: ReceiptFacts, email: str, language: Language = "en") -> None:
    """Through the mail service, as a lender's own service sends its receipts (ours and the
    Fineract lender's companion alike)."""
    words = texts(language)
    pdf = await to_thread.run_sync(render_receipt, facts, language)  # CPU work, off the event loop
    body = {
        "email": email,
        "subject": words.receipt_mail_subject,
        "message": words.receipt_mail_message.format(amount=rupees_text(facts.amount), receipt=facts.receipt_number),
        "attachment": {
            "filename": f"receipt-{facts.receipt_number}.pdf",
            "contentType": "application/pdf",
            "content": base64.b64encode(pdf).decode(),
        },
    }
    async with loopback_client(world) as client:
        await client.post(f"{world.settings.origin}/_mocks/mail/website/sendReceiptMail", json=body)
