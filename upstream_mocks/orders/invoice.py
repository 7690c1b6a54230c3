"""The GST documents of a store order, as PDFs (fpdf2): the tax invoice and its credit note.

Seller and buyer (with GSTINs), place of supply, one row per goods line and fee with HSN/SAC
code, rate and the tax split (CGST+SGST within the seller's state, IGST across states), totals
in figures and in words. Amounts as "Rs. 1,23,456.78" and times in IST, as on the lender's
receipts. A credit note carries the same rows as credited amounts, with its own number, the
invoice it credits (number and date) and the reason.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from fpdf import FPDF
from fpdf.enums import XPos, YPos

from upstream_mocks.ist import as_ist
from upstream_mocks.money import as_rupees, in_words, indian_grouping
from upstream_mocks.orders.gst import invoice_figures
from upstream_mocks.orders.records import Order

PAYMENT_WORDS = {
    "online": "Paid online",
    "cod": "Cash on delivery",
    "credit": "On credit, owed to the lender in 30 days",
}


def _text(value: str) -> str:
    # The PDF's built-in fonts are Latin-1; anything else (a name typed in Devanagari) prints as '?'.
    return value.encode("latin-1", "replace").decode("latin-1")


def _rate(rate: Decimal) -> str:
    return f"{rate.normalize():f}%"


def invoice_filename(order: Order) -> str:
    return f"invoice-{order.order_number}.pdf"


def credit_note_filename(order: Order) -> str:
    return f"credit-note-{order.order_number}.pdf"


def render_invoice(order: Order) -> bytes:
    if order.invoice is None:
        raise ValueError(f"order {order.order_number} has no invoice yet")
    invoice = order.invoice
    return _render(
        order,
        title=f"Tax invoice {invoice.number}",
        created=invoice.issued_at,  # the same invoice is the same file
        heading="Tax Invoice",
        references=[f"Invoice number: {invoice.number}    Invoice date: {as_ist(invoice.issued_at)}"],
        total_label="Invoice total",
        closing=[
            f"Payment: {PAYMENT_WORDS[order.payment.method]}. Prices include GST.",
            "Tax is not payable on reverse charge basis.",
        ],
        generated="This is a computer-generated invoice and needs no signature.",
    )


def render_credit_note(order: Order) -> bytes:
    if order.credit_note is None or order.invoice is None:
        raise ValueError(f"order {order.order_number} has no credit note")
    note, invoice = order.credit_note, order.invoice
    return _render(
        order,
        title=f"Credit note {note.number}",
        created=note.issued_at,
        heading="Credit Note",
        references=[
            f"Credit note number: {note.number}    Credit note date: {as_ist(note.issued_at)}",
            f"Against tax invoice: {invoice.number}    Invoice date: {as_ist(invoice.issued_at)}",
            f"Reason: {note.reason}",
        ],
        total_label="Credit note total",
        closing=[
            f"Every row above is credited in full against tax invoice {invoice.number}. Prices include GST.",
            "Tax is not payable on reverse charge basis.",
        ],
        generated="This is a computer-generated credit note and needs no signature.",
    )


def _render(
    order: Order,
    *,
    title: str,
    created: datetime,
    heading: str,
    references: list[str],
    total_label: str,
    closing: list[str],
    generated: str,
) -> bytes:
    figures = invoice_figures(order)
    pdf = FPDF(format="A4")
    pdf.set_title(title)
    pdf.set_creation_date(created)
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()

    def line(text: str, size: float = 9, style: str = "") -> None:
        pdf.set_font("Helvetica", style=style, size=size)
        pdf.multi_cell(0, size * 0.5, _text(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    line(heading, 16, "B")
    for reference in references:
        line(reference)
    line(f"Order number: {order.order_number}    Order date: {as_ist(order.created_at)}")
    line(f"Place of supply: {order.address.state}")
    pdf.ln(3)
    seller = order.seller
    line("Sold by", 10, "B")
    line(seller.name)
    line(seller.address)
    line(f"GSTIN: {seller.gstin}    State: {seller.state}")
    pdf.ln(2)
    address = order.address
    where = ", ".join(p for p in (address.address1, address.address2, address.city, address.state) if p)
    line("Billed to", 10, "B")
    if order.business is not None:
        line(order.business.legal_name)
        line(f"GSTIN: {order.business.gstin}")
    else:
        line(address.name)
    line(f"Ship to: {address.name}, {where} {address.pincode}, +91 {address.mobile_number}")
    pdf.ln(3)

    tax_heads = ["CGST", "SGST"] if figures.intra_state else ["IGST"]
    heads = ["#", "Item", "HSN/SAC", "Qty", "Unit price", "Taxable", "GST %", *tax_heads, "Amount"]
    widths = (6, 54, 16, 9, 19, 20, 12, *((18, 18) if figures.intra_state else (36,)), 22)
    pdf.set_font("Helvetica", size=8)
    with pdf.table(col_widths=widths, text_align="RIGHT", line_height=5, first_row_as_headings=True) as table:
        table.row(heads)
        for number, item in enumerate(figures.lines, start=1):
            taxes = [item.tax.cgst, item.tax.sgst] if figures.intra_state else [item.tax.igst]
            table.row(
                [
                    str(number),
                    _text(item.description),
                    item.code,
                    str(item.quantity),
                    indian_grouping(item.unit_price),
                    indian_grouping(item.taxable),
                    _rate(item.gst_rate),
                    *(indian_grouping(t) for t in taxes),
                    indian_grouping(item.total),
                ]
            )
    pdf.ln(3)
    totals = [("Taxable value", figures.taxable)]
    totals += [("CGST", figures.cgst), ("SGST", figures.sgst)] if figures.intra_state else [("IGST", figures.igst)]
    totals += [(total_label, figures.total)]
    for label, amount in totals:
        pdf.set_font("Helvetica", style="B" if label == total_label else "", size=10)
        pdf.cell(150, 6, label, align="R")
        pdf.cell(0, 6, as_rupees(amount), align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)
    line(f"Amount in words: {in_words(figures.total)}", 9, "B")
    pdf.ln(2)
    for words in closing:
        line(words)
    line(generated, 8)
    return bytes(pdf.output())
