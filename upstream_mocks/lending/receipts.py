"""The lender's receipt for a settled repayment, as a PDF (fpdf2).

Times are shown in India Standard Time; amounts as "Rs. 12,450.00" with Indian grouping (the
PDF's built-in fonts have no rupee sign, and embedding a font file is not worth it here).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import msgspec
from fpdf import FPDF
from fpdf.enums import XPos, YPos

from upstream_mocks.ist import as_ist
from upstream_mocks.money import as_rupees


class ReceiptFacts(msgspec.Struct, kw_only=True, frozen=True):
    receipt_number: str
    borrower_name: str
    mobile_number: str
    loan_account: str
    amount: Decimal
    paid_at: str  # ISO 8601
    provider_reference: str
    order_id: str
    remaining_after: Decimal


def render_receipt(facts: ReceiptFacts) -> bytes:
    pdf = FPDF(format="A4")
    pdf.set_title(f"Payment receipt {facts.receipt_number}")
    pdf.set_creation_date(datetime.fromisoformat(facts.paid_at))  # the same receipt is the same file
    pdf.add_page()
    pdf.set_font("Helvetica", style="B", size=16)
    pdf.cell(0, 10, "Payment receipt", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", size=10)
    pdf.cell(0, 6, f"Receipt {facts.receipt_number}", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(4)
    rows = [
        ("Borrower", facts.borrower_name),
        ("Mobile", f"+91 {facts.mobile_number}"),
        ("Loan account", facts.loan_account),
        ("Amount paid", as_rupees(facts.amount)),
        ("Paid on", as_ist(facts.paid_at)),
        ("Payment reference", facts.provider_reference),
        ("Order", facts.order_id),
        ("Remaining balance", as_rupees(facts.remaining_after)),
    ]
    for label, value in rows:
        pdf.set_font("Helvetica", style="B", size=11)
        pdf.cell(45, 8, label)
        pdf.set_font("Helvetica", size=11)
        pdf.cell(0, 8, value, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(6)
    pdf.set_font("Helvetica", size=9)
    pdf.multi_cell(0, 5, "This receipt confirms that the payment above was received and applied to the loan account.")
    return bytes(pdf.output())
